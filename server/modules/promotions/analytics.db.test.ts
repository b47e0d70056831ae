import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { analyticsEvents, featuredGameDaily } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordEvent } from "#server/modules/site/analytics";
import { SettingsStore } from "#server/modules/site/settings";
import { RateLimiter } from "#server/platform/rate-limit";
import { testActor } from "#tests/support/actors";
import { companyActor } from "#tests/support/campaigns-kit";
import { testDatabase } from "#tests/support/db";
import { makeFeaturedGame } from "#tests/support/featured-kit";
import { codeOf, testClock } from "#tests/support/forum-kit";
import { exportFeaturedAnalytics, guardCell, type ExportLabels } from "./analytics-export";
import type { PromotionsDeps } from "./deps";
import { featuredAnalytics } from "./featured-analytics";
import { dashboardGameStats, gameStats } from "./game-stats";
import { rollupGameAnalytics } from "./rollup-game-analytics";
import { PROMOTIONS_JOBS } from "./index";
import type { Jobs } from "#server/platform/jobs";
import { getStudioMailConsent, setStudioMailConsent } from "./studio-mail-consent";

const visitorId = "6f1c6f1e-8f1a-4c36-9d7e-0d6f6b1b3f10";
const facts = {
  consentGranted: true,
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36",
  country: "ES",
  clientKey: "ip",
};
const LABELS: ExportLabels = {
  gamesSheet: "Games",
  dailySheet: "Per day",
  day: "Day",
  game: "Game",
  studio: "Studio",
  status: "Status",
  views: "Views",
  storeClicks: "Store clicks",
  trailerClicks: "Trailer plays",
  campaignClicks: "Campaign clicks",
  total: "Total",
  scheduleStatus: { active: "Active", scheduled: "Scheduled", finished: "Finished", expired: "Ended early" },
};

