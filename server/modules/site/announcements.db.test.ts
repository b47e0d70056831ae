import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { announcements, auditLog, i18nMissing, siteSettings } from "#server/db/schema";
import { seedDemoAnnouncements } from "#server/db/seed-announcements";
import { EventBus } from "#server/platform/events";
import { createLogger } from "#server/platform/logger";
import { RateLimiter } from "#server/platform/rate-limit";
import { LocalStorage } from "#server/platform/storage";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { oneColourPng } from "#tests/support/test-images";
import { clearMissingTranslations } from "./clear-missing-translations";
import { createAnnouncement } from "./create-announcement";
import { deleteAnnouncement } from "./delete-announcement";
import type { SiteDeps } from "./deps";
import { listAnnouncements, upcomingAnnouncements } from "./list-announcements";
import { listMissingTranslations } from "./list-missing-translations";
import { flaggedLanguages } from "./missing-translations";
import { reportMissingTranslation } from "./report-missing-translation";
import { SettingsStore } from "./settings";
import { loadSidePanel } from "./side-panel";
import { updateAnnouncement } from "./update-announcement";

const actor = (roles: string[], profileRole: "creator" | "company" = "creator"): Actor =>
  testActor({ userId: `u-${roles.join("-") || profileRole}`, profileRole, roles });
const admin = actor(["Admin"]);
const refusedActors: [string, Actor, string][] = [
  ["a visitor", null, "auth.unauthenticated"],
  ["a creator", actor([]), "auth.forbidden"],
  ["a company", actor([], "company"), "auth.forbidden"],
  ["a moderator", actor(["Moderator"]), "auth.forbidden"],
];

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "no error";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};
const fieldErrorsOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return e instanceof DomainError ? (e.details?.fieldErrors as Record<string, string>) : null;
  }
};

const NOW = new Date("2026-12-07T10:00:00Z");
const fields = (over: Record<string, string> = {}) => ({
  titleEs: "Noche de demos",
  titleEn: "Demo night",
  startsLocal: "2026-12-20T21:00",
  timeZone: "Europe/Madrid",
  videoUrl: "https://www.youtube.com/@nexoindie",
  ...over,
});
const banner = () => oneColourPng(1600, 900);

