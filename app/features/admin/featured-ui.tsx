import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { CURRENCIES } from "#shared/promotions";

/** An amount in minor units in the reader's language ("49,00 €"). */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const digits = CURRENCIES[currency as keyof typeof CURRENCIES] ?? 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits }).format(amountMinor / 10 ** digits);
}

/** A row of filter links that keep the tab (`?tab=…&status=…`), the current one marked. */
export function StatusFilter({
  label,
  tab,
  current,
  values,
  labelOf,
  allLabel,
}: {
  label: string;
  tab: string;
  current: string | null;
  values: readonly string[];
  labelOf: (v: string) => string;
  allLabel: string;
}) {
  const location = useLocation();
  const href = (status: string | null) => `${location.pathname}?tab=${tab}${status ? `&status=${status}` : ""}`;
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {[null, ...values].map((s) => (
          <li key={s ?? "all"}>
            <Link
              to={href(s)}
              aria-current={current === s ? "page" : undefined}
              className={`btn ${current === s ? "btn-primary" : "btn-outline"} text-sm`}
            >
              {s ? labelOf(s) : allLabel}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const FEATURED_TABS = ["queue", "games", "offer"] as const;
export type FeaturedTab = (typeof FEATURED_TABS)[number];

/** The tab's sections as links (`?tab=`), the current one marked; the offer only for those who manage it. */
export function FeaturedTabs({ tab, offer }: { tab: FeaturedTab; offer: boolean }) {
  const { t } = useTranslation("admin-featured");
  const location = useLocation();
  return (
    <nav aria-label={t("tabs.label")} className="mb-6">
      <ul className="tabs">
        {FEATURED_TABS.filter((k) => k !== "offer" || offer).map((k) => (
          <li key={k} className="shrink-0">
            <Link to={`${location.pathname}?tab=${k}`} className="tab" aria-current={tab === k ? "page" : undefined}>
              {t(`tabs.${k}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
