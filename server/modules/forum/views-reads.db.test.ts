import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { threadReads, threads, threadViews } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { listThreads } from "./list-threads";
import { reply } from "./reply";
import { createThread } from "./create-thread";
import { threadPage } from "./thread-view";
import { createViewCounter, pruneThreadViews, recordThreadViews, utcDay } from "./thread-views";

/**
 * Views counted once per visitor per day (batched, in one statement that also survives a
 * concurrent batch), and members' read positions (unread markers in the list, the "new posts" line in the
 * thread). Runs on PGlite and on PostgreSQL (`--project data-pg`), where the races are real.
 */
describe("thread views and read positions", () => {
  let database: DatabaseHandle;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  let forumId: string;
  let author: NonNullable<Actor>;
  let reader: NonNullable<Actor>;
  let other: NonNullable<Actor>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    const cat = await createCategory(database.db);
    forumId = (await createForum(database.db, { categoryId: cat.id, slug: "views" })).id;
    author = await member(database.db, clock.now(), { username: "views_author" });
    reader = await member(database.db, clock.now(), { username: "views_reader" });
    other = await member(database.db, clock.now(), { username: "views_other" });
  });
  afterAll(() => database.close());

  const viewCount = async (id: string) => (await database.db.select({ n: threads.viewCount }).from(threads).where(eq(threads.id, id)))[0].n;
  const newThread = (replies = 0) =>
    createThreadWithPosts(database.db, {
      forumId,
      authorId: author.userId,
      replies: Array.from({ length: replies }, (_, i) => ({ authorId: i % 2 ? author.userId : other.userId, body: `reply ${i}` })),
    });

  it("counts the same visitor once a day, another visitor and the next day again, and an unknown address not at all", async () => {
    const t = await newThread();
    const day = utcDay(clock.now());
    const hit = { forumSlug: "views", threadSlug: t.slug, day, visitor: "visitor-a" };
    expect(await recordThreadViews(database.db, [hit])).toBe(1);
    expect(await recordThreadViews(database.db, [hit, hit])).toBe(0);
    expect(await viewCount(t.id)).toBe(1);
    expect(
      await recordThreadViews(database.db, [
        { ...hit, visitor: "visitor-b" },
        { ...hit, threadSlug: "no-such-thread" },
      ]),
    ).toBe(1);
    expect(await recordThreadViews(database.db, [{ ...hit, day: "2020-01-02" }])).toBe(1);
    expect(await viewCount(t.id)).toBe(3);
  });

  it("counts a visitor once when batches with the same hit are written at the same moment", async () => {
    const t = await newThread();
    const hit = { forumSlug: "views", threadSlug: t.slug, day: utcDay(clock.now()), visitor: "racer" };
    const others = Array.from({ length: 8 }, (_, i) => ({ ...hit, visitor: `racer-${i}` }));
    const counted = await Promise.all(Array.from({ length: 10 }, () => recordThreadViews(database.db, [hit, ...others])));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(9);
    expect(await viewCount(t.id)).toBe(9);
    const rows = await database.db.select().from(threadViews).where(eq(threadViews.threadId, t.id));
    expect(rows).toHaveLength(9);
  });

  it("keeps page views in memory and writes them in one batch; old days are pruned", async () => {
    const t = await newThread();
    const counter = createViewCounter(forumDeps(database.db, clock));
    for (let i = 0; i < 5; i++) counter.add({ forumSlug: "views", threadSlug: t.slug, visitor: i < 3 ? "same" : `v${i}` });
    expect(await viewCount(t.id)).toBe(0);
    expect(await counter.flush()).toBe(3);
    expect(await viewCount(t.id)).toBe(3);
    // Concurrent flushes of the same visitor (another instance, say) still count once.
    const second = createViewCounter(forumDeps(database.db, clock));
    counter.add({ forumSlug: "views", threadSlug: t.slug, visitor: "twice" });
    second.add({ forumSlug: "views", threadSlug: t.slug, visitor: "twice" });
    const [a, b] = await Promise.all([counter.flush(), second.flush()]);
    expect(a + b).toBe(1);
    expect(await viewCount(t.id)).toBe(4);
    await pruneThreadViews(database.db, "2099-01-01");
    expect(await database.db.select().from(threadViews)).toHaveLength(0);
    expect(await viewCount(t.id)).toBe(4);
  });

  it("marks what a member read: the list shows unread threads, the thread the first post past their last visit", async () => {
    const deps = forumDeps(database.db, clock);
    const t = await newThread(2); // posts 1–3
    const inList = async (who: Actor) => (await listThreads(deps, who, { forumSlug: "views" })).items.find((i) => i.id === t.id)!;

    // Never opened: unread from the first post, and no "new posts" line on the first visit.
    expect((await inList(reader)).unread).toEqual({ firstUnread: 1, count: 3, neverRead: true });
    const first = await threadPage(deps, reader, { forumSlug: "views", threadSlug: t.slug });
    expect("page" in first && first.page.view.lastReadNumber).toBe(null);
    expect(await database.db.select().from(threadReads).where(eq(threadReads.threadId, t.id))).toHaveLength(1);
    expect((await inList(reader)).unread).toBeNull();

    // Someone replies: one new post, and the thread's line goes before post 4.
    clock.advance(60_000);
    await reply(deps, other, { threadId: t.id, body: "A new reply after the reader's visit." });
    expect((await inList(reader)).unread).toEqual({ firstUnread: 4, count: 1, neverRead: false });
    const again = await threadPage(deps, reader, { forumSlug: "views", threadSlug: t.slug });
    expect("page" in again && again.page.view.lastReadNumber).toBe(3);
    expect((await inList(reader)).unread).toBeNull();

    // One's own reply is read; visitors have no read state; the list shows participants and the last poster.
    clock.advance(60_000);
    await reply(deps, reader, { threadId: t.id, body: "The reader answers too, here." });
    expect((await inList(reader)).unread).toBeNull();
    const own = await threadPage(deps, reader, { forumSlug: "views", threadSlug: t.slug });
    expect("page" in own && own.page.view.lastReadNumber).toBe(5);
    const seen = await inList(null);
    expect(seen.unread).toBeNull();
    expect(seen.lastPoster?.username).toBe("views_reader");
    expect(seen.lastPostNumber).toBe(5);
    expect(seen.participants.map((p) => p.username)).toEqual(["views_reader", "views_other"]);
  });

  it("never moves a read position back (page 1 after the last page), and a new thread is read by its author", async () => {
    const deps = forumDeps(database.db, clock);
    const t = await newThread(24); // 25 posts: two pages
    await threadPage(deps, reader, { forumSlug: "views", threadSlug: t.slug, search: "?page=2" });
    await threadPage(deps, reader, { forumSlug: "views", threadSlug: t.slug });
    const [mark] = await database.db.select().from(threadReads).where(eq(threadReads.threadId, t.id));
    expect(mark.lastReadNumber).toBe(25);
    // A page past the last one is not a read.
    await threadPage(deps, other, { forumSlug: "views", threadSlug: t.slug, search: "?page=9" }).catch(() => null);
    expect(await database.db.select().from(threadReads).where(eq(threadReads.threadId, t.id))).toHaveLength(1);

    clock.advance(3600_000);
    const made = await createThread(deps, author, { forumSlug: "views", title: "Read by its author", body: "Opening post body here." });
    const listed = (await listThreads(deps, author, { forumSlug: "views" })).items.find((i) => i.slug === made.slug)!;
    expect(listed.unread).toBeNull();
    expect(listed.viewCount).toBe(0);
  });
});
