import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { member, testClock } from "#tests/support/forum-kit";
import { gamificationKit, statsOf } from "#tests/support/gamification-kit";
import type { DatabaseHandle } from "#server/db/client";
import { achievements, userAchievements, xpLedger } from "#server/db/schema";
import { EventBus, type DomainEvents } from "#server/platform/events";
import { startJobs } from "#server/platform/jobs";
import { createLogger } from "#server/platform/logger";
import type { Actor } from "#server/modules/accounts/actor";
import { settingDefinitions } from "#server/modules/site/settings";
import { DEFAULT_ACHIEVEMENTS, xpForLevel } from "./defaults";
import { createGamificationService } from "./index";
import type { XpReason } from "./pipeline";
import { runSession } from "./session";

const noCaps = {
  ...settingDefinitions.gamification_settings.default,
  dailyCaps: { thread_create: null, post_create: null, like_received: null },
  pairDailyCap: null,
};

describe("achievements and levels", () => {
  let database: DatabaseHandle;
  let kit: Awaited<ReturnType<typeof gamificationKit>>;
  const clock = testClock(new Date("2026-06-10T10:00:00Z"));
  let admin: NonNullable<Actor>;
  let n = 0;
  const someone = async () => (await member(database.db, clock.now(), { username: `p_${++n}` })).userId;
  const unlocked: DomainEvents["achievement.unlocked"][] = [];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    kit = await gamificationKit(database.db, clock);
    await kit.forum.settings.write("gamification_settings", noCaps, "test");
    admin = await member(database.db, clock.now(), { username: "the_admin", roles: ["Admin"] });
    kit.forum.events.subscribe("achievement.unlocked", (e) => void unlocked.push(e));
  });
  afterAll(async () => {
    kit.stop();
    await database.close();
  });

  let source = 0;
  /**
   * `count` more of what an achievement type counts, written through the XP engine in one transaction (a
   * thread, a reply, a like received from `other`, or a like given to `other`'s posts).
   */
  async function give(type: "threads" | "posts" | "likes_given" | "likes_received", userId: string, other: string, count: number) {
    if (!count) return;
    const deps = { db: database.db, settings: kit.forum.settings, events: kit.forum.events, modifiers: [] };
    await runSession(deps, clock.now(), async (s) => {
      await s.lock([userId, other]);
      for (let i = 0; i < count; i++) {
        const sourceId = `src-${++source}`;
        if (type === "likes_given")
          await s.award({ userId: other, reason: "like_received", sourceId, counterpartId: userId }, clock.now(), {});
        else {
          const reason: XpReason = type === "threads" ? "thread_create" : type === "posts" ? "post_create" : "like_received";
          await s.award({ userId, reason, sourceId, counterpartId: type === "likes_received" ? other : null }, clock.now(), {});
        }
      }
    });
  }
  const state = async (userId: string, achievementId: string) => ({
    unlocks: (
      await database.db
        .select()
        .from(userAchievements)
        .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId)))
    ).length,
    rewards: (
      await database.db
        .select({ amount: xpLedger.amount })
        .from(xpLedger)
        .where(and(eq(xpLedger.userId, userId), eq(xpLedger.reason, "achievement"), eq(xpLedger.sourceId, achievementId)))
    ).map((r) => r.amount),
    told: unlocked.filter((e) => e.userId === userId && e.achievementId === achievementId).length,
  });

  for (const a of DEFAULT_ACHIEVEMENTS.filter((x) => x.type !== "level")) {
    it(`${a.key}: locked at ${a.threshold - 1}, unlocked once at ${a.threshold} with ${a.rewardXp} XP, still once at ${a.threshold + 1}`, async () => {
      const [person, other] = [await someone(), await someone()];
      const type = a.type as "threads" | "posts" | "likes_given" | "likes_received";
      await give(type, person, other, a.threshold - 1);
      expect(await state(person, a.id)).toEqual({ unlocks: 0, rewards: [], told: 0 });
      await give(type, person, other, 1);
      expect(await state(person, a.id)).toEqual({ unlocks: 1, rewards: [a.rewardXp], told: 1 });
      await give(type, person, other, 1);
      expect(await state(person, a.id)).toEqual({ unlocks: 1, rewards: [a.rewardXp], told: 1 });
    });
  }

  const levelAchievements = DEFAULT_ACHIEVEMENTS.filter((x) => x.type === "level");
  for (const a of levelAchievements) {
    it(`${a.key}: locked one XP below level ${a.threshold}, unlocked once at it, still once one XP above`, async () => {
      const person = await someone();
      const adjust = (amount: number) => kit.game.adjustXp(admin, { userId: person, amount, reason: "Threshold test" });
      // The lower level achievements' rewards arrive on the way up: land one XP below the level, counting them.
      const lowerRewards = levelAchievements.filter((x) => x.threshold < a.threshold).reduce((sum, x) => sum + x.rewardXp, 0);
      await adjust(xpForLevel(a.threshold) - 1 - lowerRewards);
      expect(await statsOf(database.db, person)).toMatchObject({ xp: xpForLevel(a.threshold) - 1, level: a.threshold - 1 });
      expect(await state(person, a.id)).toEqual({ unlocks: 0, rewards: [], told: 0 });
      await adjust(1);
      expect(await statsOf(database.db, person)).toMatchObject({ xp: xpForLevel(a.threshold) + a.rewardXp, level: a.threshold });
      expect(await state(person, a.id)).toEqual({ unlocks: 1, rewards: [a.rewardXp], told: 1 });
      await adjust(1);
      expect(await state(person, a.id)).toEqual({ unlocks: 1, rewards: [a.rewardXp], told: 1 });
    });
  }

  it("shows every achievement locked or unlocked with rarity and progress, and the level's progress", async () => {
    const [person, other] = [await someone(), await someone()];
    await give("threads", person, other, 3);
    await give("likes_received", person, other, 60);
    const s = await kit.game.personSummary({ userId: person });
    // 3 threads × 10 + threads_1 10 + 60 likes × 2 + likes_received_1 5 + likes_received_50 50 = 215 XP: level 3.
    expect(s).toMatchObject({
      xp: 215,
      level: 3,
      titleKey: "titles.newcomer",
      titleRank: 3,
      levelXp: 150,
      statPoints: 6,
      counters: { threads: 3, replies: 0, likesGiven: 0, likesReceived: 60 },
    });
    expect(s.next).toEqual({ level: 4, titleKey: "titles.newcomer", titleRank: 4, xpRequired: 300 });
    expect(s.progressPercent).toBe(43); // (215 − 150) / (300 − 150)
    expect(s.achievements).toHaveLength(DEFAULT_ACHIEVEMENTS.length);
    const byKey = new Map(s.achievements.map((a) => [a.key, a]));
    expect(byKey.get("threads_1")).toMatchObject({ unlocked: true, rarity: "Common", progress: { current: 3, target: 1, percent: 100 } });
    expect(byKey.get("threads_5")).toMatchObject({
      unlocked: false,
      unlockedAt: null,
      rarity: "Rare",
      progress: { current: 3, target: 5, percent: 60 },
    });
    expect(byKey.get("likes_received_50")).toMatchObject({ unlocked: true, rarity: "Rare", nameKey: "likes_received_50.name" });
    expect(byKey.get("level_5")).toMatchObject({ unlocked: false, progress: { current: 3, target: 5, percent: 60 } });
    expect(s.achievements.map((a) => a.key).slice(0, 5)).toEqual(["threads_1", "threads_5", "threads_20", "posts_10", "posts_50"]);
    expect((await kit.game.personSummary({ userId: await someone() })).achievements.every((a) => !a.unlocked)).toBe(true);
  });

  it("grants an achievement added later to everyone who already qualifies, once, even when run again", async () => {
    const [two, one, other] = [await someone(), await someone(), await someone()];
    await give("posts", two, other, 2);
    await give("posts", one, other, 1);
    const created = await kit.game.createAchievement(admin, {
      key: "posts_2",
      type: "posts",
      threshold: "2",
      rarity: "Rare",
      rewardXp: "30",
      nameEs: "Dos respuestas",
      nameEn: "Two replies",
    });
    expect(await state(two, created.id)).toEqual({ unlocks: 1, rewards: [30], told: 1 });
    expect(await state(one, created.id)).toEqual({ unlocks: 0, rewards: [], told: 0 });
    expect(await kit.game.settleAll()).toEqual({ settled: 0 });
    await give("posts", one, other, 1);
    expect(await state(one, created.id)).toEqual({ unlocks: 1, rewards: [30], told: 1 });
    // Lowering the threshold brings in those who qualify now; nobody gets it twice.
    const three = await someone();
    await give("posts", three, other, 1);
    await kit.game.updateAchievement(admin, { id: created.id, type: "posts", threshold: 1, rarity: "Rare", rewardXp: 30 });
    expect(await state(three, created.id)).toEqual({ unlocks: 1, rewards: [30], told: 1 });
    expect(await state(two, created.id)).toEqual({ unlocks: 1, rewards: [30], told: 1 });
    await kit.game.deleteAchievement(admin, { id: created.id });
  });
});

