import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FormAlert, TextAreaField } from "#app/components/ui/form-field";
import { FormGuardFields } from "#app/components/ui/form-guard-fields";
import { JOB_LIMITS, RESUME_MAX_BYTES } from "#shared/jobs";
import type { ApplyFailure } from "./apply.server";

const MB = 1024 * 1024;

/**
 * The application form of an open offer (SPEC §3 Application): a real multipart form that works without
 * JavaScript, with the spam checks' fields. A refused submit shows every field as typed, and a resume already
 * taken is kept (named by its token) so it need not be chosen again.
 */
export function ApplyForm({ offerId, ticket, failure }: { offerId: string; ticket: string; failure?: ApplyFailure }) {
  const { t } = useTranslation(["jobs", "errors"]);
  const typed = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const kept = failure?.resumeToken ? { token: failure.resumeToken, name: failure.resumeName || t("apply.resumeKeptUnnamed") } : null;
  return (
    <Form method="post" encType="multipart/form-data" className="card space-y-6 p-4 sm:p-6" aria-labelledby="apply-heading" noValidate>
      <h2 id="apply-heading" className="text-2xl font-bold">
        {t("apply.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("apply.lead")}</p>
      {failure ? <FormAlert message={failure.formError} values={failure.formErrorValues} /> : null}
      <FormGuardFields ticket={ticket} />
      <Field
        label={t("apply.name")}
        name="name"
        autoComplete="name"
        required
        maxLength={JOB_LIMITS.nameMax}
        defaultValue={typed.name ?? ""}
        error={errors.name}
      />
      <Field
        label={t("apply.email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={JOB_LIMITS.emailMax}
        defaultValue={typed.email ?? ""}
        error={errors.email}
        hint={t("apply.emailHint")}
      />
      <TextAreaField
        label={t("apply.message")}
        name="message"
        required
        rows={5}
        maxLength={JOB_LIMITS.messageMax}
        defaultValue={typed.message ?? ""}
        error={errors.message}
        hint={t("apply.messageHint", { max: JOB_LIMITS.messageMax })}
      />
      <TextAreaField
        label={t("apply.experience")}
        name="experience"
        required
        rows={4}
        maxLength={JOB_LIMITS.experienceMax}
        defaultValue={typed.experience ?? ""}
        error={errors.experience}
        hint={t("apply.experienceHint")}
      />
      <Field
        label={t("apply.portfolio")}
        name="portfolioUrl"
        type="url"
        inputMode="url"
        autoComplete="url"
        maxLength={JOB_LIMITS.portfolioMax}
        defaultValue={typed.portfolioUrl ?? ""}
        error={errors.portfolioUrl}
        hint={t("apply.portfolioHint")}
      />
      {kept ? (
        <>
          <input type="hidden" name="resumeToken" value={kept.token} />
          <input type="hidden" name="resumeName" value={kept.name} />
        </>
      ) : null}
      <FileInput
        label={t("apply.resume")}
        name="resume"
        accept="application/pdf,.pdf"
        error={errors.resume}
        errorValues={{ max: RESUME_MAX_BYTES / MB }}
        hint={kept ? t("apply.resumeKept", { name: kept.name }) : t("apply.resumeHint", { max: RESUME_MAX_BYTES / MB })}
      />
      <button type="submit" className="btn btn-primary min-h-11" data-track-event="job_apply_click" data-track-id={offerId}>
        {t("apply.submit")}
      </button>
    </Form>
  );
}
