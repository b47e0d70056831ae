import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, errorOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, forums, posts, threads, userBans } from "#server/db/schema";
import type { DomainEvent } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { banUser, unbanUser } from "./ban-user";
import { createThread } from "./create-thread";
import type { ForumDeps } from "./deps";
import { getThread } from "./get-thread";
import { ignoreReport, resolveReport } from "./handle-report";
import { hidePost, unhidePost } from "./hide-post";
import { hideThread, unhideThread } from "./hide-thread";
import { listHidden } from "./list-hidden";
import { listReports } from "./list-reports";
import { lockThread, unlockThread } from "./lock-thread";
import { moveThread } from "./move-thread";
import { pinThread, unpinThread } from "./pin-thread";
import { reply } from "./reply";
import { reportPost } from "./report-post";

describe("forum moderation", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  const later = () => clock.advance(10 * 60_000);
  let alice: NonNullable<Actor>;
  let bob: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let admin: NonNullable<Actor>;
  let unverified: NonNullable<Actor>;
  let forumA: { id: string; slug: string };
  let forumB: { id: string; slug: string };
  const hiddenEvents: DomainEvent[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    deps.events.subscribe("content.hidden", (payload) => void hiddenEvents.push({ name: "content.hidden", payload }));
    const now = clock.now();
    alice = await member(db, now, { username: "alice" });
    bob = await member(db, now, { username: "bob" });
    mod = await member(db, now, { username: "the_mod", roles: ["Moderator"] });
    admin = await member(db, now, { username: "the_admin", roles: ["Admin"] });
    unverified = await member(db, now, { username: "unverified", emailVerified: false });
    const cat = await createCategory(db);
    forumA = await createForum(db, { categoryId: cat.id, slug: "forum-a" });
    forumB = await createForum(db, { categoryId: cat.id, slug: "forum-b" });
  });
  afterAll(() => database.close());

  const aThread = (extra: Partial<Parameters<typeof createThreadWithPosts>[1]> = {}) =>
    createThreadWithPosts(database.db, {
      forumId: forumA.id,
      authorId: alice.userId,
      at: new Date(clock.now().getTime() - 3600_000),
      replies: [{ authorId: bob.userId, body: "A reply by bob" }],
      ...extra,
    });
  const threadRow = async (id: string) => (await database.db.select().from(threads).where(eq(threads.id, id)))[0];
  const forumRow = async (id: string) => (await database.db.select().from(forums).where(eq(forums.id, id)))[0];
  const auditOf = (targetId: string) => database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

  it("refuses every moderation operation to a visitor, an unverified member and a member", async () => {
    const t = await aThread();
    const { reportId } = await reportPost(deps, bob, { postId: t.posts[0].id, reason: "Off topic here" });
    const ops = [
      (a: Actor) => pinThread(deps, a, { threadId: t.id }),
      (a: Actor) => unpinThread(deps, a, { threadId: t.id }),
      (a: Actor) => lockThread(deps, a, { threadId: t.id }),
      (a: Actor) => unlockThread(deps, a, { threadId: t.id }),
      (a: Actor) => hideThread(deps, a, { threadId: t.id }),
      (a: Actor) => unhideThread(deps, a, { threadId: t.id }),
      (a: Actor) => hidePost(deps, a, { postId: t.posts[1].id }),
      (a: Actor) => unhidePost(deps, a, { postId: t.posts[1].id }),
      (a: Actor) => moveThread(deps, a, { threadId: t.id, forumSlug: forumB.slug }),
      (a: Actor) => resolveReport(deps, a, { reportId }),
      (a: Actor) => ignoreReport(deps, a, { reportId }),
      (a: Actor) => banUser(deps, a, { userId: bob.userId, reason: "Spam" }),
      (a: Actor) => unbanUser(deps, a, { userId: bob.userId }),
      (a: Actor) => listReports(deps, a, {}),
      (a: Actor) => listHidden(deps, a, {}),
    ];
    for (const op of ops) {
      expect(await codeOf(op(null))).toBe("auth.unauthenticated");
      expect(await codeOf(op(unverified))).toBe("auth.forbidden");
      expect(await codeOf(op(alice))).toBe("auth.forbidden");
    }
    expect(await threadRow(t.id)).toMatchObject({ pinned: false, locked: false, hidden: false, forumId: forumA.id });
    expect(await auditOf(t.id)).toHaveLength(0);
  });

  describe("thread flags", () => {
    it("pins, locks and hides, each audited with who, what, on what and why, and idempotent", async () => {
      const t = await aThread();
      hiddenEvents.length = 0;
      expect(await pinThread(deps, mod, { threadId: t.id, reason: "Rules of the forum" })).toEqual({ threadId: t.id, changed: true });
      expect(await pinThread(deps, mod, { threadId: t.id })).toEqual({ threadId: t.id, changed: false });
      await lockThread(deps, admin, { threadId: t.id, reason: "Flame war" });
      await hideThread(deps, mod, { threadId: t.id, reason: "Doxxing" });
      expect(await threadRow(t.id)).toMatchObject({ pinned: true, locked: true, hidden: true });
      expect(hiddenEvents).toEqual([
        {
          name: "content.hidden",
          payload: { kind: "thread", id: t.id, threadId: t.id, authorId: alice.userId, by: mod.userId, reason: "Doxxing", at: clock.now() },
        },
      ]);
      // Hidden: readers cannot find it, moderators still can.
      expect(await codeOf(getThread(deps, bob, { forumSlug: forumA.slug, threadSlug: t.slug }))).toBe("not_found");
      expect(await getThread(deps, mod, { forumSlug: forumA.slug, threadSlug: t.slug })).toHaveProperty("thread");
      // Locked: members cannot reply.
      later();
      await unhideThread(deps, mod, { threadId: t.id });
      expect(await codeOf(reply(deps, bob, { threadId: t.id, body: "let me in" }))).toBe("forum.locked");
      await unlockThread(deps, mod, { threadId: t.id });
      await unpinThread(deps, mod, { threadId: t.id, reason: "" });
      expect(await threadRow(t.id)).toMatchObject({ pinned: false, locked: false, hidden: false });
      const audit = await auditOf(t.id);
      expect(audit.map((a) => [a.action, a.actorId, a.actorName, a.targetType, a.targetName, a.reason])).toEqual([
        ["forum.thread.pin", mod.userId, "the_mod", "thread", t.title, "Rules of the forum"],
        ["forum.thread.lock", admin.userId, "the_admin", "thread", t.title, "Flame war"],
        ["forum.thread.hide", mod.userId, "the_mod", "thread", t.title, "Doxxing"],
        ["forum.thread.publish", mod.userId, "the_mod", "thread", t.title, null],
        ["forum.thread.unlock", mod.userId, "the_mod", "thread", t.title, null],
        ["forum.thread.unpin", mod.userId, "the_mod", "thread", t.title, null],
      ]);
      expect(audit[0].createdAt).toBeInstanceOf(Date);
    });

    it("answers not_found for a missing thread and input.invalid for a reason over 1000 characters", async () => {
      expect(await codeOf(pinThread(deps, mod, { threadId: "missing" }))).toBe("not_found");
      const t = await aThread();
      expect(await codeOf(lockThread(deps, mod, { threadId: t.id, reason: "x".repeat(1001) }))).toBe("input.invalid");
    });
  });

  describe("hiding posts", () => {
    it("hides and publishes a reply, audited, publishing content.hidden; the opening post is hidden with its thread", async () => {
      const t = await aThread();
      hiddenEvents.length = 0;
      expect(await hidePost(deps, mod, { postId: t.posts[1].id, reason: "Insults" })).toEqual({
        postId: t.posts[1].id,
        threadId: t.id,
        changed: true,
      });
      expect(await hidePost(deps, mod, { postId: t.posts[1].id })).toMatchObject({ changed: false });
      expect(hiddenEvents.map((e) => e.payload)).toEqual([
        { kind: "post", id: t.posts[1].id, threadId: t.id, authorId: bob.userId, by: mod.userId, reason: "Insults", at: clock.now() },
      ]);
      const view = (await getThread(deps, alice, { forumSlug: forumA.slug, threadSlug: t.slug })) as {
        posts: Array<{ id: string; bodyHtml: string | null; hidden: boolean }>;
      };
      expect(view.posts.find((p) => p.id === t.posts[1].id)).toMatchObject({ hidden: true, bodyHtml: null });
      await unhidePost(deps, mod, { postId: t.posts[1].id });
      expect((await database.db.select({ hidden: posts.hidden }).from(posts).where(eq(posts.id, t.posts[1].id)))[0].hidden).toBe(false);
      expect((await auditOf(t.posts[1].id)).map((a) => [a.action, a.targetType, a.reason])).toEqual([
        ["forum.post.hide", "post", "Insults"],
        ["forum.post.publish", "post", null],
      ]);
      expect(await codeOf(hidePost(deps, mod, { postId: t.posts[0].id }))).toBe("forum.first_post_hide");
      expect(await codeOf(hidePost(deps, mod, { postId: "missing" }))).toBe("not_found");
    });
  });

  describe("moving threads", () => {
    it("moves a thread, adjusts both forums' counters and last activity, and redirects the old address", async () => {
      const cat = await createCategory(database.db);
      const from = await createForum(database.db, { categoryId: cat.id, slug: "move-from" });
      const to = await createForum(database.db, { categoryId: cat.id, slug: "move-to" });
      const older = await createThreadWithPosts(database.db, {
        forumId: from.id,
        authorId: alice.userId,
        title: "Older one",
        at: new Date(clock.now().getTime() - 7200_000),
      });
      const t = await createThreadWithPosts(database.db, {
        forumId: from.id,
        authorId: alice.userId,
        title: "Moving house",
        at: new Date(clock.now().getTime() - 3600_000),
        replies: [
          { authorId: bob.userId, body: "r1" },
          { authorId: bob.userId, body: "r2" },
        ],
      });
      await createThreadWithPosts(database.db, {
        forumId: to.id,
        authorId: bob.userId,
        title: "Target old",
        at: new Date(clock.now().getTime() - 5 * 3600_000),
      });
      // A deleted reply is not counted in the forum's posts.
      await database.db.update(posts).set({ deletedAt: clock.now() }).where(eq(posts.id, t.posts[2].id));
      await database.db.update(threads).set({ replyCount: 1 }).where(eq(threads.id, t.id));
      await database.db.update(forums).set({ postCount: 3 }).where(eq(forums.id, from.id));

      expect(await moveThread(deps, mod, { threadId: t.id, forumSlug: "move-to", reason: "Wrong forum" })).toEqual({
        threadId: t.id,
        forumSlug: "move-to",
        slug: t.slug,
        changed: true,
      });
      expect(await forumRow(from.id)).toMatchObject({ threadCount: 1, postCount: 1, lastThreadId: older.id });
      expect(await forumRow(to.id)).toMatchObject({ threadCount: 2, postCount: 3, lastThreadId: t.id });
      expect(await getThread(deps, bob, { forumSlug: "move-from", threadSlug: t.slug })).toEqual({
        redirectTo: { forumSlug: "move-to", threadSlug: t.slug },
      });
      expect(await getThread(deps, bob, { forumSlug: "move-to", threadSlug: t.slug })).toHaveProperty("thread");
      const [audit] = await auditOf(t.id);
      expect(audit).toMatchObject({
        action: "forum.thread.move",
        reason: "Wrong forum",
        details: { from: "move-from", to: "move-to", oldSlug: t.slug, slug: t.slug },
      });
      expect(await moveThread(deps, mod, { threadId: t.id, forumSlug: "move-to" })).toMatchObject({ changed: false });
      expect(await codeOf(moveThread(deps, mod, { threadId: t.id, forumSlug: "nowhere" }))).toBe("not_found");
      expect(await codeOf(moveThread(deps, mod, { threadId: "missing", forumSlug: "move-to" }))).toBe("not_found");
    });

    it("gives the moved thread a free slug when the target forum has its slug", async () => {
      const cat = await createCategory(database.db);
      const from = await createForum(database.db, { categoryId: cat.id, slug: "slug-from" });
      const to = await createForum(database.db, { categoryId: cat.id, slug: "slug-to" });
      const t = await createThreadWithPosts(database.db, { forumId: from.id, authorId: alice.userId, title: "Same title" });
      await createThreadWithPosts(database.db, { forumId: to.id, authorId: bob.userId, title: "Same title" });
      await createThreadWithPosts(database.db, { forumId: to.id, authorId: bob.userId, title: "Same title", slug: "same-title-2" });
      expect(await moveThread(deps, admin, { threadId: t.id, forumSlug: "slug-to" })).toMatchObject({
        slug: "same-title-3",
        changed: true,
      });
      expect(await threadRow(t.id)).toMatchObject({ forumId: to.id, slug: "same-title-3" });
      expect(await getThread(deps, bob, { forumSlug: "slug-from", threadSlug: "same-title" })).toEqual({
        redirectTo: { forumSlug: "slug-to", threadSlug: "same-title-3" },
      });
      // And back: its current slug is free in the first forum, so it keeps it.
      expect(await moveThread(deps, admin, { threadId: t.id, forumSlug: "slug-from" })).toMatchObject({ slug: "same-title-3" });
    });
  });

  describe("reports", () => {
    it("lists the open queue with excerpt, thread, reporter and counts, then resolves and ignores, audited", async () => {
      const t = await aThread({ title: "Reported thread", replies: [{ authorId: bob.userId, body: `Buy cheap keys ${"x".repeat(300)}` }] });
      const r1 = await reportPost(deps, alice, { postId: t.posts[1].id, reason: "Spam, selling keys" });
      const carol = await member(database.db, clock.now(), { username: "carol" });
      const r2 = await reportPost(deps, carol, { postId: t.posts[1].id, reason: "Selling stuff" });
      const queue = await listReports(deps, mod, {});
      const mine = queue.items.filter((i) => i.thread.id === t.id);
      expect(mine.map((i) => i.id).sort()).toEqual([r1.reportId, r2.reportId].sort());
      const item = mine.find((i) => i.id === r1.reportId)!;
      expect(item).toMatchObject({
        reason: "Spam, selling keys",
        status: "open",
        reporter: { id: alice.userId, username: "alice" },
        post: { id: t.posts[1].id, number: 2, author: { id: bob.userId, username: "bob" }, openReports: 2, hidden: false },
        thread: { id: t.id, title: "Reported thread", slug: t.slug, forumSlug: forumA.slug },
      });
      expect(item.post.excerpt.length).toBe(200);
      expect(item.post.excerpt.endsWith("…")).toBe(true);
      const openBefore = queue.counts.open;

      expect(await resolveReport(deps, mod, { reportId: r1.reportId, reason: "Post hidden" })).toEqual({
        reportId: r1.reportId,
        status: "resolved",
      });
      expect(await ignoreReport(deps, admin, { reportId: r2.reportId })).toEqual({ reportId: r2.reportId, status: "ignored" });
      expect(await codeOf(ignoreReport(deps, mod, { reportId: r1.reportId }))).toBe("forum.report_closed");
      expect(await codeOf(resolveReport(deps, mod, { reportId: "missing" }))).toBe("not_found");
      const after = await listReports(deps, mod, {});
      expect(after.counts.open).toBe(openBefore - 2);
      const resolved = await listReports(deps, mod, { status: "resolved" });
      expect(resolved.items.find((i) => i.id === r1.reportId)).toMatchObject({
        status: "resolved",
        handledBy: { id: mod.userId, username: "the_mod" },
      });
      expect((await auditOf(r1.reportId)).map((a) => [a.action, a.reason])).toEqual([["forum.report.resolve", "Post hidden"]]);
      expect((await auditOf(r2.reportId)).map((a) => [a.action, a.actorId])).toEqual([["forum.report.ignore", admin.userId]]);
    });
  });

  describe("bans", () => {
    it("bans for good with a reason the person sees: they read but cannot write; unban lets them write again", async () => {
      const troll = await member(database.db, clock.now(), { username: "troll" });
      const t = await aThread();
      const { banId, until } = await banUser(deps, mod, { userId: troll.userId, reason: "Harassing members" });
      expect(until).toBeNull();
      later();
      const e = await errorOf(createThread(deps, troll, { forumSlug: forumA.slug, title: "Let me post", body: "please" }));
      expect(e.code).toBe("forum.banned");
      expect(e.details).toEqual({ reason: "Harassing members", until: null });
      expect(await codeOf(reply(deps, troll, { threadId: t.id, body: "hello?" }))).toBe("forum.banned");
      expect(await getThread(deps, troll, { forumSlug: forumA.slug, threadSlug: t.slug })).toHaveProperty("thread");
      const [audit] = await auditOf(troll.userId);
      expect(audit).toMatchObject({
        action: "forum.user.ban",
        actorId: mod.userId,
        targetType: "user",
        targetName: "troll",
        reason: "Harassing members",
        details: { banId, until: null },
      });

      expect(await unbanUser(deps, mod, { userId: troll.userId, reason: "Apologised" })).toEqual({ changed: true });
      expect(await unbanUser(deps, mod, { userId: troll.userId })).toEqual({ changed: false });
      later();
      expect(await reply(deps, troll, { threadId: t.id, body: "Sorry, everyone." })).toHaveProperty("postId");
      expect((await auditOf(troll.userId)).map((a) => [a.action, a.reason])).toEqual([
        ["forum.user.ban", "Harassing members"],
        ["forum.user.unban", "Apologised"],
      ]);
    });

    it("bans until a future date, replacing the active ban; the ban ends by itself", async () => {
      const spammer = await member(database.db, clock.now(), { username: "spammer" });
      await banUser(deps, mod, { userId: spammer.userId, reason: "Spam for good" });
      const until = new Date(clock.now().getTime() + 2 * 24 * 3600_000);
      await banUser(deps, admin, { userId: spammer.userId, reason: "Spam, two days", until: until.toISOString() });
      const bans = await database.db.select().from(userBans).where(eq(userBans.userId, spammer.userId)).orderBy(userBans.createdAt);
      expect(bans.map((b) => [b.reason, b.liftedBy, b.until?.getTime() ?? null])).toEqual([
        ["Spam for good", admin.userId, null],
        ["Spam, two days", null, until.getTime()],
      ]);
      later();
      const e = await errorOf(createThread(deps, spammer, { forumSlug: forumA.slug, title: "Cheap keys!", body: "buy" }));
      expect(e.details).toEqual({ reason: "Spam, two days", until: until.toISOString() });
      clock.advance(2 * 24 * 3600_000);
      expect(await createThread(deps, spammer, { forumSlug: forumA.slug, title: "Back again", body: "behaving" })).toHaveProperty(
        "threadId",
      );
    });

    it("needs a reason, a future date, someone else, and not a moderator or admin", async () => {
      const target = await member(database.db, clock.now());
      for (const reason of [undefined, "", "ab", "x".repeat(1001)]) {
        const e = await errorOf(banUser(deps, mod, { userId: target.userId, reason }));
        expect(e.code).toBe("input.invalid");
        expect((e.details as { fieldErrors: Record<string, string> }).fieldErrors.reason).toBe("errors:forum.ban_reason_required");
      }
      expect(await codeOf(banUser(deps, mod, { userId: target.userId, reason: "Spam", until: "not a date" }))).toBe("input.invalid");
      expect(
        await codeOf(banUser(deps, mod, { userId: target.userId, reason: "Spam", until: new Date(clock.now().getTime() - 1000) })),
      ).toBe("forum.ban_until_past");
      expect(await codeOf(banUser(deps, mod, { userId: mod.userId, reason: "Myself" }))).toBe("forum.ban_self");
      expect(await codeOf(banUser(deps, mod, { userId: admin.userId, reason: "Coup" }))).toBe("forum.ban_staff");
      expect(await codeOf(banUser(deps, admin, { userId: mod.userId, reason: "Rogue moderator" }))).toBe("forum.ban_staff");
      expect(await codeOf(banUser(deps, mod, { userId: "ghost", reason: "Nobody" }))).toBe("not_found");
      expect(await codeOf(unbanUser(deps, mod, { userId: "ghost" }))).toBe("not_found");
      expect(
        await database.db
          .select()
          .from(userBans)
          .where(and(eq(userBans.userId, target.userId))),
      ).toHaveLength(0);
    });
  });

  it("lists hidden threads and posts for moderators", async () => {
    const t = await aThread({ title: "Hidden away" });
    const u = await aThread({ title: "Partly hidden", replies: [{ authorId: bob.userId, body: "A hidden reply" }] });
    await hideThread(deps, mod, { threadId: t.id });
    await hidePost(deps, mod, { postId: u.posts[1].id });
    const hiddenThreads = await listHidden(deps, mod, { kind: "thread" });
    expect(hiddenThreads.items.find((i) => i.id === t.id)).toMatchObject({
      kind: "thread",
      author: { id: alice.userId, username: "alice" },
      thread: { title: "Hidden away", forumSlug: forumA.slug },
    });
    const hiddenPosts = await listHidden(deps, mod, { kind: "post" });
    expect(hiddenPosts.items.find((i) => i.id === u.posts[1].id)).toMatchObject({
      kind: "post",
      number: 2,
      excerpt: "A hidden reply",
      author: { username: "bob" },
      thread: { id: u.id },
    });
    expect(hiddenPosts.counts.threads).toBeGreaterThanOrEqual(1);
    expect(hiddenPosts.counts.posts).toBeGreaterThanOrEqual(1);
    await unhideThread(deps, mod, { threadId: t.id });
    expect((await listHidden(deps, mod, {})).items.find((i) => i.id === t.id)).toBeUndefined();
  });
});
