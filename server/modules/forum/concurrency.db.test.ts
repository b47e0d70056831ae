import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { countingDb, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { forums, posts } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { createThread } from "./create-thread";
import { listThreads } from "./list-threads";
import { getThread, type ThreadView } from "./get-thread";
import { reply } from "./reply";

describe("forum under load", () => {
  let database: DatabaseHandle;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  let forumId: string;
  const forumSlug = "busy";

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    const cat = await createCategory(database.db);
    forumId = (await createForum(database.db, { categoryId: cat.id, slug: forumSlug })).id;
  });
  afterAll(() => database.close());

  it("gives 10 threads started at once with the same title 10 different slugs", async () => {
    const deps = forumDeps(database.db, clock);
    const people: Actor[] = [];
    for (let i = 0; i < 10; i++) people.push(await member(database.db, clock.now(), { username: `racer_${i}` }));
    const created = await Promise.all(
      people.map((p) => createThread(deps, p, { forumSlug, title: "¿Qué tal, Ñandú?", body: `Hola desde ${p!.username}` })),
    );
    expect(created.map((c) => c.slug).sort()).toEqual(
      ["que-tal-nandu", ...Array.from({ length: 9 }, (_, i) => `que-tal-nandu-${i + 2}`)].sort(),
    );
    const [f] = await database.db.select().from(forums).where(eq(forums.id, forumId));
    expect(f).toMatchObject({ threadCount: 10, postCount: 10 });
  });

  it("numbers replies sent at once to one thread without gaps or collisions", async () => {
    const deps = forumDeps(database.db, clock);
    const owner = await member(database.db, clock.now());
    const t = await createThreadWithPosts(database.db, {
      forumId,
      authorId: owner.userId,
      title: "Many voices",
      at: new Date(clock.now().getTime() - 3600_000),
    });
    const people: Actor[] = [];
    for (let i = 0; i < 8; i++) people.push(await member(database.db, clock.now()));
    await Promise.all(people.map((p) => reply(deps, p, { threadId: t.id, body: `Voice ${p!.userId}` })));
    const numbers = (await database.db.select({ n: posts.number }).from(posts).where(eq(posts.threadId, t.id)))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("reads a thread page with the same number of statements for 20 and 100 posts", async () => {
    const viewer = await member(database.db, clock.now(), { username: "viewer" });
    const author = await member(database.db, clock.now(), { username: "talker" });
    const make = (title: string, count: number) =>
      createThreadWithPosts(database.db, {
        forumId,
        authorId: author.userId,
        title,
        tags: [],
        replies: Array.from({ length: count - 1 }, (_, i) => ({
          authorId: i % 2 ? author.userId : viewer.userId,
          body: `Post ${i + 2}`,
          likedBy: i % 3 ? [] : [viewer.userId],
        })),
      });
    const small = await make("Twenty posts", 20);
    const big = await make("One hundred posts", 100);
    const counting = countingDb(database);
    const deps = { db: counting.db };
    const statements = async (actor: Actor, slug: string, page = 1) => {
      counting.reset();
      const v = (await getThread(deps, actor, { forumSlug, threadSlug: slug, page })) as ThreadView;
      expect(v.posts.length).toBe(20);
      return counting.count();
    };
    const counts = [
      await statements(viewer, small.slug),
      await statements(viewer, big.slug),
      await statements(viewer, big.slug, 5),
      await statements(null, small.slug),
      await statements(null, big.slug, 3),
    ];
    // A member's read also records how far they read (one upsert, for the unread markers); a visitor's does not.
    expect(counts).toEqual([3, 3, 3, 2, 2]);
    const v = (await getThread(deps, viewer, { forumSlug, threadSlug: big.slug, page: 5 })) as ThreadView;
    expect(v.posts.map((p) => p.number)).toEqual(Array.from({ length: 20 }, (_, i) => 81 + i));
    expect(v.posts.filter((p) => p.likedByViewer).map((p) => p.number)).toEqual(
      v.posts.filter((p) => (p.number - 2) % 3 === 0).map((p) => p.number),
    );
  });

  it("lists a forum's threads in two statements, with filters or without, for a member or a visitor", async () => {
    const viewer = await member(database.db, clock.now(), { username: "lister" });
    const counting = countingDb(database);
    const deps = { db: counting.db };
    const statements = async (actor: Actor, input: Record<string, string>) => {
      counting.reset();
      const list = await listThreads(deps, actor, { forumSlug, ...input });
      expect(list.total).toBeGreaterThan(0);
      return counting.count();
    };
    expect([
      await statements(null, {}),
      await statements(viewer, {}),
      await statements(viewer, { status: "open", sort: "top" }),
      await statements(null, { page: "2" }),
    ]).toEqual([2, 2, 2, 2]);
  });
});
