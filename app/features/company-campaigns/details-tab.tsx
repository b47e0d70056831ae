import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { CampaignFields } from "./campaign-form";
import { ConfirmDisclosure, NS } from "./ui";
import { type Result, type ViewOf, failureOf, messageOf } from "./manage-tab-kit";

/** Details: the status buttons the campaign may move to (finishing asks first) and the edit form. */
export function DetailsTab({ view, result }: { view: ViewOf<"details">; result: Result }) {
  const { t } = useTranslation(NS);
  const statusFailed = failureOf(result, "status");
  const updateFailed = failureOf(result, "update");
  const statusDone = messageOf(result, "status");
  const updateDone = messageOf(result, "update");
  return (
    <div className="space-y-10">
      <section aria-labelledby="status-heading" className="space-y-3">
        <h2 id="status-heading" className="text-2xl font-bold">
          {t("manage.details.statusHeading")}
        </h2>
        <div aria-live="polite">
          {statusDone ? (
            <FormAlert
              variant="success"
              message={statusDone.message}
              values={{ status: t(`labels.campaignStatus.${statusDone.values?.status}`) }}
            />
          ) : null}
          {statusFailed ? <FormAlert message={statusFailed.formError} values={statusFailed.formErrorValues} /> : null}
        </div>
        <p>{t("manage.details.current", { status: t(`labels.campaignStatus.${view.status}`) })}</p>
        {view.next.length ? (
          <div className="flex flex-wrap items-start gap-3">
            {view.next.map((s) =>
              s === "finished" ? (
                <ConfirmDisclosure
                  key={s}
                  label={t("manage.details.to.finished")}
                  question={t("manage.details.finishQuestion")}
                  confirmLabel={t("manage.details.finishConfirm")}
                  cancelLabel={t("manage.details.cancel")}
                  intent="status"
                  fields={{ status: "finished" }}
                />
              ) : (
                <Form method="post" key={s}>
                  <input type="hidden" name="status" value={s} />
                  <SubmitButton name="intent" value="status" className={buttonClass(s === "active" ? "primary" : "outline", "sm")}>
                    {t(`manage.details.to.${s}`)}
                  </SubmitButton>
                </Form>
              ),
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="edit-heading" className="max-w-2xl space-y-4">
        <h2 id="edit-heading" className="text-2xl font-bold">
          {t("manage.details.editHeading")}
        </h2>
        {view.status === "finished" ? (
          <p className="text-muted-foreground">{t("manage.details.finishedNote")}</p>
        ) : (
          <Form method="post" className="space-y-6" key={updateDone ? "saved" : "form"}>
            <input type="hidden" name="intent" value="update" />
            <div aria-live="polite">
              {updateDone ? <FormAlert variant="success" message={updateDone.message} /> : null}
              {updateFailed ? <FormAlert message={updateFailed.formError} values={updateFailed.formErrorValues} /> : null}
            </div>
            <CampaignFields games={view.games} campaign={view.campaign} failed={updateFailed} />
            <SubmitButton className="btn btn-primary btn-lg">{t("manage.details.save")}</SubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}
