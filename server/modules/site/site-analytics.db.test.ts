import ExcelJS from "exceljs";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { analyticsEvents, analyticsPageviews, siteAnalyticsDaily } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { rollupSiteAnalytics } from "./rollup-site-analytics";
import { siteAnalytics, siteReport } from "./site-analytics";
import { exportSiteAnalytics, type SiteExportLabels } from "./site-analytics-export";

/** The site analytics' daily rollup (idempotent, exact counts, unique visitors) and the reports read from it. */
const NOW = new Date("2026-06-15T12:00:00.000Z");
const TODAY = "2026-06-15";
const YESTERDAY = "2026-06-14";
const admin = testActor({ roles: ["Admin"] });
const refused: [string, Actor, string][] = [
  ["a visitor", null, "auth.unauthenticated"],
  ["a creator", testActor(), "auth.forbidden"],
  ["a company", testActor({ profileRole: "company" }), "auth.forbidden"],
  ["a moderator", testActor({ roles: ["Moderator"] }), "auth.forbidden"],
];
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );
const V = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, "0")}:30:00.000Z`);
const LABELS: SiteExportLabels = {
  sheets: { daily: "Per day", pages: "Pages", referrers: "Referrers", countries: "Countries", devices: "Devices", events: "Events" },
  keys: { daily: "Day", pages: "Page", referrers: "Referrer", countries: "Country", devices: "Device", events: "Event" },
  views: "Page views",
  visitors: "Unique visitors",
  events: "Events",
  devices: { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet" },
};

let database: DatabaseHandle;
const deps = () => ({ db: database.db, now: () => NOW });
const rows = () =>
  database.db
    .select()
    .from(siteAnalyticsDaily)
    .orderBy(asc(siteAnalyticsDaily.day), asc(siteAnalyticsDaily.dimension), asc(siteAnalyticsDaily.key));

beforeAll(async () => {
  database = await testDatabase();
  const view = (
    day: string,
    hour: number,
    visitor: number,
    pagePath: string,
    extra: Partial<typeof analyticsPageviews.$inferInsert> = {},
  ) => ({
    pagePath,
    visitorId: V(visitor),
    createdAt: at(day, hour),
    deviceType: "desktop",
    referrer: "direct",
    country: "ES",
    ...extra,
  });
  await database.db.insert(analyticsPageviews).values([
    // Today: 5 views by 3 visitors (visitor 1 three times).
    view(TODAY, 1, 1, "/es/", { referrer: "https://www.google.com/search?q=indie", country: "MX", deviceType: "mobile" }),
    view(TODAY, 2, 1, "/es/community"),
    view(TODAY, 3, 1, "/es/"),
    view(TODAY, 4, 2, "/es/", { referrer: "https://WWW.Google.com:443/", deviceType: "mobile" }),
    view(TODAY, 5, 3, "/=cmd|' /C calc'!A0", { referrer: '=HYPERLINK("x")', country: "Unknown", deviceType: "tablet" }),
    // Yesterday: 2 views by visitor 1 (a visitor seen on two days is one visitor each day).
    view(YESTERDAY, 10, 1, "/en/"),
    view(YESTERDAY, 23, 1, "/en/"),
    // 20 days ago: in the 30- and 90-day windows only.
    view("2026-05-26", 12, 4, "/en/about"),
    // 100 days ago: in no window.
    view("2026-03-07", 12, 5, "/en/old"),
  ]);
  await database.db.insert(analyticsEvents).values([
    { eventType: "video_play", pagePath: "/es/", visitorId: V(1), createdAt: at(TODAY, 6) },
    { eventType: "video_play", pagePath: "/es/", visitorId: V(1), createdAt: at(TODAY, 7) },
    { eventType: "job_apply_click", pagePath: "/es/", visitorId: V(2), createdAt: at(TODAY, 8) },
    { eventType: "campaign_request_click", pagePath: "/es/", visitorId: V(2), createdAt: at(YESTERDAY, 8) },
  ]);
});
afterAll(() => database.close());

describe("the daily rollup", () => {
  it("counts views and distinct visitors per day, path, referring host, country, device and event type", async () => {
    await rollupSiteAnalytics(deps());
    const all = await rows();
    const of = (day: string, dimension: string) =>
      Object.fromEntries(all.filter((r) => r.day === day && r.dimension === dimension).map((r) => [r.key, [r.views, r.visitors]]));
    expect(of(TODAY, "total")).toEqual({ "": [5, 3] });
    expect(of(TODAY, "page")).toEqual({ "/es/": [3, 2], "/es/community": [1, 1], "/=cmd|' /C calc'!A0": [1, 1] });
    expect(of(TODAY, "referrer")).toEqual({ "www.google.com": [2, 2], direct: [2, 1], '=HYPERLINK("x")': [1, 1] });
    expect(of(TODAY, "country")).toEqual({ MX: [1, 1], ES: [3, 2], Unknown: [1, 1] });
    expect(of(TODAY, "device")).toEqual({ mobile: [2, 2], desktop: [2, 1], tablet: [1, 1] });
    expect(of(TODAY, "event")).toEqual({ video_play: [2, 1], job_apply_click: [1, 1] });
    expect(of(YESTERDAY, "total")).toEqual({ "": [2, 1] });
    expect(of(YESTERDAY, "event")).toEqual({ campaign_request_click: [1, 1] });
    // By default only yesterday and today are rolled up.
    expect(all.filter((r) => r.day < YESTERDAY)).toEqual([]);
  });

  it("gives the same rows when run twice, and drops what is no longer counted", async () => {
    const days = ["2026-05-26", YESTERDAY, TODAY];
    await rollupSiteAnalytics(deps(), { days });
    const first = await rows();
    await rollupSiteAnalytics(deps(), { days });
    expect(await rows()).toEqual(first);
    // A raw row removed (retention): the next run no longer counts it, nothing stale stays.
    await database.db.execute(sql`delete from analytics_pageviews where page_path = '/en/about'`);
    await rollupSiteAnalytics(deps(), { days: ["2026-05-26"] });
    expect((await rows()).filter((r) => r.day === "2026-05-26")).toEqual([]);
    await database.db.insert(analyticsPageviews).values({ pagePath: "/en/about", visitorId: V(4), createdAt: at("2026-05-26", 12) });
    await rollupSiteAnalytics(deps(), { days: ["2026-05-26", "2026-03-07"] });
  });
});

describe("the report", () => {
  it("reads each window from the rollups: every day, totals, and the top tables", async () => {
    const week = await siteAnalytics(deps(), admin, { window: "7" });
    expect(week.window).toBe(7);
    expect(week.from).toBe("2026-06-09");
    expect(week.to).toBe(TODAY);
    expect(week.perDay).toHaveLength(7);
    expect(week.perDay.slice(-2)).toEqual([
      { day: YESTERDAY, views: 2, visitors: 1 },
      { day: TODAY, views: 5, visitors: 3 },
    ]);
    expect(week.totals).toEqual({ views: 7, events: 4, averageVisitors: 1 });
    expect(week.top.page).toEqual([
      { key: "/es/", views: 3 },
      { key: "/en/", views: 2 },
      { key: "/=cmd|' /C calc'!A0", views: 1 },
      { key: "/es/community", views: 1 },
    ]);
    expect(week.top.event).toEqual([
      { key: "video_play", views: 2 },
      { key: "campaign_request_click", views: 1 },
      { key: "job_apply_click", views: 1 },
    ]);
    expect(week.top.device.map((r) => r.key)).toEqual(["desktop", "mobile", "tablet"]);

    const month = await siteAnalytics(deps(), admin, { window: "30" });
    expect(month.perDay).toHaveLength(30);
    expect(month.totals.views).toBe(8);
    expect(month.top.page.find((r) => r.key === "/en/about")).toEqual({ key: "/en/about", views: 1 });
    const quarter = await siteAnalytics(deps(), admin, { window: "90" });
    expect(quarter.perDay).toHaveLength(90);
    // 100 days ago is outside even the longest window.
    expect(quarter.totals.views).toBe(8);
    // The rollup ranked each window's keys; ranking live from the daily rows gives the same report.
    for (const window of ["7", "30", "90"])
      expect(await siteReport(deps(), { window }, 20, { live: true })).toEqual(await siteAnalytics(deps(), admin, { window }));
    const ranked = await database.db.execute(sql`select window_days, count(*)::int as n from site_analytics_top group by 1 order by 1`);
    expect((ranked as unknown as { rows: unknown[] }).rows).toEqual([
      { window_days: 7, n: 16 },
      { window_days: 30, n: 17 },
      { window_days: 90, n: 17 },
    ]);
    // Anything else is the 30-day window.
    expect((await siteAnalytics(deps(), admin, { window: "12" })).window).toBe(30);
  });

  it("refuses everyone but admins, for the report and the downloads", async () => {
    for (const [who, actor, code] of refused) {
      expect([who, await codeOf(siteAnalytics(deps(), actor, {}))]).toEqual([who, code]);
      expect([who, await codeOf(exportSiteAnalytics(deps(), actor, { format: "csv" }, LABELS))]).toEqual([who, code]);
    }
  });

  it("downloads a table as CSV and every table as a workbook, formula starts neutralised in both", async () => {
    const csv = await exportSiteAnalytics(deps(), admin, { format: "csv", table: "pages", window: "7" }, LABELS);
    expect(csv.filename).toBe("site-analytics-pages-2026-06-09-2026-06-15.csv");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(csv.body);
    expect(text).toBe('\uFEFF"Page","Page views"\r\n"/es/",3\r\n"/en/",2\r\n"/=cmd|\' /C calc\'!A0",1\r\n"/es/community",1\r\n');
    const refs = new TextDecoder().decode(
      (await exportSiteAnalytics(deps(), admin, { format: "csv", table: "referrers", window: "7" }, LABELS)).body,
    );
    expect(refs).toContain(`"'=HYPERLINK(""x"")",1\r\n`);

    const xlsx = await exportSiteAnalytics(deps(), admin, { format: "xlsx", window: "7" }, LABELS);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body.buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(["Per day", "Pages", "Referrers", "Countries", "Devices", "Events"]);
    const referrers = book.getWorksheet("Referrers")!;
    const values = referrers
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toContainEqual(['\'=HYPERLINK("x")', 1]);
    // No cell is a formula.
    referrers.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    expect(book.getWorksheet("Devices")!.getRow(2).values).toEqual([undefined, "Desktop", 4]);
    expect(book.getWorksheet("Per day")!.rowCount).toBe(8);
  });
});
