import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { adminPage, orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, EmptyState, NOINDEX, Pagination, useDateFormat } from "#app/features/admin/ui";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/audit-log";

export const handle = { i18n: ["admin"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const audit = await orRefused(context, request, admin.listAudit(actor, searchParamsOf(request)));
  return { seo: seo("audit.title"), audit };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

const show = (v: unknown) =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean"
    ? String(v)
    : v === null || v === undefined
      ? "—"
      : JSON.stringify(v);

/**
 * Details as short "key: value" pairs (the role granted, a flag…), never as raw JSON; a change recorded as
 * `{ before, after }` reads "field: old → new", one line per field that changed.
 */
function Details({ details }: { details: Record<string, unknown> }) {
  const { before, after, ...rest } = details as { before?: unknown; after?: unknown } & Record<string, unknown>;
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
  const changed =
    isObject(before) && isObject(after)
      ? [...new Set([...Object.keys(before), ...Object.keys(after)])]
          .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
          .map((k) => [k, `${show(before[k])} → ${show(after[k])}`] as const)
      : before !== undefined || after !== undefined
        ? [["value", `${show(before)} → ${show(after)}`] as const]
        : [];
  const entries = [...changed, ...Object.entries(rest).map(([k, v]) => [k, show(v)] as const)];
  if (!entries.length) return null;
  return (
    <ul className="text-xs text-muted-foreground">
      {entries.map(([k, v]) => (
        <li key={k}>{`${k}: ${v}`}</li>
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
  const filtered = !!(f.action || f.actor || f.target || f.targetType || f.from || f.to);
  // The filter in the URL stays selectable even before any row of it exists (an empty forum log).
  const withCurrent = (list: string[], current: string) => (current && !list.includes(current) ? [...list, current].sort() : list);
  const families = withCurrent(audit.actionFamilies, f.action.endsWith(".") ? f.action : "");
  const actions = withCurrent(audit.actions, f.action.endsWith(".") ? "" : f.action);
  const targetTypes = withCurrent(audit.targetTypes, f.targetType);
  return (
    <>
      <AdminHeading title={t("audit.title")}>{t("audit.lead")}</AdminHeading>
      <Form
        method="get"
        action={location.pathname}
        role="search"
        aria-label={t("audit.filters")}
        className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      >
        <div className="space-y-1.5">
          <label htmlFor="audit-action" className="block text-sm font-semibold">
            {t("audit.action")}
          </label>
          <select id="audit-action" name="action" defaultValue={f.action} key={`action-${f.action}`} className="input">
            <option value="">{t("audit.allActions")}</option>
            <optgroup label={t("audit.families")}>
              {families.map((a) => (
                <option key={a} value={a}>
                  {t("audit.family", { area: t(`audit.areas.${a.slice(0, -1)}`, { defaultValue: a.slice(0, -1) }) })}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("audit.oneAction")}>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {t(`audit.actions.${a}`, { defaultValue: a })}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-actor" className="block text-sm font-semibold">
            {t("audit.actor")}
          </label>
          <input id="audit-actor" name="actor" type="search" defaultValue={f.actor} key={`actor-${f.actor}`} className="input" />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-target" className="block text-sm font-semibold">
            {t("audit.target")}
          </label>
          <input id="audit-target" name="target" type="search" defaultValue={f.target} key={`target-${f.target}`} className="input" />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-target-type" className="block text-sm font-semibold">
            {t("audit.targetType")}
          </label>
          <select id="audit-target-type" name="targetType" defaultValue={f.targetType} key={`type-${f.targetType}`} className="input">
            <option value="">{t("audit.allTargetTypes")}</option>
            {targetTypes.map((tt) => (
              <option key={tt} value={tt}>
                {t(`audit.targetTypes.${tt}`, { defaultValue: tt })}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-from" className="block text-sm font-semibold">
            {t("audit.from")}
          </label>
          <input id="audit-from" name="from" type="date" defaultValue={f.from} key={`from-${f.from}`} className="input" />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-to" className="block text-sm font-semibold">
            {t("audit.to")}
          </label>
          <input
            id="audit-to"
            name="to"
            type="date"
            defaultValue={f.to}
            key={`to-${f.to}`}
            className="input"
            aria-describedby="audit-dates-hint"
          />
        </div>
        <p id="audit-dates-hint" className="text-xs text-muted-foreground sm:col-span-2 lg:self-center">
          {t("audit.datesHint")}
        </p>
        <div className="flex gap-2 lg:justify-end">
          <button type="submit" className="btn btn-primary">
            {t("audit.apply")}
          </button>
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
                <th scope="col" className="p-3">
                  {t("audit.when")}
                </th>
                <th scope="col" className="p-3">
                  {t("audit.actor")}
                </th>
                <th scope="col" className="p-3">
                  {t("audit.action")}
                </th>
                <th scope="col" className="p-3">
                  {t("audit.target")}
                </th>
                <th scope="col" className="p-3">
                  {t("audit.reasonDetails")}
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.items.map((r) => (
                <tr key={r.id} className="border-b border-border align-top last:border-0">
                  <th scope="row" className="whitespace-nowrap p-3 text-left font-normal">
                    {dateTime(r.createdAt)}
                  </th>
                  <td className="p-3">{r.actorName}</td>
                  <td className="p-3">
                    {t(`audit.actions.${r.action}`, { defaultValue: r.action })}
                    <div className="text-xs text-muted-foreground">{r.action}</div>
                  </td>
                  <td className="p-3">
                    {r.targetName ?? r.targetId}
                    <div className="text-xs text-muted-foreground">
                      {t(`audit.targetTypes.${r.targetType}`, { defaultValue: r.targetType })}
                    </div>
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
