import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { guardText, toCsv, type CsvValue } from "#server/platform/csv";
import { SITE_ANALYTICS_TABLES, type SiteAnalyticsTable } from "#shared/analytics";
import { SITE_TOP_KEPT } from "./rollup-site-analytics";
import { siteReport, type SiteAnalyticsReport, type SiteDimension } from "./site-analytics";
import { assertCan } from "./policy";

/** How many rows a downloaded "top" table holds (the tab shows the first `SITE_ANALYTICS_TOP`). */
export const SITE_EXPORT_TOP = SITE_TOP_KEPT;

const input = z.object({
  format: z.enum(["csv", "xlsx"]).catch("csv"),
  /** One table (a CSV is always one table; a workbook of one sheet), or every table as the workbook's sheets. */
  table: z.enum(SITE_ANALYTICS_TABLES).optional().catch(undefined),
});

/** Sheet and column names in the reader's language, and the device names (the route passes them translated). */
export type SiteExportLabels = {
  sheets: Record<SiteAnalyticsTable, string>;
  /** The first column's head of each table. */
  keys: Record<SiteAnalyticsTable, string>;
  views: string;
  visitors: string;
  events: string;
  devices: Record<string, string>;
};

const DIMENSION_OF: Record<Exclude<SiteAnalyticsTable, "daily">, SiteDimension> = {
  pages: "page",
  referrers: "referrer",
  countries: "country",
  devices: "device",
  events: "event",
};

/** One table's rows, its head first; text cells as typed (the writers guard them). */
export function tableRows(report: SiteAnalyticsReport, table: SiteAnalyticsTable, labels: SiteExportLabels): CsvValue[][] {
  if (table === "daily") {
    return [[labels.keys.daily, labels.views, labels.visitors], ...report.perDay.map((d) => [d.day, d.views, d.visitors])];
  }
  const rows = report.top[DIMENSION_OF[table]];
  const name = (key: string) => (table === "devices" ? (labels.devices[key] ?? key) : key);
  return [[labels.keys[table], table === "events" ? labels.events : labels.views], ...rows.map((r) => [name(r.key), r.views])];
}

export type SiteAnalyticsFile = { filename: string; contentType: string; body: Uint8Array<ArrayBuffer> };

/**
 * The site analytics of a window as a download (SPEC §2: CSV and Excel): one table as CSV, or a workbook with
 * one sheet per table (or only the one asked for). Every text cell goes through the site's guard
 * (server/platform/csv.ts): a path, referrer or detail that begins with = + - @ a tab or CR gets an apostrophe
 * in front in both formats, so it never runs as a formula. Admins only; bounded (90 days, 1,000 rows a table).
 */
export async function exportSiteAnalytics(
  deps: Parameters<typeof siteReport>[0],
  actor: Actor,
  raw: unknown,
  labels: SiteExportLabels,
): Promise<SiteAnalyticsFile> {
  assertCan(actor, "analytics.export");
  const { format, table } = input.parse(raw ?? {});
  const report = await siteReport(deps, raw, SITE_EXPORT_TOP);
  const base = `site-analytics-${table ?? "all"}-${report.from}-${report.to}`;
  if (format === "csv") {
    return {
      filename: `${base}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: new TextEncoder().encode(toCsv(tableRows(report, table ?? "daily", labels), { bom: true })),
    };
  }
  // Loaded on the first Excel download: the library is large and no page needs it (a smaller heap for every request).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.created = deps.now();
  for (const which of table ? [table] : SITE_ANALYTICS_TABLES) {
    const [head, ...rows] = tableRows(report, which, labels);
    const sheet = book.addWorksheet(labels.sheets[which].slice(0, 31));
    sheet.columns = head.map((h, i) => ({ header: String(h), width: i === 0 ? 40 : 16 }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) sheet.addRow(row.map((v) => (typeof v === "string" ? guardText(v) : v)));
  }
  const buffer = await book.xlsx.writeBuffer();
  return {
    filename: `${base}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: new Uint8Array(buffer as ArrayBuffer) as Uint8Array<ArrayBuffer>,
  };
}