describe("announcements and missing translations", () => {
  let database: DatabaseHandle;
  let uploads: string;
  let deps: SiteDeps;
  let published: string[];

  beforeAll(async () => {
    database = await testDatabase();
    uploads = mkdtempSync(join(tmpdir(), "announcements-"));
  });
  afterAll(async () => {
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(announcements);
    await database.db.delete(i18nMissing);
    await database.db.delete(siteSettings);
    await database.query("delete from rate_limit_hits");
    const events = new EventBus(createLogger("silent"));
    published = [];
    events.subscribe("announcement.changed", (e) => void published.push(`${e.change}:${e.announcementId}`));
    events.subscribe("i18n_missing.cleared", (e) => void published.push(`cleared:${e.lang ?? "all"}`));
    deps = {
      db: database.db,
      settings: new SettingsStore(database.db, 0),
      storage: new LocalStorage(uploads),
      events,
      rateLimiter: new RateLimiter(database.db),
      now: () => NOW,
    };
  });

  const lastAudit = async (action: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  describe("createAnnouncement", () => {
    it("stores the time entered in its zone as UTC, the banner re-encoded through the storage layer, audited and announced", async () => {
      const created = await createAnnouncement(deps, admin, { fields: fields(), image: banner() });
      expect(created.startsAt).toBe("2026-12-20T20:00:00.000Z");
      expect(created.timeZone).toBe("Europe/Madrid");
      expect(created.imageUrl).toMatch(/^\/media\/announcements\/[0-9a-f-]+\/[0-9a-f]{16}\.webp$/);
      expect(await deps.storage.read(deps.storage.keyOf(created.imageUrl)!)).not.toBeNull();
      const audit = await lastAudit("announcement.create");
      expect(audit).toMatchObject({ targetType: "announcement", targetId: created.id, targetName: "Demo night" });
      expect(published).toEqual([`created:${created.id}`]);
    });

    it("reads a summer time with its own offset (SPEC §9: 10 September 2025, 21:00 in Madrid)", async () => {
      const created = await createAnnouncement(deps, admin, { fields: fields({ startsLocal: "2025-09-10T21:00" }), image: banner() });
      expect(created.startsAt).toBe("2025-09-10T19:00:00.000Z");
    });

    it.each(refusedActors)("refuses %s", async (_n, who, code) => {
      expect(await codeOf(createAnnouncement(deps, who, { fields: fields(), image: banner() }))).toBe(code);
      expect(await database.db.select().from(announcements)).toEqual([]);
    });

    it("names each wrong field, and wants a banner", async () => {
      expect(
        await fieldErrorsOf(
          createAnnouncement(deps, admin, {
            fields: fields({
              titleEs: "",
              titleEn: "a\u0007b",
              startsLocal: "2026-13-40T25:00",
              timeZone: "Mars/Base",
              videoUrl: "javascript:alert(1)",
            }),
            image: banner(),
          }),
        ),
      ).toEqual({
        titleEs: "errors:site.announcement_title",
        titleEn: "errors:site.announcement_title",
        startsLocal: "errors:site.announcement_time",
        timeZone: "errors:site.announcement_zone",
        videoUrl: "errors:site.announcement_url",
      });
      expect(
        await fieldErrorsOf(createAnnouncement(deps, admin, { fields: fields({ startsLocal: "2026-02-30T10:00" }), image: banner() })),
      ).toEqual({
        startsLocal: "errors:site.announcement_time",
      });
      expect(await codeOf(createAnnouncement(deps, admin, { fields: fields(), image: null }))).toBe("site.announcement_image_required");
      expect(await codeOf(createAnnouncement(deps, admin, { fields: fields(), image: new TextEncoder().encode("not an image") }))).toBe(
        "accounts.avatar_type",
      );
      expect(await codeOf(createAnnouncement(deps, admin, { fields: fields({ videoUrl: "ftp://example.com/x" }), image: banner() }))).toBe(
        "input.invalid",
      );
      expect(await database.db.select().from(announcements)).toEqual([]);
    });
  });

  describe("updateAnnouncement", () => {
    it("changes the fields, keeps the banner without a new file, replaces it with one, and audits what changed", async () => {
      const a = await createAnnouncement(deps, admin, { fields: fields(), image: banner() });
      const kept = await updateAnnouncement(deps, admin, {
        id: a.id,
        fields: fields({ titleEn: "Demo night II", timeZone: "America/New_York" }),
      });
      expect(kept.imageUrl).toBe(a.imageUrl);
      expect(kept.startsAt).toBe("2026-12-21T02:00:00.000Z");
      expect((await lastAudit("announcement.update"))?.details).toEqual({ changed: ["titleEn", "startsAt", "timeZone"] });
      // The test images are all one colour (the same file once re-encoded): an older banner is put in place first.
      const oldUrl = await deps.storage.put(`announcements/${a.id}/0000000000000000.webp`, new Uint8Array([1, 2, 3]));
      await database.db.update(announcements).set({ imageUrl: oldUrl }).where(eq(announcements.id, a.id));
      const replaced = await updateAnnouncement(deps, admin, { id: a.id, fields: fields(), image: oneColourPng(1280, 720) });
      expect(replaced.imageUrl).toBe(a.imageUrl);
      expect(await deps.storage.read(deps.storage.keyOf(oldUrl)!)).toBeNull();
      expect(await deps.storage.read(deps.storage.keyOf(a.imageUrl)!)).not.toBeNull();
      expect(published.filter((p) => p.startsWith("updated:"))).toHaveLength(2);
    });

    it("answers not found for an unknown id", async () => {
      expect(await codeOf(updateAnnouncement(deps, admin, { id: "nope", fields: fields() }))).toBe("site.announcement_not_found");
    });

    it.each(refusedActors)("refuses %s", async (_n, who, code) => {
      const a = await createAnnouncement(deps, admin, { fields: fields(), image: banner() });
      expect(await codeOf(updateAnnouncement(deps, who, { id: a.id, fields: fields({ titleEn: "Changed" }) }))).toBe(code);
      expect((await listAnnouncements(deps, admin))[0]!.titles.en).toBe("Demo night");
    });
  });

  describe("deleteAnnouncement", () => {
    it("deletes the row and its banner, audited and announced", async () => {
      const a = await createAnnouncement(deps, admin, { fields: fields(), image: banner() });
      expect(await deleteAnnouncement(deps, admin, { id: a.id })).toEqual({ id: a.id, title: "Demo night" });
      expect(await database.db.select().from(announcements)).toEqual([]);
      expect(await deps.storage.read(deps.storage.keyOf(a.imageUrl)!)).toBeNull();
      expect((await lastAudit("announcement.delete"))?.targetName).toBe("Demo night");
      expect(published).toContain(`deleted:${a.id}`);
      expect(await codeOf(deleteAnnouncement(deps, admin, { id: a.id }))).toBe("site.announcement_not_found");
    });

    it.each(refusedActors)("refuses %s", async (_n, who, code) => {
      const a = await createAnnouncement(deps, admin, { fields: fields(), image: banner() });
      expect(await codeOf(deleteAnnouncement(deps, who, { id: a.id }))).toBe(code);
      expect(await database.db.select().from(announcements)).toHaveLength(1);
    });
  });

  describe("reads", () => {
    it("lists every announcement to Admins, the latest first; the public read drops past events by itself", async () => {
      expect(await seedDemoAnnouncements(database.db, NOW)).toBe(true);
      expect(await seedDemoAnnouncements(database.db, NOW)).toBe(false);
      const all = await listAnnouncements(deps, admin);
      expect(all).toHaveLength(3);
      expect(all.at(-1)).toMatchObject({ startsAt: "2025-09-10T19:00:00.000Z", timeZone: "Europe/Madrid" });
      const upcoming = await upcomingAnnouncements(database.db, NOW, 5);
      expect(upcoming.map((e) => e.titles.en)).toEqual(["Live: community demo night", "Winter indie showcase"]);
      // Still shown while it runs (three hours), gone after.
      const first = new Date(upcoming[0]!.startsAt);
      expect(await upcomingAnnouncements(database.db, new Date(first.getTime() + 2 * 3600_000), 5)).toHaveLength(2);
      expect(await upcomingAnnouncements(database.db, new Date(first.getTime() + 4 * 3600_000), 5)).toHaveLength(1);
      const panel = await loadSidePanel(deps.settings, database.db, undefined, NOW);
      expect(panel.events.map((e) => e.titles.es)).toEqual(["Directo: demos de la comunidad"]);
    });

    it.each(refusedActors)("refuses the admin list to %s", async (_n, who, code) => {
      expect(await codeOf(listAnnouncements(deps, who))).toBe(code);
    });
  });

  describe("missing translations", () => {
    const report = (key: string, lang = "es") => ({ lang, namespace: "common", key, route: "/es/about" });
    const on = () => deps.settings.write("i18n_missing_enabled", true, "test");

    it("records a key once with its count, flags a language past 10 distinct keys, and clears it (audited)", async () => {
      await on();
      for (let i = 0; i < 3; i++) await reportMissingTranslation(deps, "ip", report("nav.same"));
      let list = await listMissingTranslations(deps, admin);
      expect(list.rows).toHaveLength(1);
      expect(list.rows[0]).toMatchObject({ lang: "es", namespace: "common", key: "nav.same", count: 3 });
      for (let i = 0; i < 10; i++) await reportMissingTranslation(deps, "ip", report(`k${i}`));
      list = await listMissingTranslations(deps, admin);
      expect(list.languages).toEqual([
        { lang: "es", keys: 11, flagged: true },
        { lang: "en", keys: 0, flagged: false },
      ]);
      expect(await flaggedLanguages(database.db)).toEqual(["es"]);
      expect(await clearMissingTranslations(deps, admin, { lang: "es" })).toEqual({ lang: "es", cleared: 11 });
      expect(await flaggedLanguages(database.db)).toEqual([]);
      expect((await lastAudit("i18n_missing.clear"))?.details).toEqual({ count: 11 });
      expect(published).toEqual(["cleared:es"]);
    });

    it("refuses control characters, and limits reports per client", async () => {
      await on();
      expect(await codeOf(reportMissingTranslation(deps, "ip", report("a\nb")))).toBe("input.invalid");
      expect(await codeOf(reportMissingTranslation(deps, "ip", { ...report("ok"), route: "/es/\u0000x" }))).toBe("input.invalid");
      // 60 a minute: within two windows' worth of reports one is refused, whenever the minute turns.
      let refusedAt = -1;
      for (let i = 0; i < 121 && refusedAt < 0; i++)
        if ((await codeOf(reportMissingTranslation(deps, "busy", report("same")))) === "rate_limited") refusedAt = i;
      expect(refusedAt).toBeGreaterThanOrEqual(60);
      expect(await codeOf(reportMissingTranslation(deps, "other", report("same")))).toBe("no error");
    });

    it("clears all languages at once, and refuses a made-up language", async () => {
      await on();
      await reportMissingTranslation(deps, "ip", report("a", "es"));
      await reportMissingTranslation(deps, "ip", report("b", "en"));
      expect(await codeOf(clearMissingTranslations(deps, admin, { lang: "fr" }))).toBe("input.invalid");
      expect(await clearMissingTranslations(deps, admin, { lang: "all" })).toEqual({ lang: "all", cleared: 2 });
    });

    it.each(refusedActors)("refuses the list and the clearing to %s", async (_n, who, code) => {
      await on();
      await reportMissingTranslation(deps, "ip", report("a"));
      expect(await codeOf(listMissingTranslations(deps, who))).toBe(code);
      expect(await codeOf(clearMissingTranslations(deps, who, { lang: "all" }))).toBe(code);
      expect(await database.db.select().from(i18nMissing)).toHaveLength(1);
    });
  });
});
