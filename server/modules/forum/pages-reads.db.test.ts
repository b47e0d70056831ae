import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createTag, createThreadWithPosts } from "#server/db/forum-factories";
import { countingDb, errorOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { loadSidePanel } from "#server/modules/site/side-panel";
import { SettingsStore } from "#server/modules/site/settings";
import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { excerpt, htmlToText } from "./excerpt";
import { getThread, type ThreadView } from "./get-thread";
import { latestThreads } from "./latest-threads";
import { previewPost } from "./preview-post";
import { acceptAnswer } from "./accept-answer";
import { followUser } from "./follow-user";
import { hidePost } from "./hide-post";
import { listThreads } from "./list-threads";
import { threadForm } from "./thread-form";
import { userFollowState } from "./user-follow-state";

/** The reads the forum pages add: the side panel's latest threads, tags, the new-thread form, previews. */
describe("forum page reads", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock();
  let alice: NonNullable<Actor>;
  let unverified: NonNullable<Actor>;
  const HOUR = 3600_000;

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    alice = await member(db, clock.now(), { username: "alice_reads" });
    unverified = await member(db, clock.now(), { emailVerified: false });
    const cat = await createCategory(db, {});
    const f = await createForum(db, { categoryId: cat.id, slug: "reads" });
    await createTag(db, { slug: "zeta", nameEs: "Zeta", nameEn: "Zeta" });
    await createTag(db, { slug: "alpha", nameEs: "Alfa", nameEn: "Alpha" });
    const t0 = Date.now() - 100 * HOUR;
    for (let i = 1; i <= 6; i++)
      await createThreadWithPosts(db, { forumId: f.id, authorId: alice.userId, title: `Thread number ${i}`, at: new Date(t0 + i * HOUR) });
    await createThreadWithPosts(db, {
      forumId: f.id,
      authorId: alice.userId,
      title: "Newest but hidden",
      hidden: true,
      at: new Date(t0 + 10 * HOUR),
    });
    await createThreadWithPosts(db, {
      forumId: f.id,
      authorId: alice.userId,
      title: "Described thread",
      body: "A **bold** start &amp; <b>more</b> " + "word ".repeat(60),
      at: new Date(t0),
    });
  });
  afterAll(() => database.close());

  it("latest threads: the 4 newest visible ones, with forum slug and author", async () => {
    const rows = await latestThreads(database.db, 4);
    expect(rows.map((r) => r.title)).toEqual(["Thread number 6", "Thread number 5", "Thread number 4", "Thread number 3"]);
    expect(rows[0]).toMatchObject({ slug: "thread-number-6", forumSlug: "reads", author: { username: "alice_reads", avatarUrl: null } });
    expect(typeof rows[0].createdAt).toBe("string");
  });

  it("the side panel lists them only while the forum is enabled", async () => {
    const settings = new SettingsStore(database.db, 0);
    expect((await loadSidePanel(settings, database.db)).threads).toEqual([]);
    await settings.write("forum_enabled", true, alice.userId);
    const panel = await loadSidePanel(settings, database.db);
    expect(panel.threads).toHaveLength(4);
    expect(panel.threads[0].title).toBe("Thread number 6");
    await settings.write("forum_enabled", false, alice.userId);
  });

  it("tags by slug; the thread form says why someone may not start a thread", async () => {
    expect((await listThreads(deps, null, { forumSlug: "reads" })).tags.map((t) => t.slug)).toEqual(["alpha", "zeta"]);
    const ok = await threadForm(deps, alice, { forumSlug: "reads" });
    expect(ok.refusal).toBeNull();
    expect(ok.forum.slug).toBe("reads");
    expect(ok.tags).toHaveLength(2);
    expect((await threadForm(deps, unverified, { forumSlug: "reads" })).refusal).toBe("auth.email_unverified");
    expect((await threadForm(deps, null, { forumSlug: "reads" })).refusal).toBe("auth.unauthenticated");
    expect((await errorOf(threadForm(deps, alice, { forumSlug: "nope" }))).code).toBe("not_found");
  });

  it("previews render Markdown for members only", async () => {
    expect(await previewPost(deps, alice, { body: "**hi**" })).toEqual({ html: expect.stringContaining("**hi**") as string });
    expect((await errorOf(previewPost(deps, null, { body: "x" }))).code).toBe("auth.unauthenticated");
    expect((await errorOf(previewPost(deps, alice, { body: "  " }))).code).toBe("input.invalid");
  });

  it("a thread's description is its opening post as plain text, about 155 characters", async () => {
    const view = (await getThread(deps, null, { forumSlug: "reads", threadSlug: "described-thread" })) as ThreadView;
    expect(view.thread.description.length).toBeLessThanOrEqual(155);
    expect(view.thread.description.endsWith("…")).toBe(true);
    // Markup is gone; what the person typed as text (raw HTML is escaped by the renderer) stays text.
    expect(view.thread.description.startsWith("A bold start & <b>more</b> word word")).toBe(true);
  });

  it("htmlToText and excerpt", () => {
    expect(htmlToText("<p>A <strong>b</strong> &amp; c&#39;s &lt;tag&gt;</p>\n<script>x()</script>")).toBe("A b & c's <tag>");
    expect(excerpt("short", 155)).toBe("short");
    expect(excerpt("alpha beta gamma delta", 20)).toBe("alpha beta gamma…");
  });
});

