import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import { JOB_LIMITS } from "#shared/jobs";

type Decision = "accept" | "reject";

/**
 * Accepting and rejecting a pending application, each a form of its own: a checkbox to email the applicant and the
 * message, prefilled in the applicant's language and editable. A refused submit keeps what was typed.
 */
export function DecisionForms({
  applicationId,
  defaults,
  failure,
  can,
}: {
  applicationId: string;
  defaults: { accepted: string; rejected: string };
  failure?: FormFailure;
  can: { accept: boolean; reject: boolean };
}) {
  const { t } = useTranslation("jobs");
  const forms: { intent: Decision; allowed: boolean; start: string }[] = [
    { intent: "accept", allowed: can.accept, start: defaults.accepted },
    { intent: "reject", allowed: can.reject, start: defaults.rejected },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {forms
        .filter((f) => f.allowed)
        .map(({ intent, start }) => {
          const mine = failure && failure.values.intent === intent ? failure : undefined;
          const checkboxId = `send-${intent}`;
          return (
            <Form
              key={intent}
              method="post"
              className="space-y-3 rounded-card border border-border p-4"
              aria-labelledby={`${intent}-title`}
            >
              <h3 id={`${intent}-title`} className="text-lg font-bold">
                {t(`admin.applications.${intent}.title`)}
              </h3>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="applicationId" value={applicationId} />
              <div className="flex items-center gap-2">
                <input
                  id={checkboxId}
                  type="checkbox"
                  name="sendEmail"
                  className="size-5"
                  defaultChecked={mine ? mine.values.sendEmail === "on" : true}
                />
                <label htmlFor={checkboxId}>{t("admin.applications.sendEmail")}</label>
              </div>
              <TextAreaField
                label={t("admin.applications.message")}
                name="message"
                rows={6}
                maxLength={JOB_LIMITS.decisionMessageMax}
                defaultValue={mine?.values.message ?? start}
                error={mine?.fieldErrors.message}
                hint={t("admin.applications.messageHint")}
              />
              <SubmitButton className={intent === "accept" ? "btn btn-primary" : "btn btn-danger"} name="intent" value={intent}>
                {t(`admin.applications.${intent}.submit`)}
              </SubmitButton>
            </Form>
          );
        })}
    </div>
  );
}
