import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { createUser } from "#server/db/factories";
import { testServices } from "#tests/support/services";
import { userChannel, type RealtimeMessage } from "#server/platform/realtime";
import type { Services } from "#server/services";

/**
 * What a person's open pages receive live when they reach a level or unlock an achievement — enough
 * for the toast's sentence (level and stat points; the achievement's key, name key and typed names) — and the
 * `gamification.changed` event that admins' edits publish (the page cache empties on it).
 */
describe("live gamification notifications", () => {
  let ctx: Awaited<ReturnType<typeof testServices>>;
  let services: Services;
  let admin: ReturnType<typeof testActor>;
  beforeAll(async () => {
    ctx = await testServices();
    services = ctx.services;
    admin = testActor({ userId: (await createUser(services.db, { roles: ["Admin"] })).id, roles: ["Admin"] });
  });
  afterAll(() => ctx.close());

  const listen = (userId: string) => {
    const got: RealtimeMessage[] = [];
    const stop = services.realtime.subscribe(userChannel(userId), (m) => got.push(m));
    return { got, stop };
  };

  it("a level up carries the level reached and the stat points granted", async () => {
    const u = await createUser(services.db);
    const live = listen(u.id);
    await services.gamification.adjustXp(admin, { userId: u.id, amount: 160, reason: "Prize" });
    live.stop();
    // 160 XP: level 3 (150 XP), two levels above 1, 3 stat points each.
    expect(live.got).toContainEqual(expect.objectContaining({ type: "notification", kind: "level_up", level: 3, statPoints: 6 }));
  });

  it("an unlock carries the achievement's key, name key and the names an admin typed", async () => {
    const u = await createUser(services.db);
    const created = await services.gamification.createAchievement(admin, {
      key: "big_prize",
      type: "level",
      threshold: 2,
      rarity: "Rare",
      rewardXp: 0,
      nameEs: "Gran premio",
      nameEn: "Big prize",
    });
    const live = listen(u.id);
    await services.gamification.adjustXp(admin, { userId: u.id, amount: 60, reason: "Prize" });
    live.stop();
    expect(live.got).toContainEqual(
      expect.objectContaining({
        kind: "achievement_unlocked",
        key: "big_prize",
        nameKey: "big_prize.name",
        nameEs: "Gran premio",
        nameEn: "Big prize",
      }),
    );
    // Every message stays flat (realtime messages carry primitives only) and keeps the unread count.
    for (const m of live.got) {
      expect(typeof m.unread).toBe("number");
      for (const v of Object.values(m)) expect(v === null || ["string", "number", "boolean"].includes(typeof v)).toBe(true);
    }
    await services.gamification.deleteAchievement(admin, { id: created.id });
  });

  it("forum notifications keep their small message (the count only)", async () => {
    const u = await createUser(services.db);
    const live = listen(u.id);
    await services.notifications.markRead(testActor({ userId: u.id }), { all: true });
    live.stop();
    for (const m of live.got) expect(m.kind).toBeUndefined();
  });

  it("admins' edits and adjustments publish gamification.changed", async () => {
    const causes: string[] = [];
    const stop = services.events.subscribe("gamification.changed", (e) => void causes.push(e.cause));
    const u = await createUser(services.db);
    await services.gamification.adjustXp(admin, { userId: u.id, amount: 5, reason: "Prize" });
    await services.gamification.upsertLevel(admin, { level: 101, titleKey: "titles.mythic", xpRequired: 10_000_000 });
    await services.gamification.deleteLevel(admin, { level: 101 });
    const a = await services.gamification.createAchievement(admin, {
      key: "edit_me",
      type: "threads",
      threshold: 999,
      rarity: "Common",
      rewardXp: 0,
      nameEs: "Uno",
      nameEn: "One",
    });
    await services.gamification.updateAchievement(admin, {
      id: a.id,
      type: "threads",
      threshold: 999,
      rarity: "Common",
      rewardXp: 0,
      nameEs: "Dos",
      nameEn: "Two",
    });
    await services.gamification.deleteAchievement(admin, { id: a.id });
    stop();
    expect(causes).toEqual(["xp_adjusted", "levels", "levels", "achievements", "achievements", "achievements"]);
  });
});