describe("level boundaries (no achievements, so no rewards in between)", () => {
  let database: DatabaseHandle;
  let kit: Awaited<ReturnType<typeof gamificationKit>>;
  const clock = testClock(new Date("2026-06-10T10:00:00Z"));
  let admin: NonNullable<Actor>;
  let n = 0;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    kit = await gamificationKit(database.db, clock);
    await database.db.delete(achievements);
    admin = await member(database.db, clock.now(), { username: "the_admin", roles: ["Admin"] });
  });
  afterAll(async () => {
    kit.stop();
    await database.close();
  });

  for (const level of [2, 3, 10, 57, 100]) {
    it(`level ${level}: one XP below, at ${xpForLevel(level)} XP, one above; ${(level - 1) * 3} stat points`, async () => {
      const person = (await member(database.db, clock.now(), { username: `lvl_${++n}` })).userId;
      const adjust = (amount: number) => kit.game.adjustXp(admin, { userId: person, amount, reason: "Boundary test" });
      await adjust(xpForLevel(level) - 1);
      expect(await statsOf(database.db, person)).toMatchObject({ level: level - 1, statPoints: (level - 2) * 3 });
      await adjust(1);
      expect(await statsOf(database.db, person)).toMatchObject({ level, peakLevel: level, statPoints: (level - 1) * 3 });
      await adjust(1);
      expect(await statsOf(database.db, person)).toMatchObject({ level, statPoints: (level - 1) * 3 });
      const s = await kit.game.personSummary({ userId: person });
      expect(s.level).toBe(level);
      if (level === 100) expect([s.next, s.progressPercent]).toEqual([null, 100]);
      else expect(s.progressPercent).toBe(Math.floor(100 / (xpForLevel(level + 1) - xpForLevel(level))));
    });
  }

  it("stays at the top level with more XP, and follows an admin's level table", async () => {
    const person = (await member(database.db, clock.now(), { username: `lvl_${++n}` })).userId;
    await kit.game.adjustXp(admin, { userId: person, amount: 1_000_000, reason: "Top" });
    expect(await statsOf(database.db, person)).toMatchObject({ level: 100, statPoints: 99 * 3 });
    await kit.game.upsertLevel(admin, { level: 101, titleKey: "titles.mythic", xpRequired: 900_000 });
    expect(await statsOf(database.db, person)).toMatchObject({ level: 101, peakLevel: 101, statPoints: 100 * 3 });
    await kit.game.deleteLevel(admin, { level: 101 });
    expect(await statsOf(database.db, person)).toMatchObject({ level: 100, peakLevel: 101, statPoints: 100 * 3 });
  });
});

