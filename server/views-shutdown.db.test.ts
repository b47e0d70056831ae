import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { threads } from "#server/db/schema";
import { testServices } from "#tests/support/services";

describe("shutdown", () => {
  it("writes the thread views still waiting in memory before the database closes", async () => {
    const { services, close } = await testServices();
    const db = services.db;
    const author = await createUser(db);
    const category = await createCategory(db);
    const forum = await createForum(db, { categoryId: category.id });
    const thread = await createThreadWithPosts(db, { forumId: forum.id, authorId: author.id });
    services.forum.countView({ forumSlug: forum.slug, threadSlug: thread.slug, visitor: "visitor-hash-1" });

    // The count as the database holds it at the moment it is asked to close.
    let atClose: number | undefined;
    const closeDatabase = services.database.close.bind(services.database);
    services.database.close = async () => {
      const [row] = await db.select({ views: threads.viewCount }).from(threads).where(eq(threads.id, thread.id));
      atClose = row?.views;
      return closeDatabase();
    };
    await close();
    expect(atClose).toBe(1);
  });
});
