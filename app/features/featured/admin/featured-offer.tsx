import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, SelectField, SubmitButton } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import { CURRENCIES, FEATURE_DURATION_MAX_DAYS, FEATURE_DURATION_MIN_DAYS, FEATURE_TYPES, type FeaturedOffer } from "#shared/promotions";

const major = (minor: number, currency: string) => (minor / 10 ** (CURRENCIES[currency as keyof typeof CURRENCIES] ?? 2)).toFixed(2);

/** The promotion offer (Admins): prices in major units, durations, currency and homepage slots. */
export function OfferForm({ offer, failure }: { offer: FeaturedOffer; failure?: FormFailure }) {
  const { t } = useTranslation("admin-featured");
  const failed = failure?.values.intent === "offer" ? failure : undefined;
  const v = (name: string, fallback: string) => failed?.values[name] ?? fallback;
  return (
    <Form method="post" className="card max-w-2xl space-y-4 p-4">
      <p className="text-sm text-muted-foreground">{t("offer.lead")}</p>
      <input type="hidden" name="intent" value="offer" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("offer.currency")}
          name="currency"
          defaultValue={v("currency", offer.currency)}
          error={failed?.fieldErrors.currency}
        >
          {Object.keys(CURRENCIES).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("offer.slots")}
          name="homepageSlots"
          type="number"
          min={1}
          max={12}
          required
          defaultValue={v("homepageSlots", String(offer.homepageSlots))}
          hint={t("offer.slotsHint")}
          error={failed?.fieldErrors.homepageSlots}
        />
      </div>
      {FEATURE_TYPES.map((ft) => {
        const type = t(`promotions:labels.featureType.${ft}`);
        return (
          <fieldset key={ft} className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">{type}</legend>
            <Field
              label={t("offer.price", { type })}
              name={`price_${ft}`}
              inputMode="decimal"
              required
              maxLength={9}
              defaultValue={v(`price_${ft}`, major(offer.offers[ft].priceMinor, offer.currency))}
              hint={t("offer.priceHint")}
              error={failed?.fieldErrors[`price_${ft}`]}
            />
            <Field
              label={t("offer.duration", { type })}
              name={`duration_${ft}`}
              type="number"
              min={FEATURE_DURATION_MIN_DAYS}
              max={FEATURE_DURATION_MAX_DAYS}
              required
              defaultValue={v(`duration_${ft}`, String(offer.offers[ft].durationDays))}
              error={failed?.fieldErrors[`duration_${ft}`]}
            />
          </fieldset>
        );
      })}
      <SubmitButton>{t("offer.submit")}</SubmitButton>
    </Form>
  );
}
