import { useTranslation } from "react-i18next";
import { DateInput } from "#app/components/ui/date-input";
import { Field, SelectField, TextAreaField, FieldRow } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import { DISCOUNT_TYPES } from "#shared/promotions";

export const PROMO_NS = "admin-promo-codes";

/** A stored code as the edit form starts from it (a fixed discount in major units). */
export type PromoFormValues = {
  code: string;
  discountType: string;
  discountValue: string;
  expiresAt: string | null;
  maxUses: number;
  isActive: boolean;
  note: string | null;
};

/** The fields of the create and edit forms (inside a FormDisclosure, which gives the intent and the submit). */
export function PromoCodeFields({ start, failure, currency }: { start: PromoFormValues | null; failure?: FormFailure; currency: string }) {
  const { t } = useTranslation([PROMO_NS, "promotions"]);
  const typed = failure?.values;
  const errors = failure?.fieldErrors ?? {};
  const value = (name: keyof PromoFormValues, stored: unknown) => typed?.[name] ?? (stored == null ? "" : String(stored));
  const active = typed ? typed.isActive === "on" : (start?.isActive ?? true);
  return (
    <>
      <Field
        label={t("form.code")}
        name="code"
        required
        maxLength={32}
        pattern="[A-Za-z0-9][A-Za-z0-9_\-]{2,31}"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t("form.codeHint")}
        defaultValue={value("code", start?.code)}
        error={errors.code}
      />
      <FieldRow>
        <SelectField
          label={t("form.discountType")}
          name="discountType"
          defaultValue={value("discountType", start?.discountType ?? "percentage")}
          error={errors.discountType}
        >
          {DISCOUNT_TYPES.map((d) => (
            <option key={d} value={d}>
              {t(`promotions:labels.discountType.${d}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("form.discountValue")}
          name="discountValue"
          required
          inputMode="decimal"
          maxLength={12}
          hint={t("form.discountValueHint", { currency })}
          defaultValue={value("discountValue", start?.discountValue)}
          error={errors.discountValue}
        />
      </FieldRow>
      <DateInput
        name="expiresAt"
        label={t("form.expiresAt")}
        hint={t("form.expiresAtHint")}
        defaultValue={start?.expiresAt ?? null}
        values={typed}
        error={errors.expiresAt}
      />
      <Field
        label={t("form.maxUses")}
        name="maxUses"
        type="number"
        min={0}
        max={1000000}
        step={1}
        inputMode="numeric"
        hint={t("form.maxUsesHint")}
        defaultValue={value("maxUses", start?.maxUses ?? 0)}
        error={errors.maxUses}
        errorValues={failure?.formErrorValues}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
        <input type="checkbox" name="isActive" defaultChecked={active} className="size-5" />
        {t("form.isActive")}
      </label>
      <TextAreaField
        label={t("form.note")}
        name="note"
        rows={2}
        maxLength={500}
        hint={t("form.noteHint")}
        defaultValue={value("note", start?.note)}
        error={errors.note}
      />
    </>
  );
}
