import { useTranslation } from "react-i18next";
import { readDateFilter } from "#app/components/ui/date-input.server";
import { adminPage, orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { AuditFilters } from "#app/features/admin/audit-filters";
import { useAuditEntry } from "#app/features/admin/audit-entry";
import { AdminErrorBoundary, AdminHeading, NOINDEX } from "#app/features/admin/shell";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { useDateFormat } from "#app/lib/use-date-format";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/audit-log";

// `badges` and `levels`: the achievements' and levels' names the entries mention.
export const handle = { i18n: ["admin", "badges", "levels"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  // The date filters come from DateInput fields (`from=YYYY-MM-DD`); a day that does not exist is no filter.
  const query = searchParamsOf(request);
  const params = new URL(request.url).searchParams;
  const [from, to] = [readDateFilter(params, "from"), readDateFilter(params, "to")];
  const audit = await orRefused(context, request, admin.listAudit(actor, { ...query, from: from.value, to: to.value }));
  const dateErrors = { from: from.error ?? undefined, to: to.error ?? undefined };
  return { seo: seo("audit.title"), audit, dateErrors, typed: query };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { dateTime } = useDateFormat();
  const { audit } = loaderData;
  const f = audit.filters;
  const filtered = !!(f.action || f.actor || f.target || f.targetType || f.from || f.to);
  const { sentence } = useAuditEntry(audit.refs);
  return (
    <>
      <AdminHeading title={t("audit.title")}>{t("audit.lead")}</AdminHeading>
      <AuditFilters
        filters={f}
        actions={audit.actions}
        actionFamilies={audit.actionFamilies}
        targetTypes={audit.targetTypes}
        dateErrors={loaderData.dateErrors}
        typed={loaderData.typed}
      />
      {audit.items.length === 0 ? (
        <EmptyState>{filtered ? t("audit.noResults") : t("audit.empty")}</EmptyState>
      ) : (
        <div className="card relative overflow-hidden">
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">{t("audit.tableCaption")}</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="w-28 p-3 sm:w-44">
                  {t("audit.when")}
                </th>
                <th scope="col" className="p-3">
                  {t("audit.what")}
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.items.map((r) => (
                <tr key={r.id} className="border-b border-border align-top last:border-0">
                  <th scope="row" className="p-3 text-left text-xs font-normal text-muted-foreground sm:text-sm">
                    <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>
                  </th>
                  <td className="p-3 break-words">
                    {sentence(r)}
                    {r.reason ? (
                      <p className="mt-1 whitespace-pre-line text-sm">
                        <span className="font-semibold">{t("audit.reason")}</span> {r.reason}
                      </p>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination className="mt-4" page={audit.page} pageCount={audit.pageCount} total={audit.total} />
    </>
  );
}
