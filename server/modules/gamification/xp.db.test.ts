import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, member, testClock } from "#tests/support/forum-kit";
import { gamificationKit, ledgerDisagreements, statsOf } from "#tests/support/gamification-kit";
import type { DatabaseHandle } from "#server/db/client";
import { notifications, userAchievements, users, userStats, xpLedger, xpPeriodTotals } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { createThread } from "#server/modules/forum/create-thread";
import { deletePost } from "#server/modules/forum/delete-post";
import { hidePost, unhidePost } from "#server/modules/forum/hide-post";
import { hideThread, unhideThread } from "#server/modules/forum/hide-thread";
import { likePost } from "#server/modules/forum/like-post";
import { reply } from "#server/modules/forum/reply";
import { unlikePost } from "#server/modules/forum/unlike-post";
import { settingDefinitions } from "#server/modules/site/settings";
import type { AwardModifier } from "./pipeline";

describe("XP ledger", () => {
  let database: DatabaseHandle;
  let kit: Awaited<ReturnType<typeof gamificationKit>>;
  const clock = testClock(new Date("2026-05-20T10:00:00Z"));
  const later = () => clock.advance(60_000);
  const forumSlug = "xp";
  let mod: NonNullable<Actor>;
  let admin: NonNullable<Actor>;
  let n = 0;
  const someone = (name: string) => member(database.db, clock.now(), { username: `${name}_${++n}` });
  const defaults = settingDefinitions.gamification_settings.default;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    kit = await gamificationKit(database.db, clock);
    mod = await member(database.db, clock.now(), { username: "the_mod", roles: ["Moderator"] });
    admin = await member(database.db, clock.now(), { username: "the_admin", roles: ["Admin"] });
    const cat = await createCategory(database.db);
    await createForum(database.db, { categoryId: cat.id, slug: forumSlug });
  });
  afterAll(async () => {
    kit.stop();
    await database.close();
  });
  beforeEach(async () => {
    await kit.forum.settings.write("gamification_settings", defaults, "test");
  });

  const rowsOf = (userId: string) => database.db.select().from(xpLedger).where(eq(xpLedger.userId, userId)).orderBy(asc(xpLedger.id));
  const thread = async (a: NonNullable<Actor>, title = `A thread ${++n}`) => {
    later();
    return createThread(kit.forum, a, { forumSlug, title, body: `Body of ${title}` });
  };
  const answer = async (a: NonNullable<Actor>, threadId: string) => {
    later();
    return reply(kit.forum, a, { threadId, body: `Reply ${++n}` });
  };
  const unlockedKeys = async (userId: string) =>
    (await database.db.select({ id: userAchievements.achievementId }).from(userAchievements).where(eq(userAchievements.userId, userId)))
      .map((r) => r.id)
      .sort();

  it("writes a ledger row for a thread, a reply and a like; stats, counters and first achievements follow", async () => {
    const [alice, bob, carol] = [await someone("alice"), await someone("bob"), await someone("carol")];
    const t = await thread(alice);
    expect(await statsOf(database.db, alice.userId)).toMatchObject({ xp: 10 + 10, threads: 1, level: 1 });
    expect((await rowsOf(alice.userId)).map((r) => [r.reason, r.amount, r.sourceKind, r.sourceId])).toEqual([
      ["thread_create", 10, "thread", t.threadId],
      ["achievement", 10, "achievement", "threads_1"],
    ]);
    const r = await answer(bob, t.threadId);
    await likePost(kit.forum, carol, { postId: r.postId });
    expect(await statsOf(database.db, bob.userId)).toMatchObject({ xp: 5 + 2 + 5, replies: 1, likesReceived: 1, likesGiven: 0 });
    expect(await statsOf(database.db, carol.userId)).toMatchObject({ xp: 5, likesGiven: 1, likesReceived: 0 });
    const bobRows = await rowsOf(bob.userId);
    expect(bobRows.map((x) => [x.reason, x.amount, x.sourceId, x.counterpartId])).toEqual([
      ["post_create", 5, r.postId, null],
      ["like_received", 2, r.postId, carol.userId],
      ["achievement", 5, "likes_received_1", null],
    ]);
    expect(bobRows[1].details).toEqual({ base: 2 });
    expect(await unlockedKeys(bob.userId)).toEqual(["likes_received_1"]);
    expect(await unlockedKeys(carol.userId)).toEqual(["likes_given_1"]);
    // Each unlock is told once, as an `achievement_unlocked` notification.
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.userId), eq(notifications.type, "achievement_unlocked")));
    expect(told.map((x) => x.data)).toEqual([
      { achievementId: "threads_1", key: "threads_1", nameKey: "threads_1.name", rarity: "Common", rewardXp: 10 },
    ]);
    expect(await ledgerDisagreements(database.db)).toEqual([]);
  });

  it("gives no XP for liking one's own post", async () => {
    const eve = await someone("eve");
    const t = await thread(eve);
    const before = await statsOf(database.db, eve.userId);
    expect(await codeOf(likePost(kit.forum, eve, { postId: t.postId }))).toBe("forum.own_post_like");
    // A self-like written behind the forum's back, and its event, change nothing either.
    const cat = await createCategory(database.db);
    const f = await createForum(database.db, { categoryId: cat.id });
    const own = await createThreadWithPosts(database.db, { forumId: f.id, authorId: eve.userId, likedBy: [eve.userId], at: clock.now() });
    await kit.forum.events.publish("like.given", {
      postId: own.posts[0].id,
      threadId: own.id,
      userId: eve.userId,
      postAuthorId: eve.userId,
      at: clock.now(),
    });
    await kit.game.replayForum();
    const after = await statsOf(database.db, eve.userId);
    expect(after.likesReceived).toBe(0);
    expect(after.likesGiven).toBe(0);
    expect(after.xp - before.xp).toBe(10); // the replayed thread's XP, no like XP
    expect((await rowsOf(eve.userId)).filter((r) => r.reason === "like_received")).toEqual([]);
  });

  it("stops at the daily cap per reason (capped awards still count), and again from the next UTC day", async () => {
    await kit.forum.settings.write("gamification_settings", { ...defaults, dailyCaps: { ...defaults.dailyCaps, post_create: 12 } }, "test");
    clock.set(new Date("2026-05-21T20:00:00Z"));
    const [host, dave] = [await someone("host"), await someone("dave")];
    const t = await thread(host);
    for (let i = 0; i < 4; i++) await answer(dave, t.threadId);
    const rows = (await rowsOf(dave.userId)).filter((r) => r.reason === "post_create");
    expect(rows.map((r) => r.amount)).toEqual([5, 5, 2, 0]);
    expect(rows[2].details).toEqual({ base: 5, capped: "daily", beforeCap: 5 });
    expect(await statsOf(database.db, dave.userId)).toMatchObject({ xp: 12, replies: 4 });
    clock.set(new Date("2026-05-22T00:00:30Z"));
    await answer(dave, t.threadId);
    expect((await rowsOf(dave.userId)).at(-1)).toMatchObject({ reason: "post_create", amount: 5 });
  });

  it("stops like XP from one liker to one author at the pair cap (like rings), not other likers'", async () => {
    await kit.forum.settings.write("gamification_settings", { ...defaults, pairDailyCap: 4 }, "test");
    clock.set(new Date("2026-05-23T08:00:00Z"));
    const [author, ring, other] = [await someone("author"), await someone("ring"), await someone("other")];
    const t = await thread(author);
    const replies = [await answer(author, t.threadId), await answer(author, t.threadId)];
    for (const postId of [t.postId, ...replies.map((r) => r.postId)]) await likePost(kit.forum, ring, { postId });
    await likePost(kit.forum, other, { postId: t.postId });
    const likes = (await rowsOf(author.userId)).filter((r) => r.reason === "like_received");
    expect(likes.map((r) => [r.counterpartId, r.amount])).toEqual([
      [ring.userId, 2],
      [ring.userId, 2],
      [ring.userId, 0],
      [other.userId, 2],
    ]);
    expect(likes[2].details).toMatchObject({ capped: "pair" });
    expect(await statsOf(database.db, author.userId)).toMatchObject({ likesReceived: 4 });
    expect(await statsOf(database.db, ring.userId)).toMatchObject({ likesGiven: 3 });
    // A new day, a new allowance.
    await unlikePost(kit.forum, ring, { postId: t.postId });
    clock.set(new Date("2026-05-24T08:00:00Z"));
    const more = await answer(author, t.threadId);
    await likePost(kit.forum, ring, { postId: more.postId });
    expect((await rowsOf(author.userId)).at(-1)).toMatchObject({ reason: "like_received", counterpartId: ring.userId, amount: 2 });
  });

  it("takes XP back when a liked reply is hidden, gives it back when shown (whatever the caps), and for good when deleted", async () => {
    clock.set(new Date("2026-05-25T09:00:00Z"));
    const [alice, bob, carol, dave] = [await someone("alice"), await someone("bob"), await someone("carol"), await someone("dave")];
    const t = await thread(alice);
    const r = await answer(bob, t.threadId);
    await likePost(kit.forum, carol, { postId: r.postId });
    await likePost(kit.forum, dave, { postId: r.postId });
    const full = { xp: 5 + 2 + 2 + 5, replies: 1, likesReceived: 2 };
    expect(await statsOf(database.db, bob.userId)).toMatchObject(full);

    later();
    await hidePost(kit.forum, mod, { postId: r.postId, reason: "Off topic" });
    // The achievement and its reward stay; the reply's XP and its likes' XP go, as new rows.
    expect(await statsOf(database.db, bob.userId)).toMatchObject({ xp: 5, replies: 0, likesReceived: 0 });
    expect(await statsOf(database.db, carol.userId)).toMatchObject({ likesGiven: 0 });
    expect(await unlockedKeys(carol.userId)).toEqual(["likes_given_1"]);
    const reversals = (await rowsOf(bob.userId)).filter((x) => x.reversesId !== null);
    // Each reversal says why, for the person's XP history.
    expect(reversals.map((x) => [x.reason, x.amount, x.details.cause])).toEqual([
      ["post_create", -5, "hidden"],
      ["like_received", -2, "hidden"],
      ["like_received", -2, "hidden"],
    ]);

    // Shown again: the same amounts come back as new rows, even with today's caps already reached.
    await kit.forum.settings.write(
      "gamification_settings",
      { ...defaults, dailyCaps: { thread_create: 0, post_create: 0, like_received: 0 } },
      "test",
    );
    later();
    await unhidePost(kit.forum, mod, { postId: r.postId });
    expect(await statsOf(database.db, bob.userId)).toMatchObject(full);
    expect(await statsOf(database.db, carol.userId)).toMatchObject({ likesGiven: 1 });
    const restores = (await rowsOf(bob.userId)).filter((x) => x.restoresId !== null);
    expect(restores.map((x) => [x.reason, x.amount, x.awardNo])).toEqual([
      ["post_create", 5, 1],
      ["like_received", 2, 1],
      ["like_received", 2, 1],
    ]);

    // A like removed takes its XP; liked again, it comes back.
    await unlikePost(kit.forum, carol, { postId: r.postId });
    expect(await statsOf(database.db, bob.userId)).toMatchObject({ xp: full.xp - 2, likesReceived: 1 });
    expect((await rowsOf(bob.userId)).at(-1)?.details).toMatchObject({ cause: "like_removed" });
    await likePost(kit.forum, carol, { postId: r.postId });
    expect(await statsOf(database.db, bob.userId)).toMatchObject(full);

    later();
    await deletePost(kit.forum, bob, { postId: r.postId });
    expect(await statsOf(database.db, bob.userId)).toMatchObject({ xp: 5, replies: 0, likesReceived: 0 });
    expect((await rowsOf(bob.userId)).slice(-3).map((x) => x.details.cause)).toEqual(["deleted", "deleted", "deleted"]);
    expect(await statsOf(database.db, dave.userId)).toMatchObject({ likesGiven: 0 });
    expect(await ledgerDisagreements(database.db)).toEqual([]);
  });

  it("takes a hidden thread's XP and its opening post's like XP; replies inside keep theirs; showing it restores", async () => {
    clock.set(new Date("2026-05-26T09:00:00Z"));
    const [alice, bob, carol] = [await someone("alice"), await someone("bob"), await someone("carol")];
    const t = await thread(alice);
    await likePost(kit.forum, carol, { postId: t.postId });
    await answer(bob, t.threadId);
    const aliceFull = await statsOf(database.db, alice.userId);
    const bobFull = await statsOf(database.db, bob.userId);
    later();
    await hideThread(kit.forum, mod, { threadId: t.threadId });
    expect(await statsOf(database.db, alice.userId)).toMatchObject({ xp: aliceFull.xp - 10 - 2, threads: 0, likesReceived: 0 });
    expect((await rowsOf(alice.userId)).filter((x) => x.reversesId !== null).map((x) => [x.reason, x.details.cause])).toEqual([
      ["thread_create", "hidden"],
      ["like_received", "hidden"],
    ]);
    expect(await statsOf(database.db, bob.userId)).toEqual(bobFull);
    expect(await statsOf(database.db, carol.userId)).toMatchObject({ likesGiven: 0 });
    later();
    await unhideThread(kit.forum, mod, { threadId: t.threadId });
    expect(await statsOf(database.db, alice.userId)).toEqual(aliceFull);
    expect(await statsOf(database.db, carol.userId)).toMatchObject({ likesGiven: 1 });
  });

  it("takes back the like XP of an account deleted since, the next time its post is looked at", async () => {
    clock.set(new Date("2026-05-26T15:00:00Z"));
    const [alice, bob, gone] = [await someone("alice"), await someone("bob"), await someone("gone")];
    const t = await thread(alice);
    const r = await answer(bob, t.threadId);
    await likePost(kit.forum, gone, { postId: r.postId });
    expect(await statsOf(database.db, bob.userId)).toMatchObject({ likesReceived: 1 });
    await database.db.delete(users).where(eq(users.id, gone.userId));
    later();
    await hidePost(kit.forum, mod, { postId: r.postId });
    later();
    await unhidePost(kit.forum, mod, { postId: r.postId });
    expect(await statsOf(database.db, bob.userId)).toMatchObject({ xp: 5 + 5, replies: 1, likesReceived: 0 });
    expect(await ledgerDisagreements(database.db)).toEqual([]);
  });

  it("handles the same event twice, and a replay of the whole forum, without changing anything", async () => {
    clock.set(new Date("2026-05-27T09:00:00Z"));
    const [alice, bob] = [await someone("alice"), await someone("bob")];
    const t = await thread(alice);
    const r = await answer(bob, t.threadId);
    await likePost(kit.forum, alice, { postId: r.postId });
    const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(xpLedger))[0].n;
    const before = { rows: await count(), alice: await statsOf(database.db, alice.userId), bob: await statsOf(database.db, bob.userId) };
    const bus = kit.forum.events;
    await bus.publish("thread.created", {
      threadId: t.threadId,
      forumId: "x",
      postId: t.postId,
      authorId: alice.userId,
      title: "again",
      mentions: [],
      at: clock.now(),
    });
    await bus.publish("post.created", {
      postId: r.postId,
      threadId: t.threadId,
      forumId: "x",
      authorId: bob.userId,
      threadAuthorId: alice.userId,
      number: 2,
      mentions: [],
      at: clock.now(),
    });
    await bus.publish("like.given", {
      postId: r.postId,
      threadId: t.threadId,
      userId: alice.userId,
      postAuthorId: bob.userId,
      at: clock.now(),
    });
    await bus.publish("like.removed", {
      postId: t.postId,
      threadId: t.threadId,
      userId: bob.userId,
      postAuthorId: alice.userId,
      at: clock.now(),
    });
    await bus.publish("content.unhidden", {
      kind: "post",
      id: r.postId,
      threadId: t.threadId,
      authorId: bob.userId,
      by: mod.userId,
      at: clock.now(),
    });
    await kit.game.replayForum();
    expect({ rows: await count(), alice: await statsOf(database.db, alice.userId), bob: await statsOf(database.db, bob.userId) }).toEqual(
      before,
    );
    const report = await kit.game.reconcile({ replaySince: null });
    expect(report.drift).toEqual([]);
    expect(report.periodDrift).toEqual([]);
  });

  it("runs the award pipeline's modifiers before the caps, records them, and never on adjustments or restores", async () => {
    clock.set(new Date("2026-05-28T09:00:00Z"));
    const [trader, fan] = [await someone("trader"), await someone("fan")];
    const boost: AwardModifier = function traderPerk(award) {
      return award.userId === trader.userId ? { ...award, amount: award.amount * 1.3 } : award;
    };
    const off = kit.game.registerModifier(boost);
    const t = await thread(trader);
    const r = await answer(trader, t.threadId);
    await likePost(kit.forum, fan, { postId: r.postId });
    const rows = await rowsOf(trader.userId);
    expect(rows.map((x) => [x.reason, x.amount])).toEqual([
      ["thread_create", 13],
      ["achievement", 13],
      ["post_create", 7], // 6.5 rounds to 7
      ["like_received", 3], // 2.6 rounds to 3
      ["achievement", 7], // likes_received_1: 6.5
    ]);
    expect(rows[0].details).toEqual({ base: 10, modifiers: [{ modifier: "traderPerk", from: 10, to: 13 }] });
    // The fan's awards are not the modifier's business.
    expect((await rowsOf(fan.userId)).map((x) => x.amount)).toEqual([5]);
    // Caps apply after the modifiers.
    await kit.forum.settings.write("gamification_settings", { ...defaults, dailyCaps: { ...defaults.dailyCaps, post_create: 10 } }, "test");
    await answer(trader, t.threadId);
    expect((await rowsOf(trader.userId)).at(-1)).toMatchObject({
      reason: "post_create",
      amount: 3,
      details: { base: 5, capped: "daily", beforeCap: 7 },
    });
    // An admin's adjustment is exact; a restore gives back what was given.
    await kit.game.adjustXp(admin, { userId: trader.userId, amount: 10, reason: "Event prize" });
    expect((await rowsOf(trader.userId)).at(-1)).toMatchObject({ reason: "adjustment", amount: 10, note: "Event prize" });
    off();
    await answer(trader, t.threadId);
    expect((await rowsOf(trader.userId)).at(-1)).toMatchObject({ reason: "post_create", amount: 0 });
    await kit.forum.settings.write("gamification_settings", defaults, "test");
    await answer(trader, t.threadId);
    expect((await rowsOf(trader.userId)).at(-1)).toMatchObject({ reason: "post_create", amount: 5, details: { base: 5 } });
  });

  it("lets the level follow XP both ways, grants stat points once per level, and announces a level-up once", async () => {
    clock.set(new Date("2026-05-29T09:00:00Z"));
    const grace = await someone("grace");
    const adjust = (amount: number) => kit.game.adjustXp(admin, { userId: grace.userId, amount, reason: "Level test" });
    const levelUps = async () =>
      (
        await database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, grace.userId), eq(notifications.type, "level_up")))
      ).map((x) => x.data);
    await adjust(50);
    expect(await statsOf(database.db, grace.userId)).toMatchObject({ xp: 50, level: 2, peakLevel: 2, statPoints: 3 });
    expect(await levelUps()).toEqual([{ level: 2, from: 1, statPoints: 3 }]);
    await adjust(-1);
    expect(await statsOf(database.db, grace.userId)).toMatchObject({ xp: 49, level: 1, peakLevel: 2, statPoints: 3 });
    await adjust(1);
    expect(await statsOf(database.db, grace.userId)).toMatchObject({ xp: 50, level: 2, statPoints: 3 });
    await adjust(250); // 300 XP: level 4, two levels at once
    expect(await statsOf(database.db, grace.userId)).toMatchObject({ xp: 300, level: 4, peakLevel: 4, statPoints: 9 });
    expect(await levelUps()).toEqual([
      { level: 2, from: 1, statPoints: 3 },
      { level: 4, from: 2, statPoints: 6 },
    ]);
    expect(await codeOf(adjust(-301))).toBe("gamification.xp_negative");
  });

  it("reconciles: recomputes XP, counters and this week's and month's totals from the ledger, reports and fixes drift", async () => {
    clock.set(new Date("2026-05-29T12:00:00Z"));
    const [alice, bob] = [await someone("alice"), await someone("bob")];
    const t = await thread(alice);
    await likePost(kit.forum, bob, { postId: t.postId });
    const good = { alice: await statsOf(database.db, alice.userId), bob: await statsOf(database.db, bob.userId) };
    await database.db.update(userStats).set({ xp: 999, threads: 7 }).where(eq(userStats.userId, alice.userId));
    await database.db.update(userStats).set({ likesGiven: 0 }).where(eq(userStats.userId, bob.userId));
    await database.db
      .update(xpPeriodTotals)
      .set({ xp: 1 })
      .where(and(eq(xpPeriodTotals.userId, alice.userId), eq(xpPeriodTotals.period, "week")));
    const report = await kit.game.reconcile({ replaySince: null });
    expect(report.drift).toEqual(
      expect.arrayContaining([
        { userId: alice.userId, field: "xp", stored: 999, expected: good.alice.xp },
        { userId: alice.userId, field: "threads", stored: 7, expected: 1 },
        { userId: bob.userId, field: "likesGiven", stored: 0, expected: 1 },
      ]),
    );
    expect(report.drift).toHaveLength(3);
    expect(report.periodDrift).toEqual([
      { userId: alice.userId, period: "week", startsOn: "2026-05-25", stored: 1, expected: good.alice.xp },
    ]);
    expect(await statsOf(database.db, alice.userId)).toEqual(good.alice);
    expect(await statsOf(database.db, bob.userId)).toEqual(good.bob);
    const again = await kit.game.reconcile({ replaySince: null });
    expect([again.drift, again.periodDrift]).toEqual([[], []]);
    expect(await ledgerDisagreements(database.db)).toEqual([]);
  });
});
