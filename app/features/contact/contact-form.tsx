import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, FieldRow, FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { FormGuardFields } from "#app/components/ui/form-guard-fields";
import type { FormFailure } from "#app/lib/form";
import { CONTACT_LIMITS, INQUIRY_TYPES } from "#shared/contact";

export type ContactStart = { name: string; email: string };

/**
 * /contact's form (SPEC §3 Contact message): name, email, company (optional), the inquiry type as two large
 * choices, and the message; GOV.UK order, every limit said in the hint. A refused send shows its message above and
 * beside each field, with everything typed kept.
 */
export function ContactForm({ ticket, start, failure }: { ticket: string; start: ContactStart; failure?: FormFailure }) {
  const { t } = useTranslation("contact");
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const chosen = values.inquiryType ?? "";
  const typeError = errors.inquiryType;
  return (
    <Form method="post" className="space-y-6">
      <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
      <FormGuardFields ticket={ticket} />
      <FieldRow>
        <Field
          label={t("form.name")}
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.nameMax}
          defaultValue={values.name ?? start.name}
          error={errors.name}
          errorValues={{ max: CONTACT_LIMITS.nameMax }}
        />
        <Field
          label={t("form.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.emailMax}
          defaultValue={values.email ?? start.email}
          error={errors.email}
          errorValues={{ max: CONTACT_LIMITS.emailMax }}
        />
      </FieldRow>
      <Field
        label={t("form.company")}
        hint={t("form.companyHint")}
        name="company"
        autoComplete="organization"
        maxLength={CONTACT_LIMITS.companyMax}
        defaultValue={values.company ?? ""}
        error={errors.company}
        errorValues={{ max: CONTACT_LIMITS.companyMax }}
      />
      <fieldset
        className={["space-y-2", typeError ? "field-error" : ""].filter(Boolean).join(" ")}
        aria-describedby={typeError ? "inquiry-type-error" : undefined}
      >
        <legend className="text-sm font-semibold">{t("form.inquiryType")}</legend>
        {typeError ? (
          <p id="inquiry-type-error" className="text-sm font-semibold text-danger">
            {t(typeError)}
          </p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {INQUIRY_TYPES.map((type) => (
            <label
              key={type}
              className="card flex cursor-pointer gap-3 p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-ring"
            >
              <input
                type="radio"
                name="inquiryType"
                value={type}
                required
                defaultChecked={chosen === type}
                className="mt-1 accent-[var(--primary)]"
              />
              <span>
                <span className="block font-semibold">{t(`types.${type}`)}</span>
                <span className="block text-sm text-muted-foreground">{t(`types.${type}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label={t("form.message")}
        hint={t("form.messageHint", { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.messageMax })}
        name="message"
        required
        rows={8}
        minLength={CONTACT_LIMITS.messageMin}
        maxLength={CONTACT_LIMITS.messageMax}
        defaultValue={values.message ?? ""}
        error={errors.message}
        errorValues={{ min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.messageMax }}
      />
      <p className="text-sm text-muted-foreground">{t("form.privacy")}</p>
      <SubmitButton className="btn btn-primary btn-lg" pendingLabel={t("form.sending")}>
        {t("form.send")}
      </SubmitButton>
    </Form>
  );
}
