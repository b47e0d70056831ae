import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "#app/components/ui/table";
import { EmptyState } from "#app/components/ui/empty-state";
import { AnalyticsChart } from "#app/features/admin/analytics-chart";
import { useDateFormat } from "#app/lib/use-date-format";
import { useLocalePath } from "#app/lib/use-locale";
import type { SiteAnalyticsTable } from "#shared/analytics";
import type { SiteAnalyticsReport, SiteDimension, SiteTopRow } from "#server/modules/site/site-analytics";

const VIEWS_COLOR = "#8b5cf6";
const VISITORS_COLOR = "#0ea5e9";

/** The "top" tables in the order the section shows them, with the dimension each reads. */
const TOP_TABLES: [Exclude<SiteAnalyticsTable, "daily">, SiteDimension][] = [
  ["pages", "page"],
  ["referrers", "referrer"],
  ["countries", "country"],
  ["devices", "device"],
  ["events", "event"],
];

/** The CSV and Excel links of one table (or, with no table, the workbook of them all). */
function Downloads({ table, window }: { table: SiteAnalyticsTable; window: number }) {
  const { t } = useTranslation("admin-analytics");
  const { to } = useLocalePath();
  const href = (format: "csv" | "xlsx") => to(`/admin/analytics/site-export?format=${format}&table=${table}&window=${window}`);
  const name = t(`site.tables.${table}`);
  return (
    <p className="mt-2 flex flex-wrap gap-2 text-sm">
      <a className="btn btn-outline btn-sm" href={href("csv")} download data-download={`${table}-csv`}>
        {t("site.download.csv", { table: name })}
      </a>
      <a className="btn btn-outline btn-sm" href={href("xlsx")} download data-download={`${table}-xlsx`}>
        {t("site.download.xlsx", { table: name })}
      </a>
    </p>
  );
}

/**
 * The site section of /admin/analytics: page views and unique visitors per day (a uPlot chart, with the same
 * numbers as a table for screen readers and pages without JavaScript), then the most viewed pages, referrers,
 * countries, devices and the events of the window, each table downloadable as CSV and Excel.
 */
export function SiteAnalyticsSection({ report }: { report: SiteAnalyticsReport }) {
  const { t } = useTranslation("admin-analytics");
  const { locale } = useLocalePath();
  const { date } = useDateFormat();
  const nf = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const regions = useMemo(() => new Intl.DisplayNames([locale], { type: "region" }), [locale]);
  const days = useMemo(() => report.perDay.map((d) => d.day), [report.perDay]);
  const series = useMemo(
    () => [
      { label: t("site.columns.views"), color: VIEWS_COLOR, values: report.perDay.map((d) => d.views) },
      { label: t("site.columns.visitors"), color: VISITORS_COLOR, values: report.perDay.map((d) => d.visitors) },
    ],
    [report.perDay, t],
  );
  const keyLabel = (dimension: SiteDimension, row: SiteTopRow) => {
    if (dimension === "device") return t(`site.devices.${row.key}`, { defaultValue: row.key });
    if (dimension === "referrer" && row.key === "direct") return t("site.direct");
    if (dimension === "country") {
      if (!/^[A-Z]{2}$/.test(row.key)) return t("site.unknownCountry");
      return `${regions.of(row.key) ?? row.key} (${row.key})`;
    }
    return row.key;
  };
  const range = t("range", { from: date(`${report.from}T12:00:00Z`), to: date(`${report.to}T12:00:00Z`) });
  return (
    <section aria-labelledby="site-heading" className="mb-12" data-section="site">
      <h2 id="site-heading" className="text-2xl font-bold">
        {t("site.title")}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{t("site.help")}</p>
      <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-3">
        {(
          [
            ["views", report.totals.views],
            ["visitors", report.totals.averageVisitors],
            ["events", report.totals.events],
          ] as const
        ).map(([k, n]) => (
          <div key={k} className="card p-4">
            <dt className="text-sm text-muted-foreground">{t(`site.totals.${k}`)}</dt>
            <dd className="mt-1 text-2xl font-black" data-site-total={k}>
              {nf.format(n)}
            </dd>
          </div>
        ))}
      </dl>
      {report.totals.views === 0 && report.totals.events === 0 ? (
        <EmptyState>{t("site.empty")}</EmptyState>
      ) : (
        <>
          <AnalyticsChart days={days} series={series} label={t("site.chart")} dayLabel={t("site.columns.day")} />
          <details className="mt-3">
            <summary className="link cursor-pointer py-1 text-sm">{t("perDay.show")}</summary>
            <DataTable caption={t("site.perDayCaption", { range })} className="mt-3">
              <thead>
                <tr>
                  <th scope="col">{t("site.columns.day")}</th>
                  <th scope="col" className="text-right">
                    {t("site.columns.views")}
                  </th>
                  <th scope="col" className="text-right">
                    {t("site.columns.visitors")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.perDay.map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="font-normal">
                      {date(`${d.day}T12:00:00Z`)}
                    </th>
                    <td className="text-right tabular-nums">{nf.format(d.views)}</td>
                    <td className="text-right tabular-nums">{nf.format(d.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </details>
          <Downloads table="daily" window={report.window} />
          <div className="mt-8 grid gap-8 xl:grid-cols-2">
            {TOP_TABLES.map(([table, dimension]) => (
              <div key={table} className="min-w-0" data-site-table={table}>
                <DataTable caption={t(`site.tables.${table}`)}>
                  <thead>
                    <tr>
                      <th scope="col">{t(`site.columns.${dimension}`)}</th>
                      <th scope="col" className="text-right">
                        {t(dimension === "event" ? "site.columns.events" : "site.columns.views")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.top[dimension].length === 0 ? (
                      <tr>
                        <td colSpan={2} className="text-muted-foreground">
                          {t("site.none")}
                        </td>
                      </tr>
                    ) : (
                      report.top[dimension].map((row) => (
                        <tr key={row.key}>
                          <th scope="row" className="font-normal break-all">
                            {keyLabel(dimension, row)}
                          </th>
                          <td className="text-right tabular-nums">{nf.format(row.views)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </DataTable>
                <Downloads table={table} window={report.window} />
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
