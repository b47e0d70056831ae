import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { testActor } from "#tests/support/actors";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";

/**
 * The notifications page, the bell and the notification settings tab driven as a browser without JavaScript
 * would: plain GETs and form posts, on the real app and React Router build.
 */
let t: TestApp;
let ip = 0;
const PW = "notes-pages-pass-1";
type Member = { id: string; username: string; cookie: string };
let ana: Member;
let bruno: Member;
let quiet: Member;
let thread: { id: string; slug: string; title: string; posts: { id: string; number: number }[] };
const forumSlug = "notes-forum";
let forumId = "";

const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `198.51.100.${++ip % 250}` } });
function post(path: string, fields: Record<string, string>, cookie?: string) {
  return t.request(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": `198.51.100.${++ip % 250}` },
    body: new URLSearchParams(fields).toString(),
  });
}
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
const headerOf = (html: string) => html.slice(html.indexOf("<header"), html.indexOf("</header>"));
/** The <input> element named so, as rendered. */
const inputNamed = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
/** How many notifications the page links to. */
const openLinks = (html: string) => html.match(/href="\/en\/notifications\?open=\d+"/g)?.length ?? 0;
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function member(): Promise<Member> {
  const u = await createUser(t.services.db, { password: PW });
  // These tests are about the forum's notifications: levels and achievements are turned off.
  await t.services.notifications.setPreferences(testActor({ userId: u.id }), { level_up: false, achievement_unlocked: false });
  return { id: u.id, username: u.username, cookie: await signIn(t, u.email, PW) };
}
const unreadOf = (m: Member) => t.services.notifications.unreadCount(testActor({ userId: m.id }));
const idsOf = async (m: Member) =>
  (await t.services.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, m.id))).map((r) => r.id);

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  ana = await member();
  bruno = await member();
  quiet = await member();
  const forum = await createForum(db, { categoryId: (await createCategory(db)).id, slug: forumSlug });
  forumId = forum.id;
  const th = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: ana.id,
    title: "Pixel shaders & palettes",
    replies: [
      { authorId: ana.id, body: "Second post" },
      { authorId: bruno.id, body: "Bruno's post" },
    ],
  });
  thread = { id: th.id, slug: th.slug, title: "Pixel shaders & palettes", posts: th.posts };
  // Bruno likes Ana's second post; Ana likes Bruno's post: each has one notification of their own.
  await t.services.forum.likePost(testActor({ userId: bruno.id }), { postId: th.posts[1].id });
  await t.services.forum.likePost(testActor({ userId: ana.id }), { postId: th.posts[2].id });
});
afterAll(() => t.close());

