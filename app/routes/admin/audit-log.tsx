import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { adminPage, orRefused, searchParamsOf } from "~/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, EmptyState, NOINDEX, Pagination, useDateFormat } from "~/features/admin/ui";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/audit-log";

export const handle = { i18n: ["admin"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const audit = await orRefused(context, request, admin.listAudit(actor, searchParamsOf(request)));
  return { seo: seo("audit.title"), audit };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

/** Details as short "key: value" pairs (the role granted, a flag…), never as raw JSON. */
function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (!entries.length) return null;
  return (
    <ul className="text-xs text-muted-foreground">
      {entries.map(([k, v]) => (
        <li key={k}>
          {k}: {typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v)}
        </li>
      ))}
    </ul>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { dateTime } = useDateFormat();
  const location = useLocation();
  const { audit } = loaderData;
  const f = audit.filters;
  const filtered = !!(f.action || f.actor || f.target);
  return (
    <>
      <AdminHeading title={t("audit.title")}>{t("audit.lead")}</AdminHeading>
      <Form method="get" action={location.pathname} role="search" aria-label={t("audit.filters")} className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <div className="space-y-1.5">
          <label htmlFor="audit-action" className="block text-sm font-semibold">{t("audit.action")}</label>
          <select id="audit-action" name="action" defaultValue={f.action} className="input">
            <option value="">{t("audit.allActions")}</option>
            {audit.actions.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`, { defaultValue: a })}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-actor" className="block text-sm font-semibold">{t("audit.actor")}</label>
          <input id="audit-actor" name="actor" type="search" defaultValue={f.actor} className="input" />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-target" className="block text-sm font-semibold">{t("audit.target")}</label>
          <input id="audit-target" name="target" type="search" defaultValue={f.target} className="input" />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary">{t("audit.apply")}</button>
          {filtered ? (
            <Link to={location.pathname} className="btn btn-ghost">
              {t("audit.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      {audit.items.length === 0 ? (
        <EmptyState>{filtered ? t("audit.noResults") : t("audit.empty")}</EmptyState>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("audit.tableCaption")}</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="p-3">{t("audit.when")}</th>
                <th scope="col" className="p-3">{t("audit.actor")}</th>
                <th scope="col" className="p-3">{t("audit.action")}</th>
                <th scope="col" className="p-3">{t("audit.target")}</th>
                <th scope="col" className="p-3">{t("audit.reasonDetails")}</th>
              </tr>
            </thead>
            <tbody>
              {audit.items.map((r) => (
                <tr key={r.id} className="border-b border-border align-top last:border-0">
                  <th scope="row" className="whitespace-nowrap p-3 text-left font-normal">{dateTime(r.createdAt)}</th>
                  <td className="p-3">{r.actorName}</td>
                  <td className="p-3">
                    {t(`audit.actions.${r.action}`, { defaultValue: r.action })}
                    <div className="text-xs text-muted-foreground">{r.action}</div>
                  </td>
                  <td className="p-3">
                    {r.targetName ?? r.targetId}
                    <div className="text-xs text-muted-foreground">{t(`audit.targetTypes.${r.targetType}`, { defaultValue: r.targetType })}</div>
                  </td>
                  <td className="p-3">
                    {r.reason ? <p className="whitespace-pre-line">{r.reason}</p> : null}
                    <Details details={r.details} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={audit.page} pageCount={audit.pageCount} total={audit.total} />
    </>
  );
}
