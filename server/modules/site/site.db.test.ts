import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { testDatabase } from "#tests/support/db";
import type { DatabaseHandle } from "#server/db/client";
import { analyticsEvents, analyticsPageviews, i18nMissing, siteSettings } from "#server/db/schema";
import { createLogger } from "#server/platform/logger";
import { RateLimiter } from "#server/platform/rate-limit";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { testActor } from "#tests/support/actors";
import { recordEvent, recordPageview } from "./analytics";
import { configureMaintenance, isUnlockTokenValid, loadMaintenanceState, unlockMaintenance, WRONG_PASSWORD_DELAY_MS } from "./maintenance";
import { reportMissingTranslation } from "./report-missing-translation";
import { SettingsStore } from "./settings";
import { updateSetting } from "./update-setting";

const actor = (roles: string[], profileRole: "creator" | "company" = "creator"): Actor =>
  testActor({ userId: `u-${roles.join("-") || profileRole}`, profileRole, roles });
const admin = actor(["Admin"]);
const moderator = actor(["Moderator"]);
const creator = actor([]);
const company = actor([], "company");
const refusedActors: [string, Actor, string][] = [
  ["a visitor", null, "auth.unauthenticated"],
  ["a creator", creator, "auth.forbidden"],
  ["a company", company, "auth.forbidden"],
  ["a moderator", moderator, "auth.forbidden"],
];

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "no error";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

