import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { NOTIFICATION_TYPES, type NotificationType } from "#server/modules/notifications";
import { signIn, testApp, type TestApp } from "#tests/support/app";

/**
 * As a browser without JavaScript sees it: on /notifications every kind of notification
 * has its picture (who acted's avatar, or an icon: never a "?") and is a link, and opening it leads to what
 * it is about (a level-up to one's progress, a reply to its post…), in both languages.
 */
let t: TestApp;
let cookie = "";
const ids = new Map<NotificationType, number>();
let expected: Record<NotificationType, { picture: string; target: string }>;

beforeAll(async () => {
  t = await testApp();
  const db = t.services.db;
  const me = await createUser(db, { password: "targets-pass-1" });
  const ana = await createUser(db, { username: "ana_targets" });
  const mod = await createUser(db, { username: "mod_targets", roles: ["Moderator"] });
  const forum = await createForum(db, { categoryId: (await createCategory(db)).id, slug: "targets-forum" });
  const th = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: me.id,
    title: "Targets thread",
    replies: [
      { authorId: ana.id, body: "Ana replies" },
      { authorId: me.id, body: "I reply" },
    ],
  });
  const p = (n: number) => th.posts.find((x) => x.number === n)!.id;
  const thread = `/community/targets-forum/${th.slug}`;
  const rows: Record<NotificationType, Omit<typeof notifications.$inferInsert, "userId" | "type">> = {
    reply: { actorId: ana.id, threadId: th.id, postId: p(2) },
    mention: { actorId: ana.id, threadId: th.id, postId: p(2) },
    new_thread: { actorId: ana.id, threadId: th.id, postId: p(1) },
    like: { actorId: ana.id, threadId: th.id, postId: p(3) },
    answer_accepted: { actorId: ana.id, threadId: th.id, postId: p(3) },
    moderation: { actorId: mod.id, threadId: th.id, postId: p(3), data: { action: "hidden", kind: "post", reason: "spam" } },
    level_up: { actorId: null, data: { level: 2, from: 1, statPoints: 3 } },
    achievement_unlocked: {
      actorId: null,
      data: { achievementId: "x", key: "first_thread", nameKey: "first_thread.name", rarity: "common", rewardXp: 10 },
    },
    campaign_decided: {
      actorId: null,
      data: { requestId: "r1", campaignId: "c1", gameName: "Lumen Drift", status: "rejected", reason: "Wrong platform", auto: false },
    },
    episode_room: {
      actorId: null,
      data: { roomId: "3f1c0b1e-0000-4000-8000-000000000001", title: "Episode 12", kind: "slot_proposed", status: "preparing" },
    },
  };
  expected = {
    reply: { picture: "avatar", target: `${thread}?post=2` },
    mention: { picture: "avatar", target: `${thread}?post=2` },
    new_thread: { picture: "avatar", target: thread },
    like: { picture: "avatar", target: `${thread}?post=3` },
    answer_accepted: { picture: "avatar", target: `${thread}?post=3` },
    moderation: { picture: "moderation", target: `${thread}?post=3` },
    level_up: { picture: "level", target: "/account/progress" },
    achievement_unlocked: { picture: "achievement", target: "/account/progress#achievements-heading" },
    campaign_decided: { picture: "campaign", target: "/my-keys" },
    episode_room: { picture: "episode", target: "/episode-panel/3f1c0b1e-0000-4000-8000-000000000001" },
  };
  for (const type of NOTIFICATION_TYPES) {
    const [row] = await db
      .insert(notifications)
      .values({ userId: me.id, type, ...rows[type] })
      .returning({ id: notifications.id });
    ids.set(type, row.id);
  }
  await t.services.settings.write("forum_enabled", true, "test");
  cookie = await signIn(t, me.email, "targets-pass-1");
});
afterAll(() => t.close());

/** The page's row (its <li>) for one notification. */
const rowOf = (html: string, id: number) => {
  const link = html.indexOf(`?open=${id}"`);
  expect(link, `notification ${id} is a link`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf("<li", link), html.indexOf("</li>", link));
};

describe("every notification on /notifications", () => {
  for (const locale of ["es", "en"] as const) {
    it(`has a picture and links to its notification (${locale})`, async () => {
      const res = await t.request(`/${locale}/notifications`, { cookie });
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const type of NOTIFICATION_TYPES) {
        const row = rowOf(html, ids.get(type)!);
        expect(row, type).toContain(`href="/${locale}/notifications?open=${ids.get(type)}"`);
        expect(row, type).toContain(`data-picture="${expected[type].picture}"`);
        expect(row, type).not.toMatch(/>\?</);
      }
    });

    it(`opens what each is about (${locale})`, async () => {
      for (const type of NOTIFICATION_TYPES) {
        const res = await t.request(`/${locale}/notifications?open=${ids.get(type)}`, { cookie });
        expect(res.status, type).toBe(302);
        expect(res.headers.get("location"), type).toBe(`/${locale}${expected[type].target}`);
      }
    });
  }
});
