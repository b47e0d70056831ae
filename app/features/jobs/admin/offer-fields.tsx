import { useTranslation } from "react-i18next";
import { Field, FieldRow, TextAreaField } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import { JOB_LIMITS } from "#shared/jobs";

export type OfferStart = { titleEs: string; titleEn: string; descriptionEs: string; descriptionEn: string };

/** An offer's four texts: its title and description (Markdown) in Spanish and in English. */
export function OfferFields({ start, failure }: { start: OfferStart | null; failure?: FormFailure }) {
  const { t } = useTranslation("jobs");
  const errors = failure?.fieldErrors ?? {};
  const value = (k: keyof OfferStart) => failure?.values[k] ?? start?.[k] ?? "";
  return (
    <>
      <FieldRow>
        <Field
          label={t("admin.fields.titleEs")}
          name="titleEs"
          lang="es"
          required
          maxLength={JOB_LIMITS.titleMax}
          defaultValue={value("titleEs")}
          error={errors.titleEs}
        />
        <Field
          label={t("admin.fields.titleEn")}
          name="titleEn"
          lang="en"
          required
          maxLength={JOB_LIMITS.titleMax}
          defaultValue={value("titleEn")}
          error={errors.titleEn}
        />
      </FieldRow>
      <TextAreaField
        label={t("admin.fields.descriptionEs")}
        name="descriptionEs"
        lang="es"
        required
        rows={8}
        maxLength={JOB_LIMITS.descriptionMax}
        defaultValue={value("descriptionEs")}
        error={errors.descriptionEs}
        hint={t("admin.fields.markdownHint")}
      />
      <TextAreaField
        label={t("admin.fields.descriptionEn")}
        name="descriptionEn"
        lang="en"
        required
        rows={8}
        maxLength={JOB_LIMITS.descriptionMax}
        defaultValue={value("descriptionEn")}
        error={errors.descriptionEn}
        hint={t("admin.fields.markdownHint")}
      />
    </>
  );
}
