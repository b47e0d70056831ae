import { useTranslation } from "react-i18next";
import type { FeatureType } from "#shared/promotions";
import { formatMoney } from "./money";
import { NS } from "./ns";

export type OfferView = { currency: string; features: { type: FeatureType; priceMinor: number; durationDays: number }[] };

/** The promotion offer: what each feature type gives, for how many days, at what price. */
export function OfferCards({ offer }: { offer: OfferView }) {
  const { t, i18n } = useTranslation([NS, "promotions"]);
  return (
    <section aria-labelledby="offer-title" className="space-y-4">
      <h2 id="offer-title" className="text-2xl font-bold">
        {t("offer.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {offer.features.map((f) => (
          <li key={f.type} className="card flex flex-col gap-2 p-4">
            <h3 className="text-lg font-bold">{t(`promotions:labels.featureType.${f.type}`)}</h3>
            <p className="text-sm text-muted-foreground">{t(`promotions:labels.featureTypeHint.${f.type}`)}</p>
            <p className="mt-auto">
              <span className="text-2xl font-black" data-testid={`price-${f.type}`}>
                {formatMoney(f.priceMinor, offer.currency, i18n.language)}
              </span>{" "}
              <span className="text-sm text-muted-foreground">{t("offer.forDays", { count: f.durationDays })}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        {t("offer.sponsoredNote")} {t("offer.reviewNote")}
      </p>
    </section>
  );
}
