import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { forums, postLikes, posts, reports, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { likePost } from "./like-post";
import { moveThread } from "./move-thread";
import { reportPost } from "./report-post";
import { unlikePost } from "./unlike-post";

/** Races: meaningful on PostgreSQL (`--project data-pg`); on PGlite they run one after the other. */
describe("likes, reports and moves at once", () => {
  let database: DatabaseHandle;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  let forumId: string;
  let author: NonNullable<Actor>;
  let people: NonNullable<Actor>[];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    const cat = await createCategory(database.db);
    forumId = (await createForum(database.db, { categoryId: cat.id, slug: "racing" })).id;
    author = await member(database.db, clock.now(), { username: "author" });
    people = [];
    for (let i = 0; i < 20; i++) people.push(await member(database.db, clock.now(), { username: `liker_${i}` }));
  });
  afterAll(() => database.close());

  const counts = async (threadId: string, postId: string) => {
    const [p] = await database.db.select({ n: posts.likeCount }).from(posts).where(eq(posts.id, postId));
    const [t] = await database.db.select({ n: threads.likeCount }).from(threads).where(eq(threads.id, threadId));
    const rows = await database.db.select().from(postLikes).where(eq(postLikes.postId, postId));
    return { post: p.n, thread: t.n, rows: rows.length };
  };

  it("counts 20 likes sent at once exactly, and the same 20 again (each twice) change nothing", async () => {
    const deps = forumDeps(database.db, clock);
    const t = await createThreadWithPosts(database.db, { forumId, authorId: author.userId });
    const postId = t.posts[0].id;
    const first = await Promise.all(people.map((p) => likePost(deps, p, { postId })));
    expect(first.filter((r) => r.changed)).toHaveLength(20);
    expect(await counts(t.id, postId)).toEqual({ post: 20, thread: 20, rows: 20 });
    const again = await Promise.all([...people, ...people].map((p) => likePost(deps, p, { postId })));
    expect(again.filter((r) => r.changed)).toHaveLength(0);
    expect(await counts(t.id, postId)).toEqual({ post: 20, thread: 20, rows: 20 });
  });

  it("keeps the count right when likes and unlikes of the same people race", async () => {
    const deps = forumDeps(database.db, clock);
    const t = await createThreadWithPosts(database.db, { forumId, authorId: author.userId });
    const postId = t.posts[0].id;
    await Promise.all(people.slice(0, 10).map((p) => likePost(deps, p, { postId })));
    // The first ten unlike (twice each) while the other ten like (twice each).
    await Promise.all([
      ...people.slice(0, 10).flatMap((p) => [unlikePost(deps, p, { postId }), unlikePost(deps, p, { postId })]),
      ...people.slice(10).flatMap((p) => [likePost(deps, p, { postId }), likePost(deps, p, { postId })]),
    ]);
    expect(await counts(t.id, postId)).toEqual({ post: 10, thread: 10, rows: 10 });
  });

  it("opens one report when the same person sends it several times at once", async () => {
    const deps = forumDeps(database.db, clock);
    const t = await createThreadWithPosts(database.db, { forumId, authorId: author.userId });
    const postId = t.posts[0].id;
    const codes = await Promise.all(
      Array.from({ length: 8 }, () => codeOf(reportPost(deps, people[0], { postId, reason: "Spam, spam, spam" }))),
    );
    expect(codes.filter((c) => c === "no error")).toHaveLength(1);
    expect(codes.filter((c) => c === "forum.already_reported")).toHaveLength(7);
    expect(await database.db.select().from(reports).where(eq(reports.postId, postId))).toHaveLength(1);
  });

  it("moves two threads with the same slug into one forum at once under different slugs, counters right", async () => {
    const deps = forumDeps(database.db, clock);
    const mod = await member(database.db, clock.now(), { username: "mover", roles: ["Moderator"] });
    const cat = await createCategory(database.db);
    const a = await createForum(database.db, { categoryId: cat.id, slug: "race-a" });
    const b = await createForum(database.db, { categoryId: cat.id, slug: "race-b" });
    const target = await createForum(database.db, { categoryId: cat.id, slug: "race-target" });
    const ta = await createThreadWithPosts(database.db, { forumId: a.id, authorId: author.userId, title: "Same name" });
    const tb = await createThreadWithPosts(database.db, { forumId: b.id, authorId: author.userId, title: "Same name" });
    const moved = await Promise.all([ta, tb].map((t) => moveThread(deps, mod, { threadId: t.id, forumSlug: "race-target" })));
    expect(moved.map((m) => m.slug).sort()).toEqual(["same-name", "same-name-2"]);
    const rows = await database.db.select({ id: forums.id, threads: forums.threadCount, posts: forums.postCount }).from(forums);
    expect(rows.find((r) => r.id === target.id)).toMatchObject({ threads: 2, posts: 2 });
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ threads: 0, posts: 0 });
    expect(rows.find((r) => r.id === b.id)).toMatchObject({ threads: 0, posts: 0 });
  });
});
