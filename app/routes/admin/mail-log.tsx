import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/ui/form-field";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { Badge } from "#app/components/ui/badge";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/mail-log";
import { TableFrame } from "#app/components/ui/table";
import { useHrefWith } from "#app/lib/use-href-with";

export const handle = { i18n: ["admin"] };

const STATUSES = ["queued", "sent", "failed", "stored"] as const;
const tone = { sent: "positive", failed: "danger", queued: "neutral", stored: "info" } as const;

/** Admin only (messages hold sign-in links and codes): the operations refuse anyone else with a 403. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const params = searchParamsOf(request);
  const mail = await orRefused(context, request, admin.listMail(actor, params));
  const open = params.id ? await orRefused(context, request, admin.getMail(actor, { id: params.id })) : null;
  return { seo: seo("mail.title"), mail, open, delivers: context.services.mailer.delivers };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, admin } = adminPage(context, request);
  const form = await request.formData();
  if (form.get("intent") !== "retry") return unknownIntent(form);
  try {
    const r = await admin.retryMail(actor, { id: form.get("id") });
    return {
      ok: true,
      message: !r.delivers ? "admin:mail.retryNoSmtp" : r.status === "sent" ? "admin:mail.retrySent" : "admin:mail.retryFailed",
    } satisfies AdminActionResult;
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

function StatusBadge({ status }: { status: (typeof STATUSES)[number] }) {
  const { t } = useTranslation("admin");
  return <Badge tone={tone[status]}>{t(`mail.status.${status}`)}</Badge>;
}

export default function MailLog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { dateTime } = useDateFormat();
  const { mail, open, delivers } = loaderData;
  const hrefWith = useHrefWith();
  const retryForm = (id: number) => (
    <Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <SubmitButton className="btn btn-outline min-h-9 px-3 py-1 text-sm" name="id" value={String(id)} pendingLabel={t("mail.retrying")}>
        {t("mail.retry")}
      </SubmitButton>
    </Form>
  );
  return (
    <>
      <AdminHeading title={t("mail.title")}>
        {t("mail.lead")} {delivers ? t("mail.smtpOn") : t("mail.smtpOff")}
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={actionData as AdminActionResult | undefined} />
      </div>
      <SearchForm label={t("mail.recipientLabel")} name="to" value={mail.to}>
        <div className="space-y-1.5">
          <label htmlFor="mail-status" className="block text-sm font-semibold">
            {t("mail.statusLabel")}
          </label>
          <select id="mail-status" name="status" defaultValue={mail.status ?? ""} className="input">
            <option value="">{t("mail.allStatuses")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`mail.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>

      {open ? (
        <section aria-labelledby="mail-open-heading" className="card mb-6 p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="mail-open-heading" className="text-xl font-bold">
                {open.subject}
              </h2>
              <p className="text-sm text-muted-foreground">
                {t("mail.toLine", { to: open.to, locale: open.locale.toUpperCase(), template: open.template })} · {dateTime(open.createdAt)}
              </p>
              <p className="mt-1">
                <StatusBadge status={open.status} /> {open.error ? <span className="text-sm text-danger">{open.error}</span> : null}
              </p>
            </div>
            <div className="flex gap-2">
              {open.status === "failed" ? retryForm(open.id) : null}
              <Link to={hrefWith({ id: null })} className="btn btn-ghost text-sm">
                {t("mail.close")}
              </Link>
            </div>
          </div>
          <h3 className="mt-4 font-semibold">{t("mail.textVersion")}</h3>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{open.text}</pre>
          <h3 className="mt-4 font-semibold">{t("mail.htmlVersion")}</h3>
          {/* sandbox="" : no scripts, no forms, no same-origin access, links do not navigate this page. */}
          <iframe
            title={t("mail.htmlFrameTitle", { subject: open.subject })}
            sandbox=""
            srcDoc={open.html}
            className="mt-2 h-[32rem] w-full rounded-md border border-border bg-white"
          />
        </section>
      ) : null}

      {mail.items.length === 0 ? (
        <EmptyState>{mail.to || mail.status ? t("mail.noResults") : t("mail.empty")}</EmptyState>
      ) : (
        <TableFrame label={t("mail.tableCaption")}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("mail.tableCaption")}</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="p-3">
                  {t("mail.subject")}
                </th>
                <th scope="col" className="p-3">
                  {t("mail.recipient")}
                </th>
                <th scope="col" className="p-3">
                  {t("mail.statusLabel")}
                </th>
                <th scope="col" className="p-3">
                  {t("mail.created")}
                </th>
                <th scope="col" className="p-3">
                  {t("mail.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {mail.items.map((m) => (
                <tr key={m.id} className="border-b border-border align-top last:border-0">
                  <th scope="row" className="p-3 text-left font-normal">
                    <Link to={hrefWith({ id: String(m.id) })} className="link" aria-current={open?.id === m.id ? "true" : undefined}>
                      {m.subject}
                    </Link>
                    <div className="text-xs text-muted-foreground">
                      {m.template} · {m.locale.toUpperCase()}
                    </div>
                  </th>
                  <td className="p-3 break-all">{m.to}</td>
                  <td className="p-3">
                    <StatusBadge status={m.status} />
                    {m.status === "failed" ? (
                      <div className="mt-1 text-xs text-muted-foreground">{t("mail.attempts", { count: m.attempts })}</div>
                    ) : null}
                  </td>
                  <td className="p-3 whitespace-nowrap">{dateTime(m.createdAt)}</td>
                  <td className="p-3">{m.status === "failed" ? retryForm(m.id) : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <Pagination className="mt-4" page={mail.page} pageCount={mail.pageCount} total={mail.total} />
    </>
  );
}