describe("the settle job on pg-boss", () => {
  let database: DatabaseHandle;
  const clock = testClock(new Date("2026-06-10T10:00:00Z"));

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
  });
  afterAll(() => database.close());

  it("grants a new achievement from the queued job, to the people who qualify", async () => {
    const log = createLogger("silent");
    const jobs = await startJobs(database, log, true);
    const kit = await gamificationKit(database.db, clock);
    const game = createGamificationService({
      db: database.db,
      settings: kit.forum.settings,
      events: new EventBus(log),
      jobs,
      now: clock.now,
      log,
    });
    try {
      await game.start({ pollingIntervalSeconds: 0.5 });
      const admin = await member(database.db, clock.now(), { username: "job_admin", roles: ["Admin"] });
      const person = (await member(database.db, clock.now(), { username: "job_person" })).userId;
      await game.adjustXp(admin, { userId: person, amount: 60, reason: "Setup" });
      const created = await game.createAchievement(admin, {
        key: "level_2",
        type: "level",
        threshold: 2,
        rarity: "Common",
        rewardXp: 7,
        nameEs: "Nivel dos",
        nameEn: "Level two",
      });
      const has = async () =>
        (
          await database.db
            .select()
            .from(userAchievements)
            .where(and(eq(userAchievements.userId, person), eq(userAchievements.achievementId, created.id)))
        ).length;
      for (let i = 0; i < 100 && !(await has()); i++) await new Promise((r) => setTimeout(r, 200));
      expect(await has()).toBe(1);
      expect(await statsOf(database.db, person)).toMatchObject({ xp: 67 });
    } finally {
      game.stop();
      kit.stop();
      await jobs.stop();
    }
  });
});
