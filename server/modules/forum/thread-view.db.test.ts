import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { editPost } from "./edit-post";
import { threadPage, type ThreadPage } from "./thread-view";

describe("threadPage (the thread page's view builder)", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock(new Date("2026-06-01T10:00:00Z"));
  let author: NonNullable<Actor>;
  let reader: NonNullable<Actor>;
  let moderator: NonNullable<Actor>;
  let slug = "";
  let postIds: string[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = forumDeps(database.db, clock);
    author = await member(database.db, clock.now(), { username: "view_author" });
    reader = await member(database.db, clock.now(), { username: "view_reader" });
    moderator = await member(database.db, clock.now(), { username: "view_mod", roles: ["Moderator"] });
    const cat = await createCategory(database.db);
    await createForum(database.db, { categoryId: cat.id, slug: "vistas" });
    const forum = await createForum(database.db, { categoryId: cat.id, slug: "vistas-2" });
    const thread = await createThreadWithPosts(database.db, {
      forumId: forum.id,
      authorId: author.userId,
      title: "A thread of twenty five posts",
      at: new Date(clock.now().getTime() - 3600_000),
      replies: Array.from({ length: 24 }, (_, i) => ({ authorId: i % 2 ? author.userId : reader.userId, body: `Reply ${i + 2}` })),
    });
    slug = thread.slug;
    postIds = thread.posts.map((p) => p.id);
  });
  afterAll(() => database.close());

  const open = (actor: Actor, search: string, threadSlug = slug) => threadPage(deps, actor, { forumSlug: "vistas-2", threadSlug, search });
  const pageOf = async (actor: Actor, search: string, threadSlug = slug): Promise<ThreadPage> => {
    const r = await open(actor, search, threadSlug);
    if (!("page" in r)) throw new Error(`a redirect to ${r.redirect.to}`);
    return r.page;
  };

  it("?post=n goes to the page that holds post n; a page past the last is not_found", async () => {
    expect(await open(null, "?post=21")).toEqual({ redirect: { to: `/community/vistas-2/${slug}?page=2#post-21`, status: 302 } });
    expect(await open(null, "post=3")).toEqual({ redirect: { to: `/community/vistas-2/${slug}#post-3`, status: 302 } });
    const second = await pageOf(null, "?page=2");
    expect(second.view.posts.map((p) => p.number)).toEqual([21, 22, 23, 24, 25]);
    expect(second.noindex).toBe(false);
    expect(await codeOf(open(null, "?page=3"))).toBe("not_found");
    expect(await codeOf(open(null, "", "no-such-thread"))).toBe("not_found");
  });

  it("opens each mode only for whoever may use it, and keeps those views out of search engines", async () => {
    const [first, second] = postIds;
    // Post 2 is the reader's: its edit form and delete confirmation open for the reader, not for the thread's author.
    expect(await pageOf(author, `?edit=${second}`)).toMatchObject({ editingId: null });
    expect(await pageOf(reader, `?edit=${second}`)).toMatchObject({ editingId: second });
    expect(await pageOf(reader, `?delete=${second}`)).toMatchObject({ deletingId: second });
    expect(await pageOf(author, `?delete=${second}`)).toMatchObject({ deletingId: null });
    // Quoting needs the right to reply: a visitor's quote is nothing.
    expect((await pageOf(reader, `?quote=${first}`)).quoted).toEqual({ username: "view_author", bodyMd: expect.any(String) });
    expect(await pageOf(null, `?quote=${first}`)).toMatchObject({ quoted: null, noindex: false });
    // Moderation confirmations: moderators only.
    expect(await pageOf(moderator, `?hide=${second}`)).toMatchObject({ hidingId: second, publishingId: null });
    expect(await pageOf(reader, `?hide=${second}`)).toMatchObject({ hidingId: null });
    expect(await pageOf(moderator, "?hideThread=1")).toMatchObject({ confirmingHideThread: true, noindex: true });
    expect(await pageOf(reader, "?hideThread=1")).toMatchObject({ confirmingHideThread: false, noindex: false });
    // The thank-you after a report: only at a post the viewer may report.
    expect(await pageOf(reader, `?reported=${first}`)).toMatchObject({ reported: first, noindex: true });
    expect(await pageOf(author, `?reported=${first}`)).toMatchObject({ reported: null });
  });

  it("shows a post's history, and sends an old slug to the current address for good, with its query", async () => {
    const [first] = postIds;
    const edited = await editPost(deps, author, { postId: first, body: "A new opening body", title: "A renamed thread of posts" });
    const history = await pageOf(null, `?history=${first}`, edited.slug);
    expect(history.history?.postId).toBe(first);
    expect(history.history?.revisions.map((r) => r.bodyMd)).toHaveLength(1);
    expect(await open(null, "?page=2", slug)).toEqual({ redirect: { to: `/community/vistas-2/${edited.slug}?page=2`, status: 301 } });
  });
});
