import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThreadWithPosts, createCategory, createForum } from "#server/db/forum-factories";
import { member } from "#tests/support/forum-kit";
import { testServices } from "#tests/support/services";
import type { Services } from "#server/services";

describe("services wiring", () => {
  let ctx: Awaited<ReturnType<typeof testServices>>;
  let services: Services;
  beforeAll(async () => {
    ctx = await testServices();
    services = ctx.services;
  });
  afterAll(() => ctx.close());

  it("writes a notification when a forum operation publishes an event on the services' bus", async () => {
    const db = services.db;
    const now = new Date();
    const author = await member(db, now, { username: "wired_author" });
    const fan = await member(db, now, { username: "wired_fan" });
    const cat = await createCategory(db);
    const forum = await createForum(db, { categoryId: cat.id });
    const t = await createThreadWithPosts(db, { forumId: forum.id, authorId: author.userId });
    await services.forum.likePost(fan, { postId: t.posts[0].id });
    const list = await services.notifications.list(author, {});
    expect(list.items.filter((n) => n.type === "like").map((n) => [n.type, n.actor?.username])).toEqual([["like", "wired_fan"]]);
    // Gamification listens on the same bus: the first like received unlocks an achievement, told as well.
    expect(list.items.map((n) => n.type).sort()).toEqual(["achievement_unlocked", "like"]);
    expect(await services.notifications.unreadCount(author)).toBe(2);
  });
});
