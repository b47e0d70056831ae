import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { guardText, toCsv, type CsvValue } from "#server/platform/csv";
import type { PromotionsDeps } from "./deps";
import { featuredAnalytics, featuredAnalyticsDaily } from "./featured-analytics";
import { assertCan } from "./policy";

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Column and sheet names in the reader's language (the route passes them translated). */
export type ExportLabels = {
  gamesSheet: string;
  dailySheet: string;
  day: string;
  game: string;
  studio: string;
  status: string;
  views: string;
  storeClicks: string;
  trailerClicks: string;
  campaignClicks: string;
  total: string;
  /** The schedule status of a game, by its code. */
  scheduleStatus: Record<string, string>;
};

const input = z.object({ format: z.enum(EXPORT_FORMATS).catch("csv") });

/**
 * The Excel sheets' text cells get the CSV writer's guard (server/platform/csv.ts): an apostrophe before a
 * formula start at the start of the text or after a separator, so a game or studio name typed by someone
 * cannot run in the reader's spreadsheet, even once the sheet is saved again as CSV.
 */
export function guardCell(value: string | number): string | number {
  return typeof value === "number" ? value : guardText(value);
}

export type AnalyticsExport = { filename: string; contentType: string; body: Uint8Array<ArrayBuffer> };

/**
 * The featured-games analytics of a window as CSV (one row per game and day with numbers) or as an Excel
 * workbook (a sheet of totals per game and a sheet per day), from the daily rollups. Admins only; bounded like
 * the report (90 days × its games at most).
 */
export async function exportFeaturedAnalytics(
  deps: Pick<PromotionsDeps, "db" | "now">,
  actor: Actor,
  raw: unknown,
  labels: ExportLabels,
): Promise<AnalyticsExport> {
  assertCan(actor, "featured_analytics.export");
  const { format } = input.parse(raw ?? {});
  const report = await featuredAnalytics(deps, actor, raw);
  const daily = await featuredAnalyticsDaily(
    deps,
    report.games.map((g) => g.id),
    report.from,
    report.to,
  );
  const gameOf = new Map(report.games.map((g) => [g.id, g]));
  const base = `featured-games-analytics-${report.from}-${report.to}`;
  const counts = [labels.views, labels.storeClicks, labels.trailerClicks, labels.campaignClicks];

  if (format === "csv") {
    // The site's one CSV writer: every text cell quoted and guarded, numbers as numbers, CRLF.
    const rows: CsvValue[][] = [[labels.day, labels.game, labels.studio, ...counts]];
    for (const d of daily) {
      const g = gameOf.get(d.featuredGameId)!;
      rows.push([d.day, g.gameName, g.studioName, d.views, d.storeClicks, d.trailerClicks, d.campaignClicks]);
    }
    // A BOM so spreadsheet programs read the UTF-8 names right.
    return {
      filename: `${base}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: new TextEncoder().encode(toCsv(rows, { bom: true })),
    };
  }

  // Loaded on the first Excel download: the library is large and no page needs it (a smaller heap for every request).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.created = deps.now();
  const games = book.addWorksheet(labels.gamesSheet.slice(0, 31));
  games.columns = [
    { header: labels.game, width: 32 },
    { header: labels.studio, width: 28 },
    { header: labels.status, width: 14 },
    ...counts.map((header) => ({ header, width: 16 })),
  ];
  games.getRow(1).font = { bold: true };
  for (const g of report.games) {
    games.addRow([
      guardCell(g.gameName),
      guardCell(g.studioName),
      labels.scheduleStatus[g.scheduleStatus] ?? g.scheduleStatus,
      g.views,
      g.storeClicks,
      g.trailerClicks,
      g.campaignClicks,
    ]);
  }
  const t = report.totals;
  games.addRow([labels.total, "", "", t.views, t.storeClicks, t.trailerClicks, t.campaignClicks]).font = { bold: true };
  const days = book.addWorksheet(labels.dailySheet.slice(0, 31));
  days.columns = [
    { header: labels.day, width: 12 },
    { header: labels.game, width: 32 },
    ...counts.map((header) => ({ header, width: 16 })),
  ];
  days.getRow(1).font = { bold: true };
  for (const d of daily) {
    const g = gameOf.get(d.featuredGameId)!;
    days.addRow([d.day, guardCell(g.gameName), d.views, d.storeClicks, d.trailerClicks, d.campaignClicks]);
  }
  const buffer = await book.xlsx.writeBuffer();
  return {
    filename: `${base}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: new Uint8Array(buffer as ArrayBuffer) as Uint8Array<ArrayBuffer>,
  };
}
