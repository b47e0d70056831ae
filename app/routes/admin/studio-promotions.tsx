import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, SelectField, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { DataTable } from "#app/components/ui/table";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { PromotionStatusBadge } from "#app/features/featured/admin/studio-promotions-status";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { EmptyState } from "#app/components/ui/empty-state";
import { useDateFormat } from "#app/lib/use-date-format";
import { formValues, type FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/studio-promotions";

export const handle = { i18n: ["admin", "admin-studio-promotions"] };

const SUBJECT_MAX = 150;
const MESSAGE_MAX = 5000;

/** /admin/studio-promotions: write to the studios that agreed about a featured game; the last 10 sends. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const list = await orRefused(context, request, context.services.promotions.listStudioPromotions(actor));
  return { seo: seo("admin-studio-promotions:title"), list };
}

type Confirm = { ok: true; confirm: true; values: Record<string, string>; gameName: string; recipients: number };

/** `intent=review` checks the mail and asks for confirmation; `intent=send` queues it for every agreeing studio. */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const input = { featuredGameId: form.get("featuredGameId"), subject: form.get("subject"), message: form.get("message") };
  const promotions = context.services.promotions;
  try {
    if (intent === "review") {
      const preview = await promotions.previewStudioPromotion(actor, input);
      return {
        ok: true,
        confirm: true,
        values: { featuredGameId: String(input.featuredGameId), subject: preview.subject, message: preview.message },
        gameName: preview.gameName,
        recipients: preview.recipients,
      } satisfies Confirm;
    }
    // Back from the confirmation to the form, with what was typed.
    if (intent === "edit") return { ok: false, values: formValues(form), fieldErrors: {} } satisfies FormFailure;
    if (intent === "send") {
      const sent = await promotions.sendStudioPromotion(actor, input);
      return {
        ok: true,
        message: "admin-studio-promotions:sent",
        messageValues: { count: sent.recipients, game: sent.gameName },
      } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminStudioPromotions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-studio-promotions");
  const { dateTime } = useDateFormat();
  const { list } = loaderData;
  const answer = actionData as AdminActionResult | Confirm | undefined;
  const confirm = answer && answer.ok && "confirm" in answer ? answer : undefined;
  const result = answer && !(answer.ok && "confirm" in answer) ? (answer as AdminActionResult) : undefined;
  const failed = result && !result.ok ? (result as FormFailure) : undefined;
  const sentOk = result?.ok === true;
  const values = confirm?.values ?? (sentOk ? {} : (failed?.values ?? {}));
  const errors = failed?.fieldErrors ?? {};
  return (
    <>
      <AdminHeading title={t("title")}>
        <p>{t("help")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>

      <section aria-labelledby="write-heading" className="card mb-8 p-5">
        <h2 id="write-heading" className="text-xl font-bold">
          {t("write.heading")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("write.recipients", { count: list.recipients })}</p>
        {confirm ? (
          <div className="mt-4 space-y-3" role="status">
            <p className="font-semibold">{t("confirm.question", { count: confirm.recipients, game: confirm.gameName })}</p>
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="font-semibold">{t("fields.subject")}</dt>
                <dd>{confirm.values.subject}</dd>
              </div>
              <div>
                <dt className="font-semibold">{t("fields.message")}</dt>
                <dd className="whitespace-pre-line break-words">{confirm.values.message}</dd>
              </div>
            </dl>
            <Form method="post" className="flex flex-wrap gap-2">
              {Object.entries(confirm.values).map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
              <SubmitButton name="intent" value="send">
                {t("confirm.send", { count: confirm.recipients })}
              </SubmitButton>
              <button type="submit" name="intent" value="edit" formNoValidate className="btn btn-outline">
                {t("confirm.edit")}
              </button>
            </Form>
          </div>
        ) : list.games.length === 0 ? (
          <EmptyState>{t("write.noGames")}</EmptyState>
        ) : (
          <Form method="post" className="mt-4 max-w-2xl space-y-4" key={sentOk ? "sent" : "form"}>
            <SelectField
              label={t("fields.game")}
              name="featuredGameId"
              defaultValue={values.featuredGameId ?? ""}
              error={errors.featuredGameId}
              required
            >
              <option value="">{t("fields.chooseGame")}</option>
              {list.games.map((g) => (
                <option key={g.id} value={g.id}>
                  {t("fields.gameOption", { game: g.gameName, studio: g.studioName })}
                </option>
              ))}
            </SelectField>
            <Field
              label={t("fields.subject")}
              name="subject"
              defaultValue={values.subject ?? ""}
              maxLength={SUBJECT_MAX}
              error={errors.subject}
              required
            />
            <TextAreaField
              label={t("fields.message")}
              name="message"
              defaultValue={values.message ?? ""}
              maxLength={MESSAGE_MAX}
              rows={8}
              hint={t("fields.messageHint")}
              error={errors.message}
              required
            />
            <SubmitButton name="intent" value="review">
              {t("write.review")}
            </SubmitButton>
          </Form>
        )}
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-3 text-xl font-bold">
          {t("history.heading")}
        </h2>
        {list.history.length === 0 ? (
          <EmptyState>{t("history.empty")}</EmptyState>
        ) : (
          <DataTable caption={t("history.caption")} captionHidden>
            <thead>
              <tr>
                <th scope="col">{t("history.columns.subject")}</th>
                <th scope="col">{t("history.columns.game")}</th>
                <th scope="col">{t("history.columns.status")}</th>
                <th scope="col" className="text-right">
                  {t("history.columns.recipients")}
                </th>
                <th scope="col">{t("history.columns.date")}</th>
                <th scope="col">{t("history.columns.sender")}</th>
              </tr>
            </thead>
            <tbody>
              {list.history.map((h) => (
                <tr key={h.id} data-promotion={h.id}>
                  <th scope="row" className="font-semibold">
                    {h.subject}
                  </th>
                  <td>{h.gameName ?? t("history.gameGone")}</td>
                  <td>
                    <PromotionStatusBadge status={h.status} />
                  </td>
                  <td className="text-right tabular-nums">{h.recipients}</td>
                  <td>{dateTime(h.createdAt)}</td>
                  <td className="break-all">{h.sender ?? t("history.senderGone")}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </>
  );
}