describe("site settings, maintenance, analytics, missing translations", () => {
  let database: DatabaseHandle;
  let settings: SettingsStore;
  let rateLimiter: RateLimiter;
  const secret = "s".repeat(40);
  const silent = createLogger("silent");

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(siteSettings);
    await database.query("delete from rate_limit_hits");
    settings = new SettingsStore(database.db, 0);
    rateLimiter = new RateLimiter(database.db);
  });

  describe("updateSetting", () => {
    it.each(refusedActors)("refuses %s", async (_n, who, code) => {
      expect(await codeOf(updateSetting({ settings }, who, { key: "analytics_enabled", value: true }))).toBe(code);
      expect(await settings.get("analytics_enabled")).toBe(false);
    });

    it("lets an admin change a flag, validated", async () => {
      await updateSetting({ settings }, admin, { key: "forum_enabled", value: true });
      expect(await settings.get("forum_enabled")).toBe(true);
      expect(await codeOf(updateSetting({ settings }, admin, { key: "forum_enabled", value: "yes" }))).toBe("input.invalid");
      expect(await codeOf(updateSetting({ settings }, admin, { key: "maintenance", value: { enabled: true } }))).toBe("input.invalid");
      expect(
        await codeOf(
          updateSetting({ settings }, admin, { key: "announcement", value: { url: "javascript:alert(1)", imageUrl: "/x.svg" } }),
        ),
      ).toBe("input.invalid");
    });

    it("has the documented defaults", async () => {
      expect(await settings.runtimeFlags()).toEqual({ analytics_enabled: false, forum_enabled: false, i18n_missing_enabled: false });
    });

    it("ignores a stored value that no longer fits its schema", async () => {
      await database.db.insert(siteSettings).values({ key: "analytics_enabled", value: "garbage" });
      expect(await settings.get("analytics_enabled")).toBe(false);
    });
  });

  describe("maintenance", () => {
    it.each(refusedActors)("refuses configuration by %s", async (_n, who, code) => {
      expect(await codeOf(configureMaintenance({ settings }, who, { enabled: true, password: "pw" }))).toBe(code);
      expect((await loadMaintenanceState(settings, silent)).enabled).toBe(false);
    });

    it("needs a password to be turned on the first time, and stores only its hash", async () => {
      expect(await codeOf(configureMaintenance({ settings }, admin, { enabled: true }))).toBe("site.maintenance_password_required");
      await configureMaintenance({ settings }, admin, { enabled: true, password: "open sesame" });
      const rows = await database.db.select().from(siteSettings);
      expect(JSON.stringify(rows)).not.toContain("open sesame");
      expect((await settings.get("maintenance")).passwordHash).toMatch(/^\$argon2id\$/);
      expect((await loadMaintenanceState(settings, silent)).enabled).toBe(true);
    });

    it("unlocks with the right password; a wrong one is refused after the delay", async () => {
      await configureMaintenance({ settings }, admin, { enabled: true, password: "open sesame" });
      const slept: number[] = [];
      const deps = { settings, rateLimiter, secret, sleep: async (ms: number) => void slept.push(ms) };
      expect(await codeOf(unlockMaintenance(deps, { password: "nope" }, "ip1"))).toBe("site.maintenance_wrong_password");
      expect(slept).toEqual([WRONG_PASSWORD_DELAY_MS]);
      expect(await codeOf(unlockMaintenance(deps, { password: "" }, "ip1"))).toBe("site.maintenance_password_required");
      const { token } = await unlockMaintenance(deps, { password: "open sesame" }, "ip1");
      const state = await loadMaintenanceState(settings, silent);
      expect(isUnlockTokenValid(secret, state, token)).toBe(true);
      expect(isUnlockTokenValid("another-secret".repeat(3), state, token)).toBe(false);
      expect(isUnlockTokenValid(secret, state, token.slice(0, -2) + "xx")).toBe(false);
      expect(isUnlockTokenValid(secret, state, undefined)).toBe(false);
    });

    it("waits about 500 ms before answering a wrong password", async () => {
      await configureMaintenance({ settings }, admin, { enabled: true, password: "open sesame" });
      const started = performance.now();
      await codeOf(unlockMaintenance({ settings, rateLimiter, secret }, { password: "wrong" }, "ip-delay"));
      expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    });

    it("a new password invalidates earlier unlocks", async () => {
      await configureMaintenance({ settings }, admin, { enabled: true, password: "first" });
      const deps = { settings, rateLimiter, secret };
      const { token } = await unlockMaintenance(deps, { password: "first" }, "ip2");
      await new Promise((r) => setTimeout(r, 5));
      await configureMaintenance({ settings }, admin, { enabled: true, password: "second" });
      expect(isUnlockTokenValid(secret, await loadMaintenanceState(settings, silent), token)).toBe(false);
    });

    it("rate limits unlock attempts per client: 5 a minute", async () => {
      await configureMaintenance({ settings }, admin, { enabled: true, password: "pw" });
      const deps = { settings, rateLimiter, secret, sleep: async () => {} };
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push(await codeOf(unlockMaintenance(deps, { password: "bad" }, "ip3")));
      expect(codes.slice(0, 5)).toEqual(Array(5).fill("site.maintenance_wrong_password"));
      expect(codes[5]).toBe("rate_limited");
      // Even the right password waits out the limit; another client is unaffected.
      expect(await codeOf(unlockMaintenance(deps, { password: "pw" }, "ip3"))).toBe("rate_limited");
      expect(await codeOf(unlockMaintenance(deps, { password: "pw" }, "ip4"))).toBe("no error");
    });

    it("treats the site as open when the configuration cannot be loaded, and logs it", async () => {
      const lines: string[] = [];
      const log = createLogger("info", {}, (l) => lines.push(l));
      const broken = {
        get: async () => {
          throw new Error("db down");
        },
      } as unknown as SettingsStore;
      expect(await loadMaintenanceState(broken, log)).toEqual({ enabled: false, changedAt: "" });
      expect(lines.join()).toContain("site left open");
    });

    it("can be turned off again, keeping the password for next time", async () => {
      await configureMaintenance({ settings }, admin, { enabled: true, password: "pw" });
      await configureMaintenance({ settings }, admin, { enabled: false });
      expect((await loadMaintenanceState(settings, silent)).enabled).toBe(false);
      await configureMaintenance({ settings }, admin, { enabled: true });
      expect((await loadMaintenanceState(settings, silent)).enabled).toBe(true);
    });
  });

  describe("analytics", () => {
    const facts = {
      consentGranted: true,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36",
      country: "ES",
      clientKey: "ip",
    };
    const view = { pagePath: "/es/about", visitorId: "6f1c6f1e-8f1a-4c36-9d7e-0d6f6b1b3f10" };
    const countViews = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(analyticsPageviews))[0].n;
    const deps = () => ({ db: database.db, settings, rateLimiter });

    beforeEach(async () => {
      await database.db.delete(analyticsPageviews);
      await database.db.delete(analyticsEvents);
    });

    it("records nothing while the flag is off", async () => {
      expect(await recordPageview(deps(), facts, view)).toEqual({ recorded: false, reason: "disabled" });
      expect(await countViews()).toBe(0);
    });

    it("records nothing without analytics consent, and nothing for bots", async () => {
      await settings.write("analytics_enabled", true, "test");
      expect(await recordPageview(deps(), { ...facts, consentGranted: false }, view)).toMatchObject({
        recorded: false,
        reason: "no_consent",
      });
      expect(await recordPageview(deps(), { ...facts, userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }, view)).toMatchObject({
        recorded: false,
        reason: "bot",
      });
      expect(await countViews()).toBe(0);
    });

    it("records a page view with the spec's fallbacks: desktop, direct, the given country", async () => {
      await settings.write("analytics_enabled", true, "test");
      expect(await recordPageview(deps(), facts, { ...view, referrer: "  " })).toEqual({ recorded: true });
      const [row] = await database.db.select().from(analyticsPageviews);
      expect(row).toMatchObject({
        pagePath: "/es/about",
        deviceType: "desktop",
        referrer: "direct",
        country: "ES",
        visitorId: view.visitorId,
      });
    });

    it("validates input", async () => {
      await settings.write("analytics_enabled", true, "test");
      for (const bad of [
        {},
        { ...view, visitorId: "not-a-uuid" },
        { ...view, pagePath: "https://evil.example/" },
        { ...view, pagePath: "/a b" },
      ]) {
        expect(await codeOf(recordPageview(deps(), facts, bad))).toBe("input.invalid");
      }
      expect(await codeOf(recordEvent(deps(), facts, { ...view, eventType: "<script>" }))).toBe("input.invalid");
      expect(await codeOf(recordEvent(deps(), facts, { ...view, eventType: "video_play", metadata: { nested: { a: 1 } } }))).toBe(
        "input.invalid",
      );
      // Only the listed event types (shared/analytics.ts) are accepted.
      expect(await codeOf(recordEvent(deps(), facts, { ...view, eventType: "game_click" }))).toBe("input.invalid");
    });

    it("records events with their fields", async () => {
      await settings.write("analytics_enabled", true, "test");
      await recordEvent(deps(), facts, { ...view, eventType: "video_play", elementId: "cta", metadata: { detail: "trailer" } });
      const [row] = await database.db.select().from(analyticsEvents);
      expect(row).toMatchObject({ eventType: "video_play", gameId: null, elementId: "cta", metadata: { detail: "trailer" } });
    });

    it("is rate limited per client", async () => {
      await settings.write("analytics_enabled", true, "test");
      // A clock that stands still inside one window: on the real clock the 121 views could straddle the minute's turn.
      const limited = new RateLimiter(database.db, () => Date.UTC(2026, 0, 5, 12, 0, 30));
      let last = "";
      for (let i = 0; i < 121; i++)
        last = await codeOf(recordPageview({ ...deps(), rateLimiter: limited }, { ...facts, clientKey: "busy" }, view));
      expect(last).toBe("rate_limited");
    });
  });

  describe("missing translations (i18n-missing)", () => {
    const report = { lang: "es", namespace: "common", key: "nav.nope", route: "/es/" };
    const deps = () => ({ db: database.db, settings, rateLimiter });

    it("stores nothing while the setting is off (the default)", async () => {
      expect(await reportMissingTranslation(deps(), "ip", report)).toEqual({ stored: false });
      expect(await database.db.select().from(i18nMissing)).toHaveLength(0);
    });

    it("stores one row per key and counts repeats when on", async () => {
      await settings.write("i18n_missing_enabled", true, "test");
      await reportMissingTranslation(deps(), "ip", report);
      await reportMissingTranslation(deps(), "ip", { ...report, route: "/es/about" });
      const rows = await database.db.select().from(i18nMissing);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ count: 2, route: "/es/about" });
      expect(await codeOf(reportMissingTranslation(deps(), "ip", { ...report, lang: "<script>" }))).toBe("input.invalid");
    });
  });

  it("factories build users the seed and tests share", async () => {
    const u = await createUser(database.db, { roles: ["Admin"] });
    expect(u.email).toContain("@");
  });
});
