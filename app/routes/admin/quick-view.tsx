import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DayChart } from "#app/features/admin/day-chart";
import { adminPage, orRefused } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX } from "#app/features/admin/shell";
import { Badge } from "#app/components/ui/badge";
import { useDateFormat } from "#app/lib/use-date-format";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/quick-view";
import { TableFrame } from "#app/components/ui/table";

export const handle = { i18n: ["admin"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const view = await orRefused(context, request, admin.quickView(actor));
  return { seo: seo("quickView.title"), view };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function QuickView({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { date } = useDateFormat();
  const { view } = loaderData;
  const cards = [
    ["creators", view.counts.creators],
    ["companies", view.counts.companies],
    ["admins", view.counts.admins],
    ["moderators", view.counts.moderators],
    ["unverifiedEmails", view.counts.unverifiedEmails],
  ] as const;
  return (
    <>
      <AdminHeading title={t("quickView.title")}>{t("quickView.lead", { count: view.counts.users })}</AdminHeading>
      <section aria-labelledby="people-heading">
        <h2 id="people-heading" className="sr-only">
          {t("quickView.people")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          {cards.map(([key, n]) => (
            <div key={key} className="card p-4">
              <dt className="text-sm text-muted-foreground">{t(`quickView.counts.${key}`)}</dt>
              <dd className="mt-1 text-3xl font-black tabular-nums">{n}</dd>
            </div>
          ))}
        </dl>
      </section>

      {view.counters.length > 0 ? (
        <section aria-labelledby="waiting-heading" className="mt-6">
          <h2 id="waiting-heading" className="mb-3 text-xl font-bold">
            {t("quickView.waiting")}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {view.counters.map((c) => (
              <li key={c.key}>
                <Link to={to(c.href)} className="card flex items-baseline justify-between gap-3 p-4 hover:bg-muted">
                  <span className="text-muted-foreground">{t(`quickView.counters.${c.key}`, { count: c.count })}</span>
                  <span className="text-3xl font-black tabular-nums text-foreground">{c.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="pending-heading" className="card mt-6 flex flex-wrap items-center justify-between gap-4 p-5">
        <div>
          <h2 id="pending-heading" className="text-lg font-bold">
            {t("quickView.pending.title")}
          </h2>
          <p className="text-muted-foreground">{t("quickView.pending.text", { count: view.pendingCompanies })}</p>
        </div>
        <Link to={to("/admin/companies?status=pending")} className="btn btn-primary">
          {t("quickView.pending.link")}
        </Link>
      </section>

      <section aria-labelledby="signups-heading" className="mt-6">
        <h2 id="signups-heading" className="mb-3 text-xl font-bold">
          {t("quickView.signups.title")}
        </h2>
        <DayChart
          id="signups"
          caption={t("quickView.signups.caption", {
            count: view.signupsTotal,
            days: t("forum.overview.activity.days", { count: view.signups.length }),
          })}
          tableCaption={t("quickView.signups.tableCaption")}
          showTableLabel={t("quickView.signups.showTable")}
          dayLabel={t("quickView.signups.day")}
          series={[{ label: t("quickView.signups.count"), className: "text-primary" }]}
          days={view.signups.map((d) => ({ day: d.day, counts: [d.count] }))}
        />
      </section>

      <section aria-labelledby="latest-heading" className="mt-6">
        <h2 id="latest-heading" className="mb-3 text-xl font-bold">
          {t("quickView.latest.title")}
        </h2>
        {view.latest.length === 0 ? (
          <p className="card p-6 text-center text-muted-foreground">{t("quickView.latest.empty")}</p>
        ) : (
          <TableFrame label={t("quickView.latest.title")}>
            <table className="w-full text-sm">
              <caption className="sr-only">{t("quickView.latest.title")}</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="p-3">
                    {t("users.username")}
                  </th>
                  <th scope="col" className="p-3">
                    {t("users.email")}
                  </th>
                  <th scope="col" className="p-3">
                    {t("users.profileRole")}
                  </th>
                  <th scope="col" className="p-3">
                    {t("users.joined")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.latest.map((u) => (
                  <tr key={u.id} className="border-b border-border last:border-0">
                    <th scope="row" className="p-3 text-left font-semibold">
                      {u.username ?? "—"}
                    </th>
                    <td className="p-3">
                      {u.email} {u.emailVerified ? null : <Badge tone="danger">{t("users.unverified")}</Badge>}
                    </td>
                    <td className="p-3">{u.profileRole ? t(`profileRoles.${u.profileRole}`) : "—"}</td>
                    <td className="p-3">{date(u.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
    </>
  );
}
