import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { banUser as banRow, createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, postLikes, posts, reports, threadFollows, threads, userFollows } from "#server/db/schema";
import type { DomainEvent } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { acceptAnswer, unacceptAnswer } from "./accept-answer";
import type { ForumDeps } from "./deps";
import { followThread } from "./follow-thread";
import { followUser } from "./follow-user";
import { likePost } from "./like-post";
import { reportPost } from "./report-post";
import { unfollowThread } from "./unfollow-thread";
import { unfollowUser } from "./unfollow-user";
import { unlikePost } from "./unlike-post";

describe("likes, follows, reports and accepted answers", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  let alice: NonNullable<Actor>;
  let bob: NonNullable<Actor>;
  let carol: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let unverified: NonNullable<Actor>;
  let pendingCompany: NonNullable<Actor>;
  let forumId: string;
  const published: DomainEvent[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    for (const name of ["like.given", "like.removed", "answer.accepted"] as const)
      deps.events.subscribe(name, (payload) => void published.push({ name, payload } as DomainEvent));
    const now = clock.now();
    alice = await member(db, now, { username: "alice" });
    bob = await member(db, now, { username: "bob" });
    carol = await member(db, now, { username: "carol" });
    mod = await member(db, now, { username: "the_mod", roles: ["Moderator"] });
    unverified = await member(db, now, { username: "unverified", emailVerified: false });
    pendingCompany = {
      ...(await member(db, now, { username: "pending_co", role: "company" })),
      company: { slug: "pending", companyName: "Pending", verified: false },
    };
    const cat = await createCategory(db);
    forumId = (await createForum(db, { categoryId: cat.id })).id;
  });
  afterAll(() => database.close());

  /** A thread by alice with replies by bob and carol. */
  const aThread = (extra: Partial<Parameters<typeof createThreadWithPosts>[1]> = {}) =>
    createThreadWithPosts(database.db, {
      forumId,
      authorId: alice.userId,
      replies: [
        { authorId: bob.userId, body: "A reply by bob" },
        { authorId: carol.userId, body: "A reply by carol" },
      ],
      ...extra,
    });
  const likeCount = async (postId: string) =>
    (await database.db.select({ n: posts.likeCount }).from(posts).where(eq(posts.id, postId)))[0].n;
  const threadRow = async (id: string) => (await database.db.select().from(threads).where(eq(threads.id, id)))[0];

  it("refuses every write to a visitor, an unverified member and a pending company", async () => {
    const t = await aThread();
    const [, reply] = t.posts;
    for (const [actor, code] of [
      [null, "auth.unauthenticated"],
      [unverified, "auth.email_unverified"],
      [pendingCompany, "company.pending"],
    ] as const) {
      expect(await codeOf(likePost(deps, actor, { postId: reply.id }))).toBe(code);
      expect(await codeOf(unlikePost(deps, actor, { postId: reply.id }))).toBe(code);
      expect(await codeOf(followThread(deps, actor, { threadId: t.id }))).toBe(code);
      expect(await codeOf(unfollowThread(deps, actor, { threadId: t.id }))).toBe(code);
      expect(await codeOf(followUser(deps, actor, { userId: alice.userId }))).toBe(code);
      expect(await codeOf(unfollowUser(deps, actor, { userId: alice.userId }))).toBe(code);
      expect(await codeOf(reportPost(deps, actor, { postId: reply.id, reason: "This is spam" }))).toBe(code);
      expect(await codeOf(acceptAnswer(deps, actor, { postId: reply.id }))).toBe(code);
      expect(await codeOf(unacceptAnswer(deps, actor, { threadId: t.id }))).toBe(code);
    }
  });

  describe("likes", () => {
    it("counts one like per person, idempotently, on the post and its thread, and publishes like.given once", async () => {
      const t = await aThread();
      const postId = t.posts[1].id;
      published.length = 0;
      expect(await likePost(deps, alice, { postId })).toEqual({ postId, number: 2, liked: true, changed: true, likeCount: 1 });
      expect(await likePost(deps, alice, { postId })).toEqual({ postId, number: 2, liked: true, changed: false, likeCount: 1 });
      expect(await likePost(deps, carol, { postId })).toMatchObject({ changed: true, likeCount: 2 });
      expect(await likeCount(postId)).toBe(2);
      expect((await threadRow(t.id)).likeCount).toBe(2);
      expect(published.map((e) => e.name)).toEqual(["like.given", "like.given"]);
      expect(published[0].payload).toMatchObject({ postId, threadId: t.id, userId: alice.userId, postAuthorId: bob.userId });
    });

    it("takes a like back idempotently and publishes like.removed once", async () => {
      const t = await aThread();
      const postId = t.posts[1].id;
      await likePost(deps, alice, { postId });
      published.length = 0;
      expect(await unlikePost(deps, alice, { postId })).toEqual({ postId, number: 2, liked: false, changed: true, likeCount: 0 });
      expect(await unlikePost(deps, alice, { postId })).toEqual({ postId, number: 2, liked: false, changed: false, likeCount: 0 });
      expect((await threadRow(t.id)).likeCount).toBe(0);
      expect(published.map((e) => e.name)).toEqual(["like.removed"]);
    });

    it("refuses liking one's own post, hidden and deleted posts, and a banned member", async () => {
      const t = await aThread();
      expect(await codeOf(likePost(deps, alice, { postId: t.posts[0].id }))).toBe("forum.own_post_like");
      expect(await codeOf(unlikePost(deps, alice, { postId: t.posts[0].id }))).toBe("forum.own_post_like");
      await database.db.update(posts).set({ hidden: true }).where(eq(posts.id, t.posts[1].id));
      expect(await codeOf(likePost(deps, alice, { postId: t.posts[1].id }))).toBe("not_found");
      await database.db.update(posts).set({ deletedAt: clock.now() }).where(eq(posts.id, t.posts[2].id));
      expect(await codeOf(likePost(deps, alice, { postId: t.posts[2].id }))).toBe("not_found");
      expect(await codeOf(likePost(deps, alice, { postId: "nope" }))).toBe("not_found");
      const hiddenThread = await aThread({ hidden: true });
      expect(await codeOf(likePost(deps, alice, { postId: hiddenThread.posts[1].id }))).toBe("not_found");
      const banned = await member(database.db, clock.now());
      await banRow(database.db, banned.userId, { reason: "Flooding" });
      const u = await aThread();
      expect(await codeOf(likePost(deps, banned, { postId: u.posts[1].id }))).toBe("forum.banned");
      expect(await codeOf(likePost(deps, alice, {}))).toBe("input.invalid");
    });

    it("lets a moderator like a post in a hidden thread, and anyone like in a locked thread", async () => {
      const hidden = await aThread({ hidden: true });
      expect(await likePost(deps, mod, { postId: hidden.posts[1].id })).toMatchObject({ changed: true });
      const locked = await aThread({ locked: true });
      expect(await likePost(deps, alice, { postId: locked.posts[1].id })).toMatchObject({ changed: true });
    });
  });

  describe("follows", () => {
    it("follows and unfollows a thread idempotently", async () => {
      const t = await aThread();
      const follows = async () =>
        (
          await database.db
            .select()
            .from(threadFollows)
            .where(and(eq(threadFollows.threadId, t.id), eq(threadFollows.userId, mod.userId)))
        ).length;
      expect(await followThread(deps, mod, { threadId: t.id })).toEqual({ following: true, changed: true });
      expect(await followThread(deps, mod, { threadId: t.id })).toEqual({ following: true, changed: false });
      expect(await follows()).toBe(1);
      expect(await unfollowThread(deps, mod, { threadId: t.id })).toEqual({ following: false, changed: true });
      expect(await unfollowThread(deps, mod, { threadId: t.id })).toEqual({ following: false, changed: false });
      expect(await follows()).toBe(0);
    });

    it("does not follow a missing or hidden thread (moderators may), and lets a banned member follow and unfollow", async () => {
      const hidden = await aThread({ hidden: true });
      expect(await codeOf(followThread(deps, bob, { threadId: "missing" }))).toBe("not_found");
      expect(await codeOf(followThread(deps, carol, { threadId: hidden.id }))).toBe("not_found");
      expect(await followThread(deps, mod, { threadId: hidden.id })).toMatchObject({ changed: true });
      const banned = await member(database.db, clock.now());
      await banRow(database.db, banned.userId);
      const t = await aThread();
      expect(await followThread(deps, banned, { threadId: t.id })).toMatchObject({ changed: true });
      expect(await unfollowThread(deps, banned, { threadId: t.id })).toMatchObject({ changed: true });
    });

    it("follows and unfollows a person, never oneself nor someone missing", async () => {
      expect(await followUser(deps, bob, { userId: alice.userId })).toEqual({ following: true, changed: true });
      expect(await followUser(deps, bob, { userId: alice.userId })).toEqual({ following: true, changed: false });
      expect(await database.db.select().from(userFollows).where(eq(userFollows.followerId, bob.userId))).toHaveLength(1);
      expect(await codeOf(followUser(deps, bob, { userId: bob.userId }))).toBe("forum.self_follow");
      expect(await codeOf(followUser(deps, bob, { userId: "ghost" }))).toBe("not_found");
      expect(await unfollowUser(deps, bob, { userId: alice.userId })).toEqual({ following: false, changed: true });
      expect(await unfollowUser(deps, bob, { userId: alice.userId })).toEqual({ following: false, changed: false });
    });
  });

  describe("reports", () => {
    it("opens a report with its reason, and refuses a second open one by the same person on the same post", async () => {
      const t = await aThread();
      const postId = t.posts[1].id;
      const { reportId } = await reportPost(deps, alice, { postId, reason: "  Spam link to a casino  " });
      const [row] = await database.db.select().from(reports).where(eq(reports.id, reportId));
      expect(row).toMatchObject({ postId, reporterId: alice.userId, reason: "Spam link to a casino", status: "open" });
      expect(await codeOf(reportPost(deps, alice, { postId, reason: "Again, it is spam" }))).toBe("forum.already_reported");
      // Someone else may report it too; and once handled, the same person may report it again.
      await reportPost(deps, carol, { postId, reason: "Spam, really" });
      await database.db.update(reports).set({ status: "resolved" }).where(eq(reports.id, reportId));
      expect(await reportPost(deps, alice, { postId, reason: "Spam is back" })).toHaveProperty("reportId");
    });

    it("needs a reason of 5 to 1000 characters", async () => {
      const t = await aThread();
      const postId = t.posts[1].id;
      for (const reason of [undefined, "", "    ", "abcd", "x".repeat(1001)]) {
        const e = await reportPost(deps, alice, { postId, reason }).catch((err) => err);
        expect(e.code).toBe("input.invalid");
        expect(e.details.fieldErrors.reason).toBe("errors:forum.report_reason_length");
      }
      expect(await reportPost(deps, alice, { postId, reason: "abcde" })).toHaveProperty("reportId");
    });

    it("refuses reporting one's own post, a missing or hidden post, and a banned member", async () => {
      const t = await aThread();
      expect(await codeOf(reportPost(deps, bob, { postId: t.posts[1].id, reason: "my own post" }))).toBe("forum.own_post_report");
      expect(await codeOf(reportPost(deps, bob, { postId: "missing", reason: "not there" }))).toBe("not_found");
      await database.db.update(posts).set({ hidden: true }).where(eq(posts.id, t.posts[2].id));
      expect(await codeOf(reportPost(deps, bob, { postId: t.posts[2].id, reason: "already hidden" }))).toBe("not_found");
      const banned = await member(database.db, clock.now());
      await banRow(database.db, banned.userId);
      expect(await codeOf(reportPost(deps, banned, { postId: t.posts[1].id, reason: "revenge report" }))).toBe("forum.banned");
    });

    it("answers forum.report_failed ('Failed to submit report.') when the database fails", async () => {
      const t = await aThread();
      const broken = { ...deps, db: { transaction: () => Promise.reject(new Error("connection reset")) } as unknown as ForumDeps["db"] };
      expect(await codeOf(reportPost(broken, alice, { postId: t.posts[1].id, reason: "Spam spam spam" }))).toBe("forum.report_failed");
    });
  });

  describe("accepted answers", () => {
    it("lets the thread's author accept a reply: the thread is resolved, answer.accepted is published, no audit row", async () => {
      const t = await aThread();
      published.length = 0;
      expect(await acceptAnswer(deps, alice, { postId: t.posts[1].id })).toEqual({
        threadId: t.id,
        acceptedPostId: t.posts[1].id,
        changed: true,
      });
      expect(await threadRow(t.id)).toMatchObject({ resolved: true, acceptedPostId: t.posts[1].id });
      expect(published).toEqual([
        {
          name: "answer.accepted",
          payload: { threadId: t.id, postId: t.posts[1].id, acceptedBy: alice.userId, postAuthorId: bob.userId, at: clock.now() },
        },
      ]);
      expect(await acceptAnswer(deps, alice, { postId: t.posts[1].id })).toMatchObject({ changed: false });
      expect(published).toHaveLength(1);
      // Another reply replaces the answer.
      expect(await acceptAnswer(deps, alice, { postId: t.posts[2].id })).toMatchObject({ acceptedPostId: t.posts[2].id });
      expect(await database.db.select().from(auditLog).where(eq(auditLog.targetId, t.id))).toHaveLength(0);
      expect(await unacceptAnswer(deps, alice, { threadId: t.id })).toEqual({ threadId: t.id, acceptedPostId: null, changed: true });
      expect(await threadRow(t.id)).toMatchObject({ resolved: false, acceptedPostId: null });
      expect(await unacceptAnswer(deps, alice, { threadId: t.id })).toMatchObject({ changed: false });
    });

    it("lets a moderator accept and take back on someone's thread, audited", async () => {
      const t = await aThread();
      await acceptAnswer(deps, mod, { postId: t.posts[2].id });
      await unacceptAnswer(deps, mod, { threadId: t.id });
      const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, t.id)).orderBy(auditLog.id);
      expect(audit.map((a) => [a.action, a.actorId, a.targetType])).toEqual([
        ["forum.answer.accept", mod.userId, "thread"],
        ["forum.answer.unaccept", mod.userId, "thread"],
      ]);
    });

    it("refuses others, the opening post, hidden posts and banned authors", async () => {
      const t = await aThread();
      expect(await codeOf(acceptAnswer(deps, bob, { postId: t.posts[2].id }))).toBe("auth.forbidden");
      expect(await codeOf(unacceptAnswer(deps, bob, { threadId: t.id }))).toBe("auth.forbidden");
      expect(await codeOf(acceptAnswer(deps, alice, { postId: t.posts[0].id }))).toBe("forum.accept_first_post");
      expect(await codeOf(acceptAnswer(deps, alice, { postId: "missing" }))).toBe("not_found");
      expect(await codeOf(unacceptAnswer(deps, alice, { threadId: "missing" }))).toBe("not_found");
      await database.db.update(posts).set({ hidden: true }).where(eq(posts.id, t.posts[1].id));
      expect(await codeOf(acceptAnswer(deps, alice, { postId: t.posts[1].id }))).toBe("not_found");
      expect(await codeOf(acceptAnswer(deps, mod, { postId: t.posts[1].id }))).toBe("not_found");
      const banned = await member(database.db, clock.now());
      const own = await createThreadWithPosts(database.db, {
        forumId,
        authorId: banned.userId,
        replies: [{ authorId: bob.userId, body: "help" }],
      });
      await banRow(database.db, banned.userId);
      expect(await codeOf(acceptAnswer(deps, banned, { postId: own.posts[1].id }))).toBe("forum.banned");
    });
  });

  it("keeps like rows and counters consistent", async () => {
    const rows = await database.db.select({ postId: postLikes.postId }).from(postLikes);
    const counted = await database.db.select({ id: posts.id, n: posts.likeCount }).from(posts);
    for (const p of counted) expect(p.n).toBe(rows.filter((r) => r.postId === p.id).length);
  });
});
