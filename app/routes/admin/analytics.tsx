import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CountCells, CountHeads, GAME_COUNTS, type GameCount } from "#app/features/featured/count-columns";
import { DataTable } from "#app/components/ui/table";
import { AnalyticsChart } from "#app/features/admin/analytics-chart";
import { WindowSwitch } from "#app/features/admin/analytics-window";
import { SiteAnalyticsSection } from "#app/features/admin/site-analytics";
import { adminPage, orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX } from "#app/features/admin/shell";
import { EmptyState } from "#app/components/ui/empty-state";
import { useDateFormat } from "#app/lib/use-date-format";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { FEATURE_TYPES_WITH_PAGE } from "#shared/promotions";
import type { Route } from "./+types/analytics";

export const handle = { i18n: ["admin", "admin-analytics", "promotions"] };

const COLORS: Record<GameCount, string> = {
  views: "#8b5cf6",
  storeClicks: "#0ea5e9",
  trailerClicks: "#f59e0b",
  campaignClicks: "#10b981",
};

/**
 * /admin/analytics: the site's page views, visitors, pages, referrers, countries, devices and events, then the
 * featured games' views and clicks, over 7, 30 or 90 days (one `?window=` for both), all from daily rollups.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const query = searchParamsOf(request);
  const site = await orRefused(context, request, context.services.site.siteAnalytics(actor, query));
  const report = await orRefused(context, request, context.services.promotions.featuredAnalytics(actor, query));
  return { seo: seo("admin-analytics:title"), site, report };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-analytics");
  const { to, locale } = useLocalePath();
  const { date } = useDateFormat();
  const { report, site } = loaderData;
  const nf = new Intl.NumberFormat(locale);
  const days = useMemo(() => report.perDay.map((d) => d.day), [report.perDay]);
  const series = useMemo(
    () => GAME_COUNTS.map((k) => ({ label: t(`counts.${k}`), color: COLORS[k], values: report.perDay.map((d) => d[k]) })),
    [report.perDay, t],
  );
  const exportHref = (format: "csv" | "xlsx") => to(`/admin/analytics/export?format=${format}&window=${report.window}`);
  const range = t("range", { from: date(`${report.from}T12:00:00Z`), to: date(`${report.to}T12:00:00Z`) });
  return (
    <>
      <AdminHeading title={t("title")}>
        <p>{t("help")}</p>
      </AdminHeading>
      <div className="mb-4">
        <WindowSwitch current={report.window} label={t("windowLabel")} ns="admin-analytics" />
      </div>
      <p className="mb-4 text-sm text-muted-foreground">{range}</p>
      {/* The exports are safe in any spreadsheet: said once, above both sections' downloads. */}
      <p className="mb-8 text-sm text-muted-foreground">{t("export.hint")}</p>
      <SiteAnalyticsSection report={site} />
      <section aria-labelledby="featured-heading" data-section="featured">
        <h2 id="featured-heading" className="text-2xl font-bold">
          {t("featured.title")}
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">{t("featured.help")}</p>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap gap-2">
            <a className="btn btn-outline text-sm" href={exportHref("csv")} download>
              {t("export.csv")}
            </a>
            <a className="btn btn-outline text-sm" href={exportHref("xlsx")} download>
              {t("export.xlsx")}
            </a>
          </div>
        </div>
        <section aria-labelledby="totals-heading" className="mb-6">
          <h2 id="totals-heading" className="sr-only">
            {t("totals")}
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {GAME_COUNTS.map((k) => (
              <div key={k} className="card p-4">
                <dt className="text-sm text-muted-foreground">{t(`counts.${k}`)}</dt>
                <dd className="mt-1 text-2xl font-black" data-total={k}>
                  {nf.format(report.totals[k])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        {report.games.length === 0 ? (
          <EmptyState>{t("empty")}</EmptyState>
        ) : (
          <>
            <AnalyticsChart days={days} series={series} label={t("chart")} dayLabel={t("columns.day")} />
            <details className="mt-3">
              <summary className="link cursor-pointer py-1 text-sm">{t("perDay.show")}</summary>
              <DataTable caption={t("perDay.caption", { range })} className="mt-3">
                <thead>
                  <tr>
                    <th scope="col">{t("columns.day")}</th>
                    <CountHeads label={(k) => t(`counts.${k}`)} />
                  </tr>
                </thead>
                <tbody>
                  {report.perDay.map((d) => (
                    <tr key={d.day}>
                      <th scope="row" className="font-normal">
                        {date(`${d.day}T12:00:00Z`)}
                      </th>
                      <CountCells row={d} format={nf.format} />
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </details>
            <DataTable caption={t("games.caption", { count: report.games.length })} className="mt-6">
              <thead>
                <tr>
                  <th scope="col">{t("columns.game")}</th>
                  <th scope="col">{t("columns.status")}</th>
                  <CountHeads label={(k) => t(`counts.${k}`)} />
                </tr>
              </thead>
              <tbody>
                {report.games.map((g) => (
                  <tr key={g.id}>
                    <th scope="row" className="font-normal">
                      {FEATURE_TYPES_WITH_PAGE.includes(g.featureType) ? (
                        <Link className="link font-semibold" to={to(`/games/${g.slug}`)}>
                          {g.gameName}
                        </Link>
                      ) : (
                        <span className="font-semibold">{g.gameName}</span>
                      )}
                      <span className="block text-xs text-muted-foreground">{g.studioName}</span>
                    </th>
                    <td>{t(`promotions:labels.scheduleStatus.${g.scheduleStatus}`)}</td>
                    <CountCells row={g} format={nf.format} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t("columns.total")}</th>
                  <td />
                  <CountCells row={report.totals} format={nf.format} bold />
                </tr>
              </tfoot>
            </DataTable>
          </>
        )}
      </section>
    </>
  );
}