describe("game analytics", () => {
  let database: DatabaseHandle;
  let deps: PromotionsDeps;
  let settings: SettingsStore;
  let rateLimiter: RateLimiter;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let company: NonNullable<Actor>;
  let otherCompany: NonNullable<Actor>;
  const admin = testActor({ roles: ["Admin"] });
  const moderator = testActor({ roles: ["Moderator"] });
  const creator = testActor();
  let gameId: string;
  let otherGameId: string;

  const event = (eventType: string, gameId: string | null, at: Date) =>
    database.db.insert(analyticsEvents).values({ eventType, gameId, pagePath: "/games/x", visitorId, createdAt: at });

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    settings = new SettingsStore(database.db, 0);
    rateLimiter = new RateLimiter(database.db);
    deps = { db: database.db, now: clock.now } as unknown as PromotionsDeps;
    company = await companyActor(database.db, { name: "Pine Studio" });
    otherCompany = await companyActor(database.db, { name: "Other Studio" });
    gameId = (
      await makeFeaturedGame(database.db, clock.now(), { slug: "hollow-pines", gameName: "Hollow Pines", companyId: company.userId })
    ).id;
    otherGameId = (
      await makeFeaturedGame(database.db, clock.now(), { slug: "=cmd", gameName: "=HYPERLINK(1)", companyId: otherCompany.userId })
    ).id;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(analyticsEvents);
    await database.db.delete(featuredGameDaily);
  });

  it("records a game's events with the site's consent rules, only for our event types and an existing game", async () => {
    const deps = { db: database.db, settings, rateLimiter };
    const view = { eventType: "game_view", gameId, pagePath: "/games/hollow-pines", visitorId };
    // Analytics off (the default): nothing.
    expect(await recordEvent(deps, facts, view)).toEqual({ recorded: false, reason: "disabled" });
    await settings.write("analytics_enabled", true, "test");
    // No consent: nothing recorded.
    expect(await recordEvent(deps, { ...facts, consentGranted: false }, view)).toEqual({ recorded: false, reason: "no_consent" });
    expect(await database.db.select().from(analyticsEvents)).toHaveLength(0);
    // A bot: nothing.
    expect(await recordEvent(deps, { ...facts, userAgent: "Googlebot/2.1" }, view)).toMatchObject({ recorded: false });
    // With consent: recorded.
    expect(await recordEvent(deps, facts, view)).toEqual({ recorded: true });
    expect(await recordEvent(deps, facts, { ...view, eventType: "store_click", elementId: "store" })).toEqual({ recorded: true });
    // An unknown game, or a game event without a game: refused, nothing stored.
    expect(await codeOf(recordEvent(deps, facts, { ...view, gameId: "no-such-game" }))).toBe("input.invalid");
    expect(await codeOf(recordEvent(deps, facts, { ...view, gameId: undefined }))).toBe("input.invalid");
    const rows = await database.db.select().from(analyticsEvents);
    expect(rows.map((r) => [r.eventType, r.gameId])).toEqual([
      ["game_view", gameId],
      ["store_click", gameId],
    ]);
    await settings.write("analytics_enabled", false, "test");
  });

  it("rolls events of two days up into daily rows, and running it again gives the same rows", async () => {
    const today = new Date("2026-11-24T09:00:00Z");
    const yesterday = new Date("2026-11-23T23:59:00Z");
    for (const t of ["game_view", "game_view", "game_view", "store_click", "trailer_click"]) await event(t, gameId, today);
    for (const t of ["game_view", "campaign_click"]) await event(t, gameId, yesterday);
    await event("game_view", otherGameId, yesterday);
    // Not counted: another kind of event, an event with no game, and one of three days ago.
    await event("click", gameId, today);
    await event("game_view", null, today);
    await event("game_view", gameId, new Date("2026-11-21T10:00:00Z"));

    await rollupGameAnalytics(deps);
    const read = async () =>
      (await database.db.select().from(featuredGameDaily).orderBy(featuredGameDaily.day, featuredGameDaily.featuredGameId)).map((r) => ({
        ...r,
      }));
    const first = await read();
    expect(first).toEqual(
      expect.arrayContaining([
        { featuredGameId: gameId, day: "2026-11-24", views: 3, storeClicks: 1, trailerClicks: 1, campaignClicks: 0 },
        { featuredGameId: gameId, day: "2026-11-23", views: 1, storeClicks: 0, trailerClicks: 0, campaignClicks: 1 },
        { featuredGameId: otherGameId, day: "2026-11-23", views: 1, storeClicks: 0, trailerClicks: 0, campaignClicks: 0 },
      ]),
    );
    expect(first).toHaveLength(3);
    await rollupGameAnalytics(deps);
    expect(await read()).toEqual(first);
    // A later event of today is counted by the next run (the row is updated, not duplicated).
    await event("game_view", gameId, new Date("2026-11-24T11:00:00Z"));
    await rollupGameAnalytics(deps);
    const again = await read();
    expect(again).toHaveLength(3);
    expect(again.find((r) => r.featuredGameId === gameId && r.day === "2026-11-24")?.views).toBe(4);
  });

  it("registers the rollup as a job every 15 minutes", async () => {
    const registered: [string, string][] = [];
    const jobs = { every: async (name: string, cron: string) => void registered.push([name, cron]) } as unknown as Jobs;
    await PROMOTIONS_JOBS.analyticsRollup(deps, jobs);
    expect(registered).toEqual([["featured.analytics-rollup", "*/15 * * * *"]]);
  });

  it("shows a company only its own games' numbers over 7, 30 or 90 days, and refuses another company's", async () => {
    await database.db.insert(featuredGameDaily).values([
      { featuredGameId: gameId, day: "2026-11-24", views: 10, storeClicks: 2, trailerClicks: 1, campaignClicks: 1 },
      { featuredGameId: gameId, day: "2026-11-10", views: 5, storeClicks: 1, trailerClicks: 0, campaignClicks: 0 },
      { featuredGameId: gameId, day: "2026-09-20", views: 100, storeClicks: 0, trailerClicks: 0, campaignClicks: 0 },
      { featuredGameId: otherGameId, day: "2026-11-24", views: 7, storeClicks: 0, trailerClicks: 0, campaignClicks: 0 },
    ]);
    const week = await gameStats(deps, company, { window: "7" });
    expect(week.games.map((g) => [g.gameName, g.views])).toEqual([["Hollow Pines", 10]]);
    const month = await gameStats(deps, company, { window: "30" });
    expect(month.totals).toEqual({ views: 15, storeClicks: 3, trailerClicks: 1, campaignClicks: 1 });
    expect((await gameStats(deps, company, { window: "90" })).totals.views).toBe(115);
    // Anything else is 30 days.
    expect((await gameStats(deps, company, { window: "1000" })).window).toBe(30);
    // Another company's id is refused; visitors, creators and staff are refused.
    expect(await codeOf(gameStats(deps, company, { companyId: otherCompany.userId }))).toBe("auth.forbidden");
    expect(await codeOf(gameStats(deps, null, {}))).toBe("auth.unauthenticated");
    for (const a of [creator, admin, moderator]) expect(await codeOf(gameStats(deps, a, {}))).toBe("auth.forbidden");
    // A pending company is told so.
    const pending = await companyActor(database.db, { verified: false });
    expect(await codeOf(gameStats(deps, pending, {}))).toBe("company.pending");
    // The dashboard part: the company's own, with its consent; nothing for anyone else.
    expect((await dashboardGameStats(deps, otherCompany, {}))?.games.map((g) => g.id)).toEqual([otherGameId]);
    expect(await dashboardGameStats(deps, creator, {})).toBeNull();
    expect(await dashboardGameStats(deps, null, {})).toBeNull();
  });

  it("keeps a studio's promotional email consent off until it agrees, for itself only", async () => {
    expect(await getStudioMailConsent(deps, company)).toBe(false);
    expect(await setStudioMailConsent(deps, company, { agreed: "on" })).toEqual({ agreed: true });
    expect(await getStudioMailConsent(deps, company)).toBe(true);
    expect(await getStudioMailConsent(deps, otherCompany)).toBe(false);
    expect(await setStudioMailConsent(deps, company, {})).toEqual({ agreed: false });
    expect(await getStudioMailConsent(deps, company)).toBe(false);
    expect(await codeOf(setStudioMailConsent(deps, null, { agreed: "on" }))).toBe("auth.unauthenticated");
    expect(await codeOf(setStudioMailConsent(deps, creator, { agreed: "on" }))).toBe("auth.forbidden");
  });

  it("gives admins the featured-games report with totals and a day per row, and refuses everyone else", async () => {
    await database.db.insert(featuredGameDaily).values([
      { featuredGameId: gameId, day: "2026-11-24", views: 10, storeClicks: 2, trailerClicks: 1, campaignClicks: 1 },
      { featuredGameId: otherGameId, day: "2026-11-23", views: 7, storeClicks: 1, trailerClicks: 0, campaignClicks: 0 },
    ]);
    const report = await featuredAnalytics(deps, admin, { window: "7" });
    expect(report.from).toBe("2026-11-18");
    expect(report.to).toBe("2026-11-24");
    expect(report.perDay).toHaveLength(7);
    expect(report.perDay.at(-1)).toEqual({ day: "2026-11-24", views: 10, storeClicks: 2, trailerClicks: 1, campaignClicks: 1 });
    expect(report.games.map((g) => [g.gameName, g.views])).toEqual([
      ["Hollow Pines", 10],
      ["=HYPERLINK(1)", 7],
    ]);
    expect(report.totals).toEqual({ views: 17, storeClicks: 3, trailerClicks: 1, campaignClicks: 1 });
    expect((await featuredAnalytics(deps, admin, { window: "90" })).perDay).toHaveLength(90);
    expect(await codeOf(featuredAnalytics(deps, null, {}))).toBe("auth.unauthenticated");
    for (const a of [creator, company, moderator]) {
      expect(await codeOf(featuredAnalytics(deps, a, {}))).toBe("auth.forbidden");
      expect(await codeOf(exportFeaturedAnalytics(deps, a, { format: "csv" }, LABELS))).toBe("auth.forbidden");
    }
  });

  it("exports CSV and an Excel workbook with formula-looking cells guarded", async () => {
    await database.db.insert(featuredGameDaily).values([
      { featuredGameId: gameId, day: "2026-11-24", views: 10, storeClicks: 2, trailerClicks: 1, campaignClicks: 1 },
      { featuredGameId: otherGameId, day: "2026-11-23", views: 7, storeClicks: 1, trailerClicks: 0, campaignClicks: 0 },
    ]);
    expect(guardCell("=1+1")).toBe("'=1+1");
    expect(guardCell("+1")).toBe("'+1");
    expect(guardCell("-1")).toBe("'-1");
    expect(guardCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(guardCell("Fine")).toBe("Fine");

    const csv = await exportFeaturedAnalytics(deps, admin, { format: "csv", window: "30" }, LABELS);
    expect(csv.contentType).toBe("text/csv; charset=utf-8");
    expect(csv.filename).toBe("featured-games-analytics-2026-10-26-2026-11-24.csv");
    const text = new TextDecoder().decode(csv.body).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    // The site's CSV writer: every text cell quoted, formula starts guarded, numbers as numbers.
    expect(lines[0]).toBe('"Day","Game","Studio","Views","Store clicks","Trailer plays","Campaign clicks"');
    expect(lines).toContain(`"2026-11-23","'=HYPERLINK(1)","Pine Studio",7,1,0,0`);
    expect(lines).toContain(`"2026-11-24","Hollow Pines","Pine Studio",10,2,1,1`);

    const xlsx = await exportFeaturedAnalytics(deps, admin, { format: "xlsx", window: "7" }, LABELS);
    expect(xlsx.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.filename).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body.buffer as ArrayBuffer);
    const games = book.getWorksheet("Games")!;
    expect(games.getRow(1).values).toEqual([
      undefined,
      "Game",
      "Studio",
      "Status",
      "Views",
      "Store clicks",
      "Trailer plays",
      "Campaign clicks",
    ]);
    expect(games.getRow(2).values).toEqual([undefined, "Hollow Pines", "Pine Studio", "Active", 10, 2, 1, 1]);
    expect(games.getRow(3).getCell(1).value).toBe("'=HYPERLINK(1)");
    expect(games.getRow(4).values).toEqual([undefined, "Total", "", "", 17, 3, 1, 1]);
    const days = book.getWorksheet("Per day")!;
    expect(days.rowCount).toBe(3);
    const count = await database.db.select({ n: sql<number>`count(*)::int` }).from(featuredGameDaily);
    expect(count[0].n).toBe(2);
  });
});
