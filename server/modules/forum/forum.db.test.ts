import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { banUser, createCategory, createForum, createTag, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, errorOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { forums, postRevisions, posts, threadFollows, threads, threadSlugHistory } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { createThread } from "./create-thread";
import { deletePost } from "./delete-post";
import { editPost } from "./edit-post";
import { getThread, type ThreadView } from "./get-thread";
import { listCategories } from "./list-categories";
import { listRevisions } from "./list-revisions";
import { listThreads } from "./list-threads";
import { reply } from "./reply";
import { threadSlug } from "./slug";

describe("forum operations", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  // After every row the factories date "now" (real time), so the posting limits look at the past only.
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  let alice: NonNullable<Actor>;
  let bob: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let unverified: NonNullable<Actor>;
  let pendingCompany: NonNullable<Actor>;
  let forumId: string;
  const forumSlug = "general";
  // Every write is a few minutes after the last one, away from the posting limits (tested in limits.db.test.ts).
  const later = () => clock.advance(10 * 60_000);

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    const now = clock.now();
    alice = await member(db, now, { username: "alice" });
    bob = await member(db, now, { username: "bob" });
    mod = await member(db, now, { username: "the_mod", roles: ["Moderator"] });
    unverified = await member(db, now, { username: "unverified", emailVerified: false });
    pendingCompany = {
      ...(await member(db, now, { username: "pending_co", role: "company" })),
      company: { slug: "pending", companyName: "Pending", verified: false },
    };
    const cat = await createCategory(db, { slug: "community", titleEs: "Comunidad", titleEn: "Community", position: 0 });
    forumId = (await createForum(db, { categoryId: cat.id, slug: forumSlug, titleEs: "General", titleEn: "General" })).id;
    await createTag(db, { slug: "help", nameEs: "Ayuda", nameEn: "Help" });
    await createTag(db, { slug: "unity", nameEs: "Unity", nameEn: "Unity" });
  });
  afterAll(() => database.close());

  const thread = (actor: Actor, title: string, extra: Record<string, unknown> = {}) => {
    later();
    return createThread(deps, actor, { forumSlug, title, body: `Body of ${title}`, ...extra });
  };
  const view = async (actor: Actor, threadSlugValue: string, page?: number) =>
    (await getThread(deps, actor, { forumSlug, threadSlug: threadSlugValue, page })) as ThreadView;

  describe("permissions", () => {
    it("refuse every mutation to a visitor, an unverified member and a pending company", async () => {
      const t = await thread(alice, "A thread to poke at");
      for (const [actor, code] of [
        [null, "auth.unauthenticated"],
        [unverified, "auth.email_unverified"],
        [pendingCompany, "company.pending"],
      ] as const) {
        expect(await codeOf(createThread(deps, actor, { forumSlug, title: "Hello there", body: "x" }))).toBe(code);
        expect(await codeOf(reply(deps, actor, { threadId: t.threadId, body: "x" }))).toBe(code);
        expect(await codeOf(editPost(deps, actor, { postId: t.postId, body: "x" }))).toBe(code);
        expect(await codeOf(deletePost(deps, actor, { postId: t.postId }))).toBe(code);
      }
    });

    it("refuse editing and deleting someone else's post, and deleting one's own opening post", async () => {
      const t = await thread(alice, "Mine, not yours");
      later();
      const r = await reply(deps, alice, { threadId: t.threadId, body: "A reply by alice" });
      expect(await codeOf(editPost(deps, bob, { postId: t.postId, body: "hijack" }))).toBe("auth.forbidden");
      expect(await codeOf(deletePost(deps, bob, { postId: r.postId }))).toBe("auth.forbidden");
      expect(await codeOf(deletePost(deps, alice, { postId: t.postId }))).toBe("forum.first_post_delete");
      expect(await codeOf(deletePost(deps, alice, { postId: r.postId }))).toBe("no error");
      expect(await codeOf(editPost(deps, mod, { postId: t.postId, body: "Edited by the moderator" }))).toBe("no error");
    });

    it("keep a locked thread for moderators: no replies, edits or deletes by members", async () => {
      const t = await thread(alice, "Soon to be locked");
      await database.db.update(threads).set({ locked: true }).where(eq(threads.id, t.threadId));
      expect(await codeOf(reply(deps, bob, { threadId: t.threadId, body: "Late reply" }))).toBe("forum.locked");
      expect(await codeOf(editPost(deps, alice, { postId: t.postId, body: "Late edit" }))).toBe("forum.locked");
      later();
      expect(await codeOf(reply(deps, mod, { threadId: t.threadId, body: "Moderator note" }))).toBe("no error");
    });

    it("hide a hidden thread from members (not found) but not from moderators", async () => {
      const t = await thread(alice, "Hidden from view");
      await database.db.update(threads).set({ hidden: true }).where(eq(threads.id, t.threadId));
      expect(await codeOf(getThread(deps, null, { forumSlug, threadSlug: t.slug }))).toBe("not_found");
      expect(await codeOf(getThread(deps, alice, { forumSlug, threadSlug: t.slug }))).toBe("not_found");
      expect((await view(mod, t.slug)).thread.hidden).toBe(true);
      expect(await codeOf(reply(deps, bob, { threadId: t.threadId, body: "Into the void" }))).toBe("not_found");
      const listed = async (actor: Actor) => (await listThreads(deps, actor, { forumSlug })).items.some((i) => i.id === t.threadId);
      expect(await listed(alice)).toBe(false);
      expect(await listed(mod)).toBe(true);
    });

    it("let a banned member read but not write, with the reason and the end of the ban", async () => {
      const banned = await member(database.db, clock.now(), { username: "banned_one" });
      const t = await thread(alice, "Someone will be banned");
      const until = new Date(clock.now().getTime() + 24 * 3600_000);
      await banUser(database.db, banned.userId, { reason: "Spam links", until });
      later();
      for (const attempt of [
        () => createThread(deps, banned, { forumSlug, title: "Let me in", body: "Please" }),
        () => reply(deps, banned, { threadId: t.threadId, body: "Please" }),
        () => editPost(deps, banned, { postId: t.postId, body: "Please" }),
        () => deletePost(deps, banned, { postId: t.postId }),
      ]) {
        const e = await errorOf(attempt());
        expect(e.code).toBe("forum.banned");
        expect(e.details).toEqual({ reason: "Spam links", until: until.toISOString() });
      }
      expect((await view(banned, t.slug)).posts).toHaveLength(1);
      // A lifted ban and an expired one do not count.
      const other = await member(database.db, clock.now(), { username: "formerly_banned" });
      await banUser(database.db, other.userId, { liftedAt: clock.now() });
      await banUser(database.db, other.userId, { until: new Date(clock.now().getTime() - 1000) });
      expect(await codeOf(reply(deps, other, { threadId: t.threadId, body: "I am back" }))).toBe("no error");
      // A ban for good has no end.
      const forever = await member(database.db, clock.now(), { username: "banned_forever" });
      await banUser(database.db, forever.userId, { reason: "Abuse" });
      expect((await errorOf(reply(deps, forever, { threadId: t.threadId, body: "Hi" }))).details).toEqual({ reason: "Abuse", until: null });
    });
  });

  describe("input", () => {
    it("checks title, body and tags", async () => {
      later();
      const fields = async (input: Record<string, unknown>) =>
        (await errorOf(createThread(deps, alice, { forumSlug, title: "Valid title", body: "ok", ...input }))).details?.fieldErrors;
      expect(await fields({ title: "abcd" })).toEqual({ title: "errors:forum.title_length" });
      expect(await fields({ title: "x".repeat(151) })).toEqual({ title: "errors:forum.title_length" });
      expect(await fields({ body: "   " })).toEqual({ body: "errors:forum.body_length" });
      expect(await fields({ body: "x".repeat(20_001) })).toEqual({ body: "errors:forum.body_length" });
      expect(await fields({ tags: ["a", "b", "c", "d", "e", "f"] })).toEqual({ tags: "errors:forum.too_many_tags" });
      expect(await codeOf(createThread(deps, alice, { forumSlug, title: "Unknown tag", body: "ok", tags: ["nope"] }))).toBe(
        "forum.tag_unknown",
      );
      expect(await codeOf(createThread(deps, alice, { forumSlug: "no-such-forum", title: "Lost thread", body: "ok" }))).toBe("not_found");
      expect(await codeOf(thread(alice, "x".repeat(150), { body: "x".repeat(20_000) }))).toBe("no error");
    });
  });

  describe("slugs", () => {
    it("transliterate accents and drop punctuation", () => {
      expect(threadSlug("¿Qué tal, Ñandú?")).toBe("que-tal-nandu");
      expect(threadSlug("Árbol de habilidades: ¿cómo lo diseñáis?")).toBe("arbol-de-habilidades-como-lo-disenais");
      expect(threadSlug("¿¡…!?")).toBe("thread");
      expect(threadSlug("a".repeat(79) + " bcd").length).toBeLessThanOrEqual(80);
      expect(threadSlug("a".repeat(79) + " bcd").endsWith("-")).toBe(false);
    });

    it("are unique per forum: -2, -3…", async () => {
      const a = await thread(alice, "¿Qué tal, Ñandú?");
      const b = await thread(bob, "Que tal Ñandu");
      const c = await thread(alice, "QUE TAL ÑANDÚ!!");
      expect([a.slug, b.slug, c.slug]).toEqual(["que-tal-nandu", "que-tal-nandu-2", "que-tal-nandu-3"]);
    });
  });

  describe("counters", () => {
    it("follow creations, replies and deletions", async () => {
      const cat = await createCategory(database.db, { slug: "counted", position: 5 });
      const f = await createForum(database.db, { categoryId: cat.id, slug: "counted-forum" });
      const forumRow = async () => (await database.db.select().from(forums).where(eq(forums.id, f.id)))[0];
      later();
      const t = await createThread(deps, alice, { forumSlug: f.slug, title: "Counting things", body: "One" });
      expect(await forumRow()).toMatchObject({ threadCount: 1, postCount: 1, lastThreadId: t.threadId, lastActivityAt: clock.now() });
      later();
      const r1 = await reply(deps, bob, { threadId: t.threadId, body: "Two" });
      later();
      const r2 = await reply(deps, alice, { threadId: t.threadId, body: "Three" });
      expect(r2).toMatchObject({ number: 3, page: 1 });
      expect(await forumRow()).toMatchObject({ threadCount: 1, postCount: 3, lastActivityAt: clock.now() });
      const [th] = await database.db.select().from(threads).where(eq(threads.id, t.threadId));
      expect(th).toMatchObject({ replyCount: 2, lastPostId: r2.postId, lastActivityAt: clock.now() });
      await deletePost(deps, bob, { postId: r1.postId });
      expect((await forumRow()).postCount).toBe(2);
      expect((await database.db.select().from(threads).where(eq(threads.id, t.threadId)))[0].replyCount).toBe(1);
      // Authors follow the threads they write in.
      const followers = await database.db.select().from(threadFollows).where(eq(threadFollows.threadId, t.threadId));
      expect(followers.map((x) => x.userId).sort()).toEqual([alice.userId, bob.userId].sort());
      // The index shows the counts and the latest thread.
      const index = await listCategories(deps, null);
      const counted = index.find((c) => c.slug === "counted")!.forums[0];
      expect(counted).toMatchObject({ threadCount: 1, postCount: 2, lastThread: { id: t.threadId, slug: "counting-things" } });
    });
  });

  describe("getThread", () => {
    it("shows posts with authors, likes, the viewer's likes and traces of deleted posts", async () => {
      const t = await createThreadWithPosts(database.db, {
        forumId,
        authorId: alice.userId,
        title: "Liked and deleted",
        tags: ["help"],
        likedBy: [bob.userId, mod.userId],
        replies: [
          { authorId: bob.userId, body: "I agree", likedBy: [alice.userId] },
          { authorId: bob.userId, body: "Oops" },
        ],
      });
      await deletePost(deps, bob, { postId: t.posts[2].id });
      const v = await view(bob, t.slug);
      expect(v.thread.tags).toEqual([{ slug: "help", nameEs: "Ayuda", nameEn: "Help" }]);
      expect(v.thread.following).toBe(true);
      expect(v.posts.map((p) => [p.number, p.author?.username, p.likeCount, p.likedByViewer, p.deleted])).toEqual([
        [1, "alice", 2, true, false],
        [2, "bob", 1, false, false],
        [3, "bob", 0, false, true],
      ]);
      expect(v.posts[2].bodyHtml).toBeNull();
      expect(v.posts[0].can).toMatchObject({ edit: false, like: true });
      expect(v.posts[1].can).toMatchObject({ edit: true, delete: true, like: false });
      const anon = await view(null, t.slug);
      expect(anon.posts.every((p) => !p.likedByViewer)).toBe(true);
      expect(anon.can.reply).toBe(false);
      expect(anon.thread.following).toBe(false);
    });

    it("pages posts 20 at a time", async () => {
      const t = await createThreadWithPosts(database.db, {
        forumId,
        authorId: alice.userId,
        title: "A long conversation",
        replies: Array.from({ length: 44 }, (_, i) => ({ authorId: i % 2 ? alice.userId : bob.userId, body: `Reply ${i + 1}` })),
      });
      const p1 = await view(null, t.slug);
      expect([p1.page, p1.pageCount, p1.posts.length, p1.posts[0].number]).toEqual([1, 3, 20, 1]);
      const p3 = await view(null, t.slug, 3);
      expect(p3.posts.map((p) => p.number)).toEqual([41, 42, 43, 44, 45]);
      later();
      expect((await reply(deps, bob, { threadId: t.id, body: "Number 46" })).page).toBe(3);
    });

    it("redirects an old slug to the current one after the title changes, and keeps the revisions", async () => {
      const t = await thread(alice, "Original title here");
      later();
      const edited = await editPost(deps, alice, { postId: t.postId, title: "A better title", body: "New body" });
      expect(edited).toMatchObject({ changed: true, slug: "a-better-title" });
      expect(await getThread(deps, null, { forumSlug, threadSlug: "original-title-here" })).toEqual({
        redirectTo: { forumSlug, threadSlug: "a-better-title" },
      });
      const v = await view(null, "a-better-title");
      expect(v.thread.title).toBe("A better title");
      expect(v.posts[0]).toMatchObject({ bodyMd: "New body", revisionCount: 1, editedAt: clock.now() });
      later();
      await editPost(deps, mod, { postId: t.postId, body: "Third version" });
      const history = await listRevisions(deps, null, { postId: t.postId });
      expect(history.current).toBe("Third version");
      expect(history.revisions.map((r) => [r.bodyMd, r.editedBy?.username])).toEqual([
        ["New body", "the_mod"],
        [`Body of Original title here`, "alice"],
      ]);
      // A new thread cannot take a slug that still redirects.
      const again = await thread(bob, "Original title here");
      expect(again.slug).toBe("original-title-here-2");
      // Going back to the first title gives the thread its first slug again.
      later();
      expect((await editPost(deps, alice, { postId: t.postId, title: "Original title here", body: "Third version" })).slug).toBe(
        "original-title-here",
      );
      expect(await getThread(deps, null, { forumSlug, threadSlug: "a-better-title" })).toEqual({
        redirectTo: { forumSlug, threadSlug: "original-title-here" },
      });
      const history2 = await database.db.select().from(threadSlugHistory).where(eq(threadSlugHistory.threadId, t.threadId));
      expect(history2.map((h) => h.slug)).toEqual(["a-better-title"]);
      // A reply's edit ignores a title; an unchanged edit writes no revision.
      later();
      const r = await reply(deps, bob, { threadId: t.threadId, body: "Plain reply" });
      expect(await editPost(deps, bob, { postId: r.postId, body: "Plain reply", title: "Sneaky new title" })).toMatchObject({
        changed: false,
      });
      expect(await database.db.select().from(postRevisions).where(eq(postRevisions.postId, r.postId))).toHaveLength(0);
      expect(await codeOf(getThread(deps, null, { forumSlug, threadSlug: "never-existed" }))).toBe("not_found");
    });

    it("hides a deleted post's history and refuses to edit it", async () => {
      const t = await thread(alice, "Delete then edit");
      later();
      const r = await reply(deps, alice, { threadId: t.threadId, body: "To be removed" });
      await deletePost(deps, alice, { postId: r.postId });
      const [row] = await database.db.select().from(posts).where(eq(posts.id, r.postId));
      expect(row).toMatchObject({ deletedBy: alice.userId, deletedAt: clock.now(), bodyMd: "To be removed" });
      expect(await codeOf(editPost(deps, alice, { postId: r.postId, body: "Back" }))).toBe("not_found");
      expect(await codeOf(listRevisions(deps, alice, { postId: r.postId }))).toBe("not_found");
      expect(await codeOf(deletePost(deps, alice, { postId: r.postId }))).toBe("not_found");
    });
  });

  describe("listThreads", () => {
    it("puts pinned threads first, sorts, filters by tag and status, 20 per page", async () => {
      const cat = await createCategory(database.db, { slug: "listing", position: 5 });
      const f = await createForum(database.db, { categoryId: cat.id, slug: "listing-forum" });
      const base = new Date("2026-01-01T00:00:00Z").getTime();
      const made = [];
      for (let i = 0; i < 23; i++)
        made.push(
          await createThreadWithPosts(database.db, {
            forumId: f.id,
            authorId: i % 2 ? alice.userId : bob.userId,
            title: `Listed thread ${i}`,
            at: new Date(base + i * 3600_000),
            pinned: i === 0,
            tags: i % 3 === 0 ? ["unity"] : [],
            likedBy: i === 5 ? [alice.userId, bob.userId, mod.userId] : [],
            replies: i === 2 ? [{ authorId: alice.userId, body: "Bump", at: new Date(base + 100 * 3600_000) }] : [],
          }),
        );
      await database.db.update(threads).set({ resolved: true }).where(eq(threads.id, made[4].id));
      const slugs = (r: Awaited<ReturnType<typeof listThreads>>) => r.items.map((i) => i.slug);
      const latest = await listThreads(deps, null, { forumSlug: f.slug });
      expect([latest.total, latest.pageCount, latest.items.length]).toEqual([23, 2, 20]);
      expect(slugs(latest).slice(0, 3)).toEqual(["listed-thread-0", "listed-thread-2", "listed-thread-22"]);
      expect(slugs(await listThreads(deps, null, { forumSlug: f.slug, page: 2 }))).toEqual([
        "listed-thread-4",
        "listed-thread-3",
        "listed-thread-1",
      ]);
      expect(slugs(await listThreads(deps, null, { forumSlug: f.slug, sort: "top" })).slice(0, 2)).toEqual([
        "listed-thread-0",
        "listed-thread-5",
      ]);
      expect(slugs(await listThreads(deps, null, { forumSlug: f.slug, sort: "newest" })).slice(0, 3)).toEqual([
        "listed-thread-0",
        "listed-thread-22",
        "listed-thread-21",
      ]);
      const tagged = await listThreads(deps, null, { forumSlug: f.slug, tag: "unity" });
      expect(tagged.total).toBe(8);
      expect(tagged.items[0].tags).toEqual([{ slug: "unity", nameEs: "Unity", nameEn: "Unity" }]);
      expect(slugs(await listThreads(deps, null, { forumSlug: f.slug, status: "resolved" }))).toEqual(["listed-thread-4"]);
      expect((await listThreads(deps, null, { forumSlug: f.slug, status: "open" })).total).toBe(22);
      expect((await listThreads(deps, null, { forumSlug: f.slug, sort: "bogus", page: "x" })).filters.sort).toBe("latest");
      expect(await codeOf(listThreads(deps, null, { forumSlug: "missing" }))).toBe("not_found");
    });
  });

  describe("listCategories", () => {
    it("lists categories by position with their forums in both languages", async () => {
      await createCategory(database.db, { slug: "aaa-last", position: 99 });
      const index = await listCategories(deps, null);
      expect(index[0]).toMatchObject({ slug: "community", titleEs: "Comunidad", titleEn: "Community" });
      expect(index[0].forums[0]).toMatchObject({ slug: "general", titleEs: "General", titleEn: "General" });
      expect(index.at(-1)!.slug).toBe("aaa-last");
    });
  });
});
