import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { countingDb, member } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { forumSitemapEntries } from "./sitemap-entries";

/** The community pages the sitemap lists: index, forums, visible threads with their last activity. */
describe("forum sitemap entries", () => {
  let database: DatabaseHandle;
  const HOUR = 3600_000;
  const t0 = new Date("2026-03-01T10:00:00.000Z").getTime();

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    const author = await member(db, new Date(), { username: "sitemap_author" });
    const cat = await createCategory(db, {});
    const art = await createForum(db, { categoryId: cat.id, slug: "sm-art", position: 2 });
    const code = await createForum(db, { categoryId: cat.id, slug: "sm-code", position: 1 });
    await createForum(db, { categoryId: cat.id, slug: "sm-empty", position: 3 });
    await createThreadWithPosts(db, { forumId: code.id, authorId: author.userId, title: "Old code thread", at: new Date(t0) });
    await createThreadWithPosts(db, {
      forumId: code.id,
      authorId: author.userId,
      title: "Busy code thread",
      at: new Date(t0 + HOUR),
      replies: [{ authorId: author.userId, body: "Later reply", at: new Date(t0 + 5 * HOUR) }],
    });
    await createThreadWithPosts(db, { forumId: art.id, authorId: author.userId, title: "Art thread", at: new Date(t0 + 2 * HOUR) });
    await createThreadWithPosts(db, {
      forumId: art.id,
      authorId: author.userId,
      title: "Hidden art thread",
      hidden: true,
      at: new Date(t0 + 9 * HOUR),
    });
  });
  afterAll(() => database.close());

  it("lists the index, every forum and the visible threads, most recently active first, with last activity", async () => {
    const entries = await forumSitemapEntries(database.db);
    expect(entries).toEqual([
      // The index changed when the latest forum activity happened (the hidden thread counts for its forum).
      { path: "/community", lastmod: new Date(t0 + 9 * HOUR) },
      { path: "/community/sm-code", lastmod: new Date(t0 + 5 * HOUR) },
      { path: "/community/sm-art", lastmod: new Date(t0 + 9 * HOUR) },
      { path: "/community/sm-empty", lastmod: null },
      { path: "/community/sm-code/busy-code-thread", lastmod: new Date(t0 + 5 * HOUR) },
      { path: "/community/sm-art/art-thread", lastmod: new Date(t0 + 2 * HOUR) },
      { path: "/community/sm-code/old-code-thread", lastmod: new Date(t0) },
    ]);
    expect(entries.some((e) => e.path.includes("hidden"))).toBe(false);
  });

  it("reads everything in one statement", async () => {
    const counting = countingDb(database);
    await forumSitemapEntries(counting.db);
    expect(counting.count()).toBe(1);
  });

  it("keeps only the most recently active threads past the cap", async () => {
    const entries = await forumSitemapEntries(database.db, 2);
    expect(entries.filter((e) => e.path.split("/").length === 4).map((e) => e.path)).toEqual([
      "/community/sm-code/busy-code-thread",
      "/community/sm-art/art-thread",
    ]);
    expect(entries.filter((e) => e.path.split("/").length < 4)).toHaveLength(4);
  });
});
