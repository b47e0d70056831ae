import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { member } from "#tests/support/forum-kit";
import { ledgerDisagreements, NO_POSTING_LIMITS, statsOf } from "#tests/support/gamification-kit";
import { testServices } from "#tests/support/services";
import { notifications, userAchievements, xpLedger } from "#server/db/schema";
import type { Services } from "#server/services";
import type { Actor } from "#server/modules/accounts/actor";

/**
 * Races through the real services container (the forum's operations publishing on the bus that gamification
 * and notifications listen to): meaningful on PostgreSQL (`--project data-pg`), where the transactions truly
 * overlap; on PGlite they run one after the other and must give the same numbers.
 */
describe("gamification under concurrency", () => {
  let ctx: Awaited<ReturnType<typeof testServices>>;
  let services: Services;
  let forumId: string;
  let likers: NonNullable<Actor>[];

  beforeAll(async () => {
    ctx = await testServices();
    services = ctx.services;
    const db = services.db;
    await services.settings.write("forum_posting_limits", NO_POSTING_LIMITS, "test");
    const cat = await createCategory(db);
    forumId = (await createForum(db, { categoryId: cat.id, slug: "races" })).id;
    likers = [];
    for (let i = 0; i < 50; i++) likers.push(await member(db, new Date(), { username: `racer_${i}` }));
  });
  afterAll(() => ctx.close());

  it("50 likes at once on one person's posts give exactly the right XP, level and achievements, each unlocked once", async () => {
    const db = services.db;
    const author = await member(db, new Date(), { username: "race_author" });
    const t = await createThreadWithPosts(db, {
      forumId,
      authorId: author.userId,
      replies: Array.from({ length: 4 }, (_, i) => ({ authorId: author.userId, body: `Post ${i}` })),
    });
    const results = await Promise.all(likers.map((p, i) => services.forum.likePost(p, { postId: t.posts[i % t.posts.length].id })));
    expect(results.every((r) => r.changed)).toBe(true);

    // 50 likes × 2 XP, likes_received_1 (5) and likes_received_50 (50): 155 XP, level 3 (150), 2 levels × 3 points.
    expect(await statsOf(db, author.userId)).toEqual({
      xp: 155,
      level: 3,
      peakLevel: 3,
      statPoints: 6,
      threads: 0,
      replies: 0,
      likesGiven: 0,
      likesReceived: 50,
    });
    const unlocks = await db
      .select({ id: userAchievements.achievementId })
      .from(userAchievements)
      .where(eq(userAchievements.userId, author.userId));
    expect(unlocks.map((u) => u.id).sort()).toEqual(["likes_received_1", "likes_received_50"]);
    const rewards = await db
      .select({ id: xpLedger.sourceId })
      .from(xpLedger)
      .where(and(eq(xpLedger.userId, author.userId), eq(xpLedger.reason, "achievement")));
    expect(rewards.map((r) => r.id).sort()).toEqual(["likes_received_1", "likes_received_50"]);
    const told = await db
      .select({ type: notifications.type, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, author.userId), sql`${notifications.type} in ('level_up', 'achievement_unlocked')`));
    expect(told.filter((n) => n.type === "achievement_unlocked")).toHaveLength(2);
    const levelUps = told.filter((n) => n.type === "level_up").map((n) => n.data as { level: number });
    expect(levelUps.sort((a, b) => a.level - b.level)).toEqual([
      { level: 2, from: 1, statPoints: 3 },
      { level: 3, from: 2, statPoints: 3 },
    ]);
    for (const p of likers.slice(0, 5)) expect(await statsOf(db, p.userId)).toMatchObject({ xp: 5, likesGiven: 1 });
    expect(await ledgerDisagreements(db)).toEqual([]);
  });

  it("keeps sum(ledger) = XP and the counters right when likes, unlikes, hiding and showing race", async () => {
    const db = services.db;
    const [author, mod] = [
      await member(db, new Date(), { username: "race_author_2" }),
      await member(db, new Date(), { username: "race_mod", roles: ["Moderator"] }),
    ];
    const t = await createThreadWithPosts(db, {
      forumId,
      authorId: author.userId,
      replies: [
        { authorId: author.userId, body: "Reply one" },
        { authorId: author.userId, body: "Reply two" },
      ],
    });
    const [first, r1, r2] = t.posts.map((p) => p.id);
    const ops: Promise<unknown>[] = [];
    likers.slice(0, 30).forEach((p, i) => {
      const postId = [first, r1, r2][i % 3];
      ops.push(services.forum.likePost(p, { postId }));
      if (i % 2 === 0) ops.push(services.forum.unlikePost(p, { postId }), services.forum.likePost(p, { postId }));
      if (i % 5 === 0) ops.push(services.forum.unlikePost(p, { postId }));
    });
    ops.push(
      services.forum.hidePost(mod, { postId: r1 }),
      services.forum.unhidePost(mod, { postId: r1 }),
      services.forum.hidePost(mod, { postId: r2 }),
    );
    ops.push(services.forum.hideThread(mod, { threadId: t.id }), services.forum.unhideThread(mod, { threadId: t.id }));
    await Promise.allSettled(ops);

    expect(await ledgerDisagreements(db)).toEqual([]);
    const report = await services.gamification.reconcile({ replaySince: null });
    expect([report.drift, report.periodDrift]).toEqual([[], []]);
    // Whatever the order, the ledger agrees with the forum as it ended up: one like award per like on a shown
    // post, and as many likes given as received (the first race's author holds 50 of them).
    const { rows } = (await db.execute(sql`
      select count(*)::int as n from post_likes l join posts p on p.id = l.post_id join threads t on t.id = p.thread_id
      where p.thread_id = ${t.id} and not p.hidden and p.deleted_at is null and (p.number > 1 or not t.hidden)`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    const after = await statsOf(db, author.userId);
    expect(after.likesReceived).toBe(rows[0].n);
    let given = 0;
    for (const p of likers) given += (await statsOf(db, p.userId)).likesGiven;
    expect(given).toBe(50 + after.likesReceived);
    // Replaying the forum finds nothing to change in the likes.
    await services.gamification.replayForum();
    expect((await statsOf(db, author.userId)).likesReceived).toBe(after.likesReceived);
    expect(await ledgerDisagreements(db)).toEqual([]);
  });
});