describe("/notifications", () => {
  it("sends visitors to sign in, in both languages", async () => {
    for (const lng of ["en", "es"]) {
      const res = await get(`/${lng}/notifications`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/${lng}/login?redirectTo=${encodeURIComponent("/notifications")}`);
    }
    const open = await get("/en/notifications?open=1");
    expect(open.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent("/notifications?open=1")}`);
  });

  it("lists a member's own notifications only, with a translated sentence linking to the post", async () => {
    const [mine] = await idsOf(ana);
    const html = decode(mainOf(await (await get("/en/notifications", ana.cookie)).text()));
    expect(html).toContain("<h1");
    expect(html).toContain("You have 1 unread notification.");
    expect(html).toContain(`${bruno.username} liked your post in Pixel shaders & palettes`);
    expect(html).toContain(`href="/en/notifications?open=${mine}"`);
    expect(html).toContain("Unread");
    // Bruno's notification (Ana's like) is not on Ana's page.
    expect(html).not.toContain(`${ana.username} liked your post`);
    const es = decode(mainOf(await (await get("/es/notifications", ana.cookie)).text()));
    expect(es).toContain(`A ${bruno.username} le gustó tu mensaje en Pixel shaders & palettes`);
    expect(es).toContain("Tienes 1 notificación sin leer.");
  });

  it("shows an empty state", async () => {
    expect(mainOf(await (await get("/en/notifications", quiet.cookie)).text())).toContain("No notifications yet.");
    expect(mainOf(await (await get("/es/notifications?filter=unread", quiet.cookie)).text())).toContain(
      "No tienes notificaciones sin leer.",
    );
  });

  it("opening one's notification marks it read and goes on to its post; someone else's is 404 and stays unread", async () => {
    const [brunos] = await idsOf(bruno);
    const foreign = await get(`/en/notifications?open=${brunos}`, ana.cookie);
    expect(foreign.status).toBe(404);
    expect(await unreadOf(bruno)).toBe(1);
    expect((await get("/en/notifications?open=abc", ana.cookie)).status).toBe(404);

    const res = await get(`/es/notifications?open=${brunos}`, bruno.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/es/community/${forumSlug}/${thread.slug}?post=3`);
    expect(await unreadOf(bruno)).toBe(0);
  });

  it("marks one read with a form, one's own only; marking someone else's is refused", async () => {
    const [anas] = await idsOf(ana);
    const refused = await post("/en/notifications", { intent: "read", id: String(anas) }, bruno.cookie);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("We could not find what you were looking for.");
    expect(await unreadOf(ana)).toBe(1);
    expect((await post("/en/notifications", { intent: "read", id: String(anas) })).status).toBe(302);
    expect(await unreadOf(ana)).toBe(1);

    const res = await post("/en/notifications", { intent: "read", id: String(anas) }, ana.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Notification marked as read.");
    expect(await unreadOf(ana)).toBe(0);
    expect((await post("/en/notifications", { intent: "nonsense" }, ana.cookie)).status).toBe(400);
  });

  it("marks all read with a form, and pages the list (20 a page; past the last page is 404)", async () => {
    const rows = Array.from({ length: 23 }, (_, i) => ({
      userId: ana.id,
      type: "reply",
      actorId: bruno.id,
      threadId: thread.id,
      postId: thread.posts[2].id,
      data: { number: 3 },
      createdAt: new Date(Date.now() - (i + 1) * 60_000),
    }));
    await t.services.db.insert(notifications).values(rows);
    await t.services.db
      .insert(notifications)
      .values({ userId: bruno.id, type: "like", actorId: ana.id, threadId: thread.id, postId: thread.posts[2].id });
    const first = decode(mainOf(await (await get("/en/notifications", ana.cookie)).text()));
    expect(first).toContain("You have 23 unread notifications.");
    expect(openLinks(first)).toBe(20);
    expect(first).toContain(`${bruno.username} replied in Pixel shaders & palettes`);
    expect(first).toContain('href="/en/notifications?page=2"');
    const second = decode(mainOf(await (await get("/en/notifications?page=2", ana.cookie)).text()));
    // 24 in all: the 23 unread and the one read before.
    expect(openLinks(second)).toBe(4);
    expect((await get("/en/notifications?page=3", ana.cookie)).status).toBe(404);
    const unreadOnly = decode(mainOf(await (await get("/en/notifications?filter=unread&page=2", ana.cookie)).text()));
    expect(openLinks(unreadOnly)).toBe(3);

    const res = await post("/en/notifications", { intent: "read-all" }, ana.cookie);
    expect(res.status).toBe(200);
    const html = decode(mainOf(await res.text()));
    expect(html).toContain("23 notifications marked as read.");
    expect(html).toContain("You are all caught up.");
    const left = await t.services.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, ana.id), isNull(notifications.readAt)));
    expect(left).toHaveLength(0);
    // Bruno's were not touched by Ana's "mark all".
    expect(await unreadOf(bruno)).toBe(1);
  });

  it("a moderation notification says why, and leads to the thread's forum when the thread is hidden", async () => {
    const hidden = await createThreadWithPosts(t.services.db, {
      forumId: forumId,
      authorId: quiet.id,
      title: "Spammy thread",
      hidden: true,
    });
    await t.services.db.insert(notifications).values({
      userId: quiet.id,
      type: "moderation",
      actorId: ana.id,
      threadId: hidden.id,
      data: { action: "hidden", kind: "thread", reason: "Off topic" },
    });
    const html = decode(mainOf(await (await get("/en/notifications", quiet.cookie)).text()));
    expect(html).toContain("A moderator hid your thread Spammy thread");
    expect(html).toContain("Reason: Off topic");
    const [id] = await idsOf(quiet);
    expect(html).toContain(`/en/notifications?open=${id}`);
    // Opening it marks it read and leads to the forum the hidden thread was in (its author cannot open it).
    const res = await get(`/en/notifications?open=${id}`, quiet.cookie);
    expect(res.headers.get("location")).toBe(`/en/community/${forumSlug}`);
  });
});

describe("the bell", () => {
  it("shows signed-in people a link to their notifications with the unread count in its name; visitors have none", async () => {
    await t.services.db
      .insert(notifications)
      .values({ userId: bruno.id, type: "mention", actorId: ana.id, threadId: thread.id, postId: thread.posts[1].id });
    expect(await unreadOf(bruno)).toBe(2);
    const header = headerOf(await (await get("/en/about", bruno.cookie)).text());
    expect(header).toMatch(
      /<a[^>]*href="\/en\/notifications"[^>]*aria-label="2 unread notifications"|<a[^>]*aria-label="2 unread notifications"[^>]*href="\/en\/notifications"/,
    );
    const es = headerOf(await (await get("/es/about", bruno.cookie)).text());
    expect(es).toContain('aria-label="2 notificaciones sin leer"');
    const visitor = headerOf(await (await get("/en/about")).text());
    expect(visitor).not.toContain("unread notification");
    expect(visitor).not.toContain("/en/notifications");
  });
});

describe("/account/notifications", () => {
  it("sends visitors to sign in (page and form)", async () => {
    const res = await get("/en/account/notifications");
    expect(res.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent("/account/notifications")}`);
    const sent = await post("/en/account/notifications", { reply: "on" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toContain("/en/login");
  });

  it("shows one checkbox per kind, all on at first, in the account tabs", async () => {
    const html = mainOf(await (await get("/en/account/notifications", quiet.cookie)).text());
    expect(html).toContain('href="/en/account/notifications"');
    for (const type of ["reply", "mention", "new_thread", "like", "answer_accepted", "moderation"]) {
      expect(inputNamed(html, type)).toMatch(/type="checkbox".*checked/);
    }
    expect(html).toContain("Replies in threads I follow");
    expect(mainOf(await (await get("/es/account/notifications", quiet.cookie)).text())).toContain("Respuestas en hilos que sigo");
  });

  it("saves the ticked kinds and turns off the others, for the signed-in person only", async () => {
    const res = await post("/en/account/notifications", { reply: "on", mention: "on" }, quiet.cookie);
    expect(res.status).toBe(200);
    const html = mainOf(await res.text());
    expect(html).toContain("Notification settings saved.");
    expect(inputNamed(html, "like")).not.toContain("checked");
    expect(inputNamed(html, "reply")).toContain("checked");
    expect(await t.services.notifications.getPreferences(testActor({ userId: quiet.id }))).toEqual({
      reply: true,
      mention: true,
      new_thread: false,
      like: false,
      answer_accepted: false,
      moderation: false,
      level_up: false,
      achievement_unlocked: false,
      campaign_decided: false,
      episode_room: false,
    });
    // Nobody else's settings changed.
    expect((await t.services.notifications.getPreferences(testActor({ userId: ana.id }))).like).toBe(true);
    // A like is no longer recorded for Quiet.
    const own = await createThreadWithPosts(t.services.db, { forumId: forumId, authorId: quiet.id });
    const before = (await idsOf(quiet)).length;
    await t.services.forum.likePost(testActor({ userId: ana.id }), { postId: own.posts[0].id });
    expect(await idsOf(quiet)).toHaveLength(before);
  });
});