/** What the thread page's interactions read: the accepted answer wherever it is, abilities, move targets, follows. */
describe("thread page interaction reads", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock();
  let asker: NonNullable<Actor>;
  let helper: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let thread: { id: string; slug: string; posts: { id: string; number: number }[] };

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    asker = await member(db, clock.now(), { username: "asker_reads" });
    helper = await member(db, clock.now(), { username: "helper_reads" });
    mod = await member(db, clock.now(), { username: "mod_reads", roles: ["Moderator"] });
    const cat = await createCategory(db, { titleEn: "Making games", titleEs: "Hacer juegos" });
    await createForum(db, { categoryId: cat.id, slug: "interactions", titleEn: "Interactions", titleEs: "Interacciones" });
    await createForum(db, { categoryId: cat.id, slug: "elsewhere", titleEn: "Elsewhere", titleEs: "Otro sitio", position: 1 });
    const forumId = (await createForum(db, { categoryId: cat.id, slug: "interactions-home", position: 2 })).id;
    thread = await createThreadWithPosts(db, {
      forumId,
      authorId: asker.userId,
      title: "Where is the answer",
      replies: Array.from({ length: 24 }, (_, i) => ({
        authorId: helper.userId,
        body: i === 21 ? `The **answer** is here. ${"More words. ".repeat(60)}` : `Reply ${i + 2}`,
      })),
    });
    await acceptAnswer(deps, asker, { postId: thread.posts[22].id });
  });
  afterAll(() => database.close());

  const readHome = (actor: Actor, page = 1) =>
    getThread(deps, actor, { forumSlug: "interactions-home", threadSlug: thread.slug, page }) as Promise<ThreadView>;

  it("page 1 carries the accepted answer from page 2, as plain text, in the same two reads for everyone (plus a member's read mark)", async () => {
    const counting = countingDb(database);
    for (const actor of [null, asker, helper, mod]) {
      counting.reset();
      const v = (await getThread({ db: counting.db }, actor, { forumSlug: "interactions-home", threadSlug: thread.slug })) as ThreadView;
      // Members also record how far they read (one upsert, sent alongside the posts' read).
      expect(counting.count()).toBe(actor ? 3 : 2);
      expect(v.posts.map((p) => p.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(v.thread.resolved).toBe(true);
      expect(v.thread.acceptedAnswer).toMatchObject({
        id: thread.posts[22].id,
        number: 23,
        author: { username: "helper_reads" },
        hidden: false,
      });
      expect(v.thread.acceptedAnswer!.excerpt.startsWith("The answer is here. More words.")).toBe(true);
      expect(v.thread.acceptedAnswer!.excerpt.length).toBeLessThanOrEqual(300);
    }
  });

  it("abilities: like, report and follow for members; accept for the asker and moderators on replies; hide and move for moderators", async () => {
    const visitor = await readHome(null);
    expect(visitor.can).toEqual({ reply: false, follow: false, pin: false, lock: false, hide: false, move: false, ban: false });
    expect(visitor.moveTargets).toEqual([]);
    expect(visitor.posts[1].can).toEqual({ edit: false, delete: false, like: false, report: false, accept: false, hide: false });

    const h = await readHome(helper);
    expect(h.can).toMatchObject({ reply: true, follow: true, pin: false, lock: false, hide: false, move: false, ban: false });
    expect(h.posts[0].can).toMatchObject({ like: true, report: true, accept: false, hide: false });
    expect(h.posts[1].can).toMatchObject({ like: false, report: false, accept: false, hide: false });

    const a = await readHome(asker);
    expect(a.posts[0].can).toMatchObject({ like: false, report: false, accept: false });
    expect(a.posts[1].can).toMatchObject({ like: true, report: true, accept: true });

    const m = await readHome(mod);
    expect(m.can).toEqual({ reply: true, follow: true, pin: true, lock: true, hide: true, move: true, ban: true });
    expect(m.posts[0].can).toMatchObject({ accept: false, hide: false });
    expect(m.posts[1].can).toMatchObject({ accept: true, hide: true });
    expect(m.moveTargets.map((f) => f.slug)).toEqual(["interactions", "elsewhere", "interactions-home"]);
    expect(m.moveTargets[1]).toEqual({
      slug: "elsewhere",
      titleEs: "Otro sitio",
      titleEn: "Elsewhere",
      categoryEs: "Hacer juegos",
      categoryEn: "Making games",
    });
  });

  it("a hidden accepted answer leaves the thread unresolved for everyone; a hidden reply cannot be accepted", async () => {
    await hidePost(deps, mod, { postId: thread.posts[22].id, reason: "Spam link" });
    await hidePost(deps, mod, { postId: thread.posts[21].id, reason: "Spam link" });
    for (const who of [helper, mod]) {
      const v = await readHome(who);
      expect(v.thread).toMatchObject({ resolved: false, acceptedPostId: null, acceptedAnswer: null });
    }
    const page2 = await readHome(mod, 2);
    // Neither hidden reply is the answer now, nor can be accepted; both can be published again.
    expect(page2.posts.find((p) => p.number === 23)).toMatchObject({ accepted: false, can: { accept: false, hide: true } });
    expect(page2.posts.find((p) => p.number === 22)!.can).toMatchObject({ accept: false, hide: true });
  });

  it("follow state of a person: followers, whether the viewer follows, whether the viewer may", async () => {
    expect(await userFollowState(deps, null, { userId: asker.userId })).toEqual({ followers: 0, following: false, canFollow: false });
    await followUser(deps, helper, { userId: asker.userId });
    expect(await userFollowState(deps, helper, { userId: asker.userId })).toEqual({ followers: 1, following: true, canFollow: true });
    expect(await userFollowState(deps, mod, { userId: asker.userId })).toEqual({ followers: 1, following: false, canFollow: true });
    expect(await userFollowState(deps, asker, { userId: asker.userId })).toEqual({ followers: 1, following: false, canFollow: false });
  });
});
