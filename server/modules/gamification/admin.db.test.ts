import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum } from "#server/db/forum-factories";
import { codeOf, errorOf, member, testClock } from "#tests/support/forum-kit";
import { gamificationKit, statsOf } from "#tests/support/gamification-kit";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, levels, xpLedger } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { createThread } from "#server/modules/forum/create-thread";
import { settingDefinitions } from "#server/modules/site/settings";

describe("gamification admin", () => {
  let database: DatabaseHandle;
  let kit: Awaited<ReturnType<typeof gamificationKit>>;
  const clock = testClock(new Date("2026-06-01T10:00:00Z"));
  let admin: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let creator: NonNullable<Actor>;
  let unverified: NonNullable<Actor>;
  let target: NonNullable<Actor>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    kit = await gamificationKit(database.db, clock);
    admin = await member(database.db, clock.now(), { username: "game_admin", roles: ["Admin"] });
    mod = await member(database.db, clock.now(), { username: "game_mod", roles: ["Moderator"] });
    creator = await member(database.db, clock.now(), { username: "game_creator" });
    unverified = await member(database.db, clock.now(), { username: "game_unverified", emailVerified: false });
    target = await member(database.db, clock.now(), { username: "game_target" });
    const cat = await createCategory(database.db);
    await createForum(database.db, { categoryId: cat.id, slug: "admin-xp" });
  });
  afterAll(async () => {
    kit.stop();
    await database.close();
  });

  const settingsForm = {
    threadCreateXp: "12",
    postCreateXp: "6",
    likeReceivedXp: "3",
    threadCreateCap: "60",
    postCreateCap: "",
    likeReceivedCap: "300",
    pairDailyCap: "8",
    statPointsPerLevel: "4",
  };
  const achievementForm = {
    key: "helper_25",
    type: "posts",
    threshold: "25",
    rarity: "Epic",
    rewardXp: "40",
    nameEs: "Ayudante",
    nameEn: "Helper",
    descriptionEs: "",
    descriptionEn: "Post 25 replies.",
  };
  const lastAudit = async (action: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  it("refuses every admin-only operation to a visitor, a member and a Moderator", async () => {
    const g = kit.game;
    const ops: Array<[string, (a: Actor) => Promise<unknown>]> = [
      ["readSettings", (a) => g.readSettings(a)],
      ["updateSettings", (a) => g.updateSettings(a, settingsForm)],
      ["upsertLevel", (a) => g.upsertLevel(a, { level: 101, titleKey: "titles.mythic", xpRequired: 300_000 })],
      ["deleteLevel", (a) => g.deleteLevel(a, { level: 100 })],
      ["createAchievement", (a) => g.createAchievement(a, achievementForm)],
      [
        "updateAchievement",
        (a) => g.updateAchievement(a, { id: "threads_1", type: "threads", threshold: 1, rarity: "Common", rewardXp: 10 }),
      ],
      ["deleteAchievement", (a) => g.deleteAchievement(a, { id: "threads_1" })],
      ["adjustXp", (a) => g.adjustXp(a, { userId: target.userId, amount: 10, reason: "No" })],
    ];
    for (const [name, op] of ops) {
      expect([name, await codeOf(op(null))]).toEqual([name, "auth.unauthenticated"]);
      for (const who of [creator, unverified, mod])
        expect([name, who.username, await codeOf(op(who))]).toEqual([name, who.username, "auth.forbidden"]);
    }
    // Nothing changed: no audit rows, no ledger rows.
    expect(await database.db.select().from(auditLog)).toEqual([]);
    expect(await database.db.select().from(xpLedger)).toEqual([]);
  });

  it("lets Moderators and Admins read the ranking (Admins may adjust), and members only their own history", async () => {
    expect(await codeOf(kit.game.ranking(null, {}))).toBe("auth.unauthenticated");
    expect(await codeOf(kit.game.ranking(creator, {}))).toBe("auth.forbidden");
    expect(await kit.game.ranking(mod, {})).toMatchObject({ period: "all", canAdjust: false });
    expect(await kit.game.ranking(admin, { period: "week" })).toMatchObject({ period: "week", canAdjust: true });
    expect(await codeOf(kit.game.listLedger(null, { userId: target.userId }))).toBe("auth.unauthenticated");
    expect(await codeOf(kit.game.listLedger(creator, { userId: target.userId }))).toBe("auth.forbidden");
    expect(await kit.game.listLedger(target, { userId: target.userId })).toMatchObject({ items: [], total: 0 });
    expect(await kit.game.listLedger(mod, { userId: target.userId })).toMatchObject({ items: [], total: 0 });
    const adminOnly = [
      "readSettings",
      "updateSettings",
      "saveLevel",
      "deleteLevel",
      "listAchievements",
      "createAchievement",
      "updateAchievement",
      "deleteAchievement",
      "adjust",
    ];
    const none = Object.fromEntries(adminOnly.map((k) => [k, false]));
    const all = Object.fromEntries(adminOnly.map((k) => [k, true]));
    expect(kit.game.abilities(mod)).toEqual({ ...none, ranking: true });
    expect(kit.game.abilities(admin)).toEqual({ ...all, ranking: true });
    expect(kit.game.abilities(null)).toEqual({ ...none, ranking: false });
  });

  it("saves the settings from the form's fields (blank cap: none), audited, and new XP follows them", async () => {
    const saved = await kit.game.updateSettings(admin, settingsForm);
    expect(saved).toEqual({
      rewards: { thread_create: 12, post_create: 6, like_received: 3 },
      dailyCaps: { thread_create: 60, post_create: null, like_received: 300 },
      pairDailyCap: 8,
      statPointsPerLevel: 4,
    });
    expect(await kit.game.readSettings(admin)).toEqual(saved);
    expect(await lastAudit("gamification.settings.update")).toMatchObject({
      actorId: admin.userId,
      targetId: "gamification_settings",
      details: { before: settingDefinitions.gamification_settings.default, after: saved },
    });
    const err = await errorOf(kit.game.updateSettings(admin, { ...settingsForm, threadCreateXp: "lots", statPointsPerLevel: "101" }));
    expect([err.code, err.details]).toEqual([
      "input.invalid",
      { fieldErrors: { threadCreateXp: "errors:gamification.xp_range", statPointsPerLevel: "errors:gamification.stat_points_range" } },
    ]);
    clock.advance(60_000);
    await createThread(kit.forum, creator, { forumSlug: "admin-xp", title: "Settings apply", body: "Twelve XP please" });
    const [row] = await database.db
      .select()
      .from(xpLedger)
      .where(and(eq(xpLedger.userId, creator.userId), eq(xpLedger.reason, "thread_create")));
    expect(row.amount).toBe(12);
  });

  it("adjusts XP with a required reason, on the ledger and in the audit log, and explains it in the history", async () => {
    const bad = await errorOf(kit.game.adjustXp(admin, { userId: target.userId, amount: "0", reason: " " }));
    expect(bad.details).toEqual({
      fieldErrors: { amount: "errors:gamification.adjust_amount_range", reason: "errors:gamification.adjust_reason_required" },
    });
    expect(await codeOf(kit.game.adjustXp(admin, { userId: "nobody", amount: 5, reason: "Prize" }))).toBe("not_found");
    const done = await kit.game.adjustXp(admin, { userId: target.userId, amount: "75", reason: "Won the jam" });
    expect(done).toMatchObject({ userId: target.userId, xp: 75 });
    expect(await statsOf(database.db, target.userId)).toMatchObject({ xp: 75, level: 2, statPoints: 4 });
    expect(await lastAudit("gamification.xp.adjust")).toMatchObject({
      actorId: admin.userId,
      targetType: "user",
      targetId: target.userId,
      targetName: "game_target",
      reason: "Won the jam",
      details: { amount: 75, xpBefore: 0, xpAfter: 75, ledgerId: done.ledgerId },
    });
    const history = await kit.game.listLedger(target, { userId: target.userId });
    expect(history.items).toEqual([
      expect.objectContaining({
        id: done.ledgerId,
        reason: "adjustment",
        amount: 75,
        sourceKind: "admin",
        counterpart: { id: admin.userId, username: "game_admin" },
        note: "Won the jam",
      }),
    ]);
    expect(await codeOf(kit.game.adjustXp(admin, { userId: target.userId, amount: -76, reason: "Too much" }))).toBe(
      "gamification.xp_negative",
    );
  });

  it("edits levels: no gaps, level 1 at 0 XP, XP growing with the level; only the top level is deleted; all audited", async () => {
    expect(await codeOf(kit.game.upsertLevel(admin, { level: 1, titleKey: "titles.newcomer", xpRequired: 5 }))).toBe(
      "gamification.level_first",
    );
    expect(await codeOf(kit.game.upsertLevel(admin, { level: 103, titleKey: "titles.mythic", xpRequired: 999_999 }))).toBe(
      "gamification.level_gap",
    );
    expect(await codeOf(kit.game.upsertLevel(admin, { level: 3, titleKey: "titles.newcomer", xpRequired: 50 }))).toBe(
      "gamification.level_order",
    );
    expect(await codeOf(kit.game.upsertLevel(admin, { level: 3, titleKey: "titles.newcomer", xpRequired: 300 }))).toBe(
      "gamification.level_order",
    );
    expect(await codeOf(kit.game.upsertLevel(admin, { level: 3, titleKey: "Bad Key!", xpRequired: 200 }))).toBe("input.invalid");
    // Level 2 now at 40 XP: the target (75 XP) stays at 2; one at 45 XP moves up and gets its stat points.
    const p = await member(database.db, clock.now(), { username: "level_mover" });
    await kit.game.adjustXp(admin, { userId: p.userId, amount: 45, reason: "Setup" });
    expect(await statsOf(database.db, p.userId)).toMatchObject({ level: 1, statPoints: 0 });
    expect(await kit.game.upsertLevel(admin, { level: "2", titleKey: "titles.newcomer", xpRequired: "40" })).toEqual({
      level: 2,
      titleKey: "titles.newcomer",
      xpRequired: 40,
    });
    expect(await statsOf(database.db, p.userId)).toMatchObject({ level: 2, statPoints: 4 });
    expect(await lastAudit("gamification.level.save")).toMatchObject({
      targetId: "2",
      details: { before: { xpRequired: 50 }, after: { xpRequired: 40 } },
    });
    await kit.game.upsertLevel(admin, { level: 101, titleKey: "titles.mythic", xpRequired: 300_000 });
    expect(await codeOf(kit.game.deleteLevel(admin, { level: 100 }))).toBe("gamification.level_not_last");
    expect(await codeOf(kit.game.deleteLevel(admin, { level: 1 }))).toBe("gamification.level_first");
    expect(await codeOf(kit.game.deleteLevel(admin, { level: 500 }))).toBe("not_found");
    await kit.game.deleteLevel(admin, { level: 101 });
    expect(await lastAudit("gamification.level.delete")).toMatchObject({ targetId: "101", details: { xpRequired: 300_000 } });
    expect((await kit.game.listLevels()).at(-1)).toEqual({ level: 100, titleKey: "titles.mythic", titleRank: null, xpRequired: 247_500 });
    expect(await database.db.select().from(levels)).toHaveLength(100);
  });

  it("creates, updates and deletes achievements with both languages' texts, audited", async () => {
    const missing = await errorOf(
      kit.game.createAchievement(admin, { ...achievementForm, nameEs: "", type: "hugs", rarity: "Mythic", threshold: "0" }),
    );
    expect(missing.details).toEqual({
      fieldErrors: {
        nameEs: "errors:gamification.name_required",
        type: "errors:gamification.achievement_type_invalid",
        rarity: "errors:gamification.rarity_invalid",
        threshold: "errors:gamification.threshold_range",
      },
    });
    const created = await kit.game.createAchievement(admin, achievementForm);
    expect(created).toMatchObject({
      key: "helper_25",
      nameKey: "helper_25.name",
      names: { es: "Ayudante", en: "Helper" },
      descriptions: { es: null, en: "Post 25 replies." },
      rarity: "Epic",
      type: "posts",
      threshold: 25,
      rewardXp: 40,
    });
    expect(await lastAudit("gamification.achievement.create")).toMatchObject({ targetId: created.id, targetName: "helper_25" });
    expect(await codeOf(kit.game.createAchievement(admin, achievementForm))).toBe("gamification.achievement_key_taken");
    const updated = await kit.game.updateAchievement(admin, {
      id: created.id,
      type: "posts",
      threshold: 30,
      rarity: "Legendary",
      rewardXp: 40,
      nameEs: "Gran ayudante",
      nameEn: "Great helper",
    });
    expect(updated).toMatchObject({
      key: "helper_25",
      threshold: 30,
      rarity: "Legendary",
      names: { es: "Gran ayudante", en: "Great helper" },
    });
    expect(await lastAudit("gamification.achievement.update")).toMatchObject({
      targetId: created.id,
      details: { threshold: { before: 25, after: 30 }, rarity: { before: "Epic", after: "Legendary" } },
    });
    expect(
      await codeOf(kit.game.updateAchievement(admin, { id: "nope", type: "posts", threshold: 1, rarity: "Common", rewardXp: 0 })),
    ).toBe("not_found");
    expect((await kit.game.listAchievements()).find((a) => a.key === "helper_25")).toMatchObject({ threshold: 30 });
    expect(await kit.game.deleteAchievement(admin, { id: created.id })).toEqual({ id: created.id, unlocks: 0 });
    expect(await lastAudit("gamification.achievement.delete")).toMatchObject({ targetId: created.id, targetName: "helper_25" });
    expect(await codeOf(kit.game.deleteAchievement(admin, { id: created.id }))).toBe("not_found");
  });
});
