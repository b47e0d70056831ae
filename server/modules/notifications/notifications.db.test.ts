import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { createInProcessRealtime, userChannel, type Realtime, type RealtimeMessage } from "#server/platform/realtime";
import { notifications } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { acceptAnswer } from "#server/modules/forum/accept-answer";
import { createThread } from "#server/modules/forum/create-thread";
import type { ForumDeps } from "#server/modules/forum/deps";
import { followUser } from "#server/modules/forum/follow-user";
import { hidePost } from "#server/modules/forum/hide-post";
import { hideThread } from "#server/modules/forum/hide-thread";
import { likePost } from "#server/modules/forum/like-post";
import { reply } from "#server/modules/forum/reply";
import { unfollowThread } from "#server/modules/forum/unfollow-thread";
import { unlikePost } from "#server/modules/forum/unlike-post";
import { createNotificationsService, type NotificationsService } from "./index";

describe("notifications", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  let notes: NotificationsService;
  let realtime: Realtime;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  const later = () => clock.advance(10 * 60_000);
  let alice: NonNullable<Actor>;
  let bob: NonNullable<Actor>;
  let carol: NonNullable<Actor>;
  let dave: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let unverified: NonNullable<Actor>;
  const forumSlug = "notes";
  let forumId: string;

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    realtime = createInProcessRealtime(deps.log);
    notes = createNotificationsService({ db, events: deps.events, realtime, now: clock.now, log: deps.log });
    const now = clock.now();
    alice = await member(db, now, { username: "alice" });
    bob = await member(db, now, { username: "bob" });
    carol = await member(db, now, { username: "carol" });
    dave = await member(db, now, { username: "dave" });
    mod = await member(db, now, { username: "the_mod", roles: ["Moderator"] });
    unverified = await member(db, now, { username: "unverified", emailVerified: false });
    const cat = await createCategory(db);
    forumId = (await createForum(db, { categoryId: cat.id, slug: forumSlug })).id;
  });
  afterAll(async () => {
    notes.stop();
    await database.close();
  });

  /** What a person's open pages would receive on their channel. */
  const listen = (a: NonNullable<Actor>) => {
    const got: RealtimeMessage[] = [];
    const off = realtime.subscribe(userChannel(a.userId), (m) => got.push(m));
    return { got, off };
  };
  const rowsOf = (a: NonNullable<Actor>) =>
    database.db.select().from(notifications).where(eq(notifications.userId, a.userId)).orderBy(notifications.id);
  const clear = () => database.db.delete(notifications);

  it("tells a thread's followers of a reply (not its author), and a mentioned person with a mention instead", async () => {
    await clear();
    later();
    const t = await createThread(deps, alice, { forumSlug, title: "Who wants to test?", body: "Looking for testers" });
    later();
    await reply(deps, bob, { threadId: t.threadId, body: "Me!" }); // bob now follows
    await clear();
    later();
    await reply(deps, carol, { threadId: t.threadId, body: "Count me in, @bob and @Dave" });
    const [a] = await rowsOf(alice);
    expect(a).toMatchObject({ type: "reply", actorId: carol.userId, threadId: t.threadId, data: { number: 3 }, readAt: null });
    expect((await rowsOf(bob)).map((n) => n.type)).toEqual(["mention"]);
    expect((await rowsOf(dave)).map((n) => n.type)).toEqual(["mention"]);
    expect(await rowsOf(carol)).toHaveLength(0);
    // Unfollowing stops the replies.
    await unfollowThread(deps, alice, { threadId: t.threadId });
    later();
    await reply(deps, bob, { threadId: t.threadId, body: "Great" });
    expect(await rowsOf(alice)).toHaveLength(1);
    expect((await rowsOf(carol)).map((n) => n.type)).toEqual(["reply"]);
  });

  it("tells a person's followers of their new thread, and mentioned people", async () => {
    await clear();
    await followUser(deps, bob, { userId: alice.userId });
    later();
    const t = await createThread(deps, alice, { forumSlug, title: "Devlog number one", body: "Hi @carol, a new devlog" });
    expect((await rowsOf(bob)).map((n) => [n.type, n.threadId, n.postId])).toEqual([["new_thread", t.threadId, t.postId]]);
    expect((await rowsOf(carol)).map((n) => n.type)).toEqual(["mention"]);
    expect(await rowsOf(alice)).toHaveLength(0);
  });

  it("tells the author of a like once per liker, of an accepted answer, and of hidden content with the reason", async () => {
    await clear();
    const t = await createThreadWithPosts(database.db, {
      forumId,
      authorId: alice.userId,
      replies: [
        { authorId: bob.userId, body: "The answer" },
        { authorId: carol.userId, body: "Rude words" },
      ],
    });
    await likePost(deps, alice, { postId: t.posts[1].id });
    await unlikePost(deps, alice, { postId: t.posts[1].id });
    await likePost(deps, alice, { postId: t.posts[1].id });
    await likePost(deps, dave, { postId: t.posts[1].id });
    await acceptAnswer(deps, alice, { postId: t.posts[1].id });
    expect((await rowsOf(bob)).map((n) => [n.type, n.actorId])).toEqual([
      ["like", alice.userId],
      ["like", dave.userId],
      ["answer_accepted", alice.userId],
    ]);
    await hidePost(deps, mod, { postId: t.posts[2].id, reason: "Insults" });
    expect((await rowsOf(carol)).map((n) => [n.type, n.postId, n.data])).toEqual([
      ["moderation", t.posts[2].id, { action: "hidden", kind: "post", reason: "Insults" }],
    ]);
    await hideThread(deps, mod, { threadId: t.id });
    expect((await rowsOf(alice)).map((n) => [n.type, n.threadId, n.data])).toEqual([
      ["moderation", t.id, { action: "hidden", kind: "thread", reason: null }],
    ]);
  });

  it("sends nothing about replies in a hidden thread", async () => {
    await clear();
    const t = await createThreadWithPosts(database.db, { forumId, authorId: alice.userId, hidden: true });
    later();
    await reply(deps, mod, { threadId: t.id, body: "Moderator note for @bob" });
    expect(await rowsOf(alice)).toHaveLength(0);
    expect(await rowsOf(bob)).toHaveLength(0);
  });

  it("lists one's own notifications with actor, thread and post, pages them, and counts the unread", async () => {
    await clear();
    const t = await createThreadWithPosts(database.db, {
      forumId,
      authorId: dave.userId,
      title: "Dave's thread",
      replies: Array.from({ length: 22 }, () => ({ authorId: dave.userId, body: "post" })),
    });
    for (const p of t.posts) await likePost(deps, alice, { postId: p.id });
    const first = await notes.list(dave, {});
    expect(first.items).toHaveLength(20);
    expect(first).toMatchObject({ unread: 23, page: 1, pageCount: 2 });
    expect(first.items[0]).toMatchObject({
      type: "like",
      actor: { id: alice.userId, username: "alice" },
      thread: { id: t.id, title: "Dave's thread", slug: t.slug, forumSlug },
      readAt: null,
    });
    expect(first.items[0].post).toMatchObject({ id: expect.any(String), number: expect.any(Number) });
    expect((await notes.list(dave, { page: 2 })).items).toHaveLength(3);
    expect(await notes.unreadCount(dave)).toBe(23);
    expect((await notes.list(alice, {})).items).toHaveLength(0);
  });

  it("marks one or all read, one's own only", async () => {
    await clear();
    const t = await createThreadWithPosts(database.db, {
      forumId,
      authorId: dave.userId,
      replies: [
        { authorId: dave.userId, body: "two" },
        { authorId: dave.userId, body: "three" },
      ],
    });
    for (const p of t.posts) await likePost(deps, bob, { postId: p.id });
    const [one, two] = (await notes.list(dave, {})).items;
    expect(await codeOf(notes.markRead(alice, { id: one.id }))).toBe("not_found");
    expect(await notes.markRead(dave, { id: one.id })).toEqual({ updated: 1 });
    expect(await notes.markRead(dave, { id: String(one.id) })).toEqual({ updated: 0 });
    expect(await notes.unreadCount(dave)).toBe(2);
    expect((await notes.list(dave, { unreadOnly: "true" })).items.map((n) => n.id)).not.toContain(one.id);
    expect((await notes.list(dave, { unreadOnly: "true" })).items.map((n) => n.id)).toContain(two.id);
    expect(await notes.markRead(dave, { all: true })).toEqual({ updated: 2 });
    expect(await notes.unreadCount(dave)).toBe(0);
    expect(await codeOf(notes.markRead(dave, {}))).toBe("input.invalid");
    expect(await codeOf(notes.markRead(dave, { id: "abc" }))).toBe("input.invalid");
  });

  it("keeps a per-type setting: a type turned off is not written", async () => {
    await clear();
    expect(await notes.getPreferences(carol)).toEqual({
      reply: true,
      mention: true,
      new_thread: true,
      like: true,
      answer_accepted: true,
      moderation: true,
      level_up: true,
      achievement_unlocked: true,
      campaign_decided: true,
      episode_room: true,
    });
    expect(await notes.setPreferences(carol, { like: false, mention: "false" })).toMatchObject({
      like: false,
      mention: false,
      reply: true,
    });
    const t = await createThreadWithPosts(database.db, {
      forumId,
      authorId: carol.userId,
      replies: [{ authorId: bob.userId, body: "hi" }],
    });
    await likePost(deps, bob, { postId: t.posts[0].id });
    later();
    await reply(deps, bob, { threadId: t.id, body: "Hey @carol" });
    expect(await rowsOf(carol)).toHaveLength(0);
    expect(await notes.setPreferences(carol, { like: true })).toMatchObject({ like: true, mention: false });
    await likePost(deps, dave, { postId: t.posts[0].id });
    expect((await rowsOf(carol)).map((n) => n.type)).toEqual(["like"]);
    expect(await codeOf(notes.setPreferences(carol, { nonsense: true }))).toBe("input.invalid");
    expect(await codeOf(notes.setPreferences(carol, { like: "maybe" }))).toBe("input.invalid");
  });

  it("sends each person told their new unread count live, and again when they mark read", async () => {
    await clear();
    const aliceLive = listen(alice);
    const bobLive = listen(bob);
    const daveLive = listen(dave);
    try {
      const t = await createThreadWithPosts(database.db, {
        forumId,
        authorId: alice.userId,
        replies: [{ authorId: bob.userId, body: "first" }],
      });
      await likePost(deps, dave, { postId: t.posts[0].id });
      await likePost(deps, dave, { postId: t.posts[1].id });
      expect(aliceLive.got).toEqual([{ type: "notification", unread: 1 }]);
      expect(bobLive.got).toEqual([{ type: "notification", unread: 1 }]);
      // The one who acted hears nothing.
      expect(daveLive.got).toEqual([]);
      const [mine] = (await notes.list(alice, {})).items;
      await notes.markRead(alice, { id: mine.id });
      expect(aliceLive.got.at(-1)).toEqual({ type: "unread", unread: 0 });
      await notes.markRead(bob, { all: true });
      expect(bobLive.got.at(-1)).toEqual({ type: "unread", unread: 0 });
      // Nothing changed, nothing sent.
      const before = bobLive.got.length;
      await notes.markRead(bob, { all: true });
      expect(bobLive.got).toHaveLength(before);
    } finally {
      [aliceLive, bobLive, daveLive].forEach((l) => l.off());
    }
  });

  it("opens one's own notification: marked read and returned with its thread and post; someone else's is not found", async () => {
    await clear();
    const t = await createThreadWithPosts(database.db, {
      forumId,
      authorId: carol.userId,
      title: "Open me",
      replies: [{ authorId: carol.userId, body: "two" }],
    });
    await likePost(deps, dave, { postId: t.posts[1].id });
    const [n] = (await notes.list(carol, {})).items;
    const live = listen(carol);
    try {
      expect(await codeOf(notes.open(dave, { id: n.id }))).toBe("not_found");
      expect(await codeOf(notes.open(null, { id: n.id }))).toBe("auth.unauthenticated");
      expect(await codeOf(notes.open(carol, { id: "x" }))).toBe("input.invalid");
      expect(await notes.unreadCount(carol)).toBe(1);
      const opened = await notes.open(carol, { id: n.id });
      expect(opened).toMatchObject({
        id: n.id,
        type: "like",
        thread: { id: t.id, slug: t.slug, forumSlug, hidden: false },
        post: { number: 2 },
      });
      expect(opened.readAt).toBeInstanceOf(Date);
      expect(await notes.unreadCount(carol)).toBe(0);
      expect(live.got).toEqual([{ type: "unread", unread: 0 }]);
      // Opening it again changes nothing.
      await notes.open(carol, { id: n.id });
      expect(live.got).toHaveLength(1);
    } finally {
      live.off();
    }
  });

  it("refuses a visitor; an unverified member reads and settles their own", async () => {
    expect(await codeOf(notes.list(null, {}))).toBe("auth.unauthenticated");
    expect(await codeOf(notes.markRead(null, { all: true }))).toBe("auth.unauthenticated");
    expect(await codeOf(notes.getPreferences(null))).toBe("auth.unauthenticated");
    expect(await codeOf(notes.setPreferences(null, { like: false }))).toBe("auth.unauthenticated");
    expect(await notes.unreadCount(null)).toBe(0);
    expect(await notes.list(unverified, {})).toMatchObject({ items: [], unread: 0 });
    expect(await notes.markRead(unverified, { all: true })).toEqual({ updated: 0 });
  });
});
