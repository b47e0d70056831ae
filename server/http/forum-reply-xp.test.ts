import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema";
import { countStatements } from "#server/db/statement-count";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { NO_POSTING_LIMITS } from "#tests/support/gamification-kit";
import { testActor } from "#tests/support/actors";
import { signIn, testApp, type TestApp } from "#tests/support/app";

/**
 * Gamification where people post: a reply says what XP it earned (from the ledger the award pipeline wrote
 * before the reply's action returned), a reply that reached a new level says that too, and every post shows its
 * author's level, read for all the page's authors at once.
 */
let t: TestApp;
let ip = 0;
const PW = "reply-xp-pass-1";
let adminId = "";
let forumSlug = "";
let threadPath = "";
let threadId = "";
let manyPath = "";
let fewPath = "";

const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `198.51.100.${++ip % 250}` } });
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  t.request(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": `198.51.100.${++ip % 250}` },
    body: new URLSearchParams(fields).toString(),
  });
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
/** The no-JavaScript confirmation line of a reply (with JavaScript it is a toast). */
const statusOf = (html: string) => /<div role="status"[^>]*>(.*?)<\/div>/s.exec(mainOf(html))?.[1].replace(/<[^>]+>/g, "|") ?? "";

async function person(xp = 0) {
  const u = await createUser(t.services.db, { password: PW });
  await t.services.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
    .where(eq(users.id, u.id));
  if (xp)
    await t.services.gamification.adjustXp(testActor({ userId: adminId, roles: ["Admin"] }), {
      userId: u.id,
      amount: xp,
      reason: "Test set-up",
    });
  return { id: u.id, username: u.username, cookie: await signIn(t, u.email, PW) };
}

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  adminId = (await createUser(db, { roles: ["Admin"] })).id;
  await t.services.settings.write("forum_enabled", true, adminId);
  await t.services.settings.write("forum_posting_limits", NO_POSTING_LIMITS, adminId);
  const cat = await createCategory(db, { slug: "xp-cat", titleEn: "XP", titleEs: "XP" });
  const f = await createForum(db, { categoryId: cat.id, slug: "xp-forum", titleEn: "XP forum", titleEs: "Foro XP" });
  forumSlug = f.slug;
  const opener = await createUser(db);
  const thread = await createThreadWithPosts(db, { forumId: f.id, authorId: opener.id, title: "Where replies earn XP" });
  threadPath = `/en/community/${forumSlug}/${thread.slug}`;
  threadId = thread.id;
  // Twenty posts by twenty people, and twenty posts by two: the page's reads must not follow the authors.
  const authors = await Promise.all(Array.from({ length: 20 }, () => createUser(db)));
  const many = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: authors[0].id,
    title: "Twenty voices",
    replies: authors.slice(1).map((a) => ({ authorId: a.id, body: "Mine too." })),
  });
  const few = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: authors[0].id,
    title: "Two voices",
    replies: authors.slice(1).map((_, i) => ({ authorId: authors[i % 2].id, body: "Again." })),
  });
  manyPath = `/en/community/${forumSlug}/${many.slug}`;
  fewPath = `/en/community/${forumSlug}/${few.slug}`;
});
afterAll(() => t.close());

describe("a reply's XP", () => {
  it("says the XP the reply earned, from the rules (+5 XP by default), in both languages, once", async () => {
    const me = await person();
    const res = await post(threadPath, { intent: "reply", threadId, body: "My first reply here." }, me.cookie);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toBe(`${threadPath}?replied=2&xp=5#post-2`);
    const html = await (await get(location, me.cookie)).text();
    expect(statusOf(html)).toBe("|Your reply is posted: +5 XP.|");

    const es = await post(threadPath.replace("/en/", "/es/"), { intent: "reply", threadId, body: "Y otra en español." }, me.cookie);
    const esLocation = es.headers.get("location")!;
    expect(esLocation).toMatch(/\?replied=3&xp=5#post-3$/);
    expect(statusOf(await (await get(esLocation, me.cookie)).text())).toBe("|Tu respuesta está publicada: +5 XP.|");

    // Someone else opening the same address is told nothing, nor is the author on a plain visit.
    expect(statusOf(await (await get(location, (await person()).cookie)).text())).toBe("");
    expect(statusOf(await (await get(threadPath, me.cookie)).text())).toBe("");
  });

  it("follows the XP rules the admin set, and says nothing about XP when the reply earned none (daily cap)", async () => {
    const rules = await t.services.gamification.xpRules();
    try {
      await t.services.settings.write("gamification_settings", { ...rules, rewards: { ...rules.rewards, post_create: 1 } }, adminId);
      const me = await person();
      const one = await post(threadPath, { intent: "reply", threadId, body: "Worth a single point." }, me.cookie);
      const at = one.headers.get("location")!;
      expect(at).toMatch(/&xp=1#post-\d+$/);
      expect(statusOf(await (await get(at, me.cookie)).text())).toBe("|Your reply is posted: +1 XP.|");

      // The day's cap reached: the award is kept with 0 XP, and the message says only that the reply is posted.
      await t.services.settings.write("gamification_settings", { ...rules, dailyCaps: { ...rules.dailyCaps, post_create: 1 } }, adminId);
      const capped = await post(threadPath, { intent: "reply", threadId, body: "Over today's cap." }, me.cookie);
      const cappedAt = capped.headers.get("location")!;
      expect(cappedAt).toMatch(/\?replied=\d+#post-\d+$/);
      expect(statusOf(await (await get(cappedAt, me.cookie)).text())).toBe("|Your reply is posted.|");
    } finally {
      await t.services.settings.write("gamification_settings", rules, adminId);
    }
  });

  it("says a new level reached by the reply, with its stat points", async () => {
    // 47 XP: level 1 (level 2 needs 50); the reply's 5 XP reach it.
    const me = await person(47);
    const res = await post(threadPath, { intent: "reply", threadId, body: "This one levels me up." }, me.cookie);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/\?replied=\d+&xp=5&level=2&points=3#post-\d+$/);
    const html = await (await get(location, me.cookie)).text();
    expect(statusOf(html)).toBe("|Your reply is posted: +5 XP.||Level up! You reached level 2 and earned 3 stat points.|");
    const es = await (await get(location.replace("/en/", "/es/"), me.cookie)).text();
    expect(statusOf(es)).toBe(
      "|Tu respuesta está publicada: +5 XP.||¡Subes de nivel! Has llegado al nivel 2 y ganas 3 puntos de atributo.|",
    );
    // The next reply reaches no new level.
    const next = await post(threadPath, { intent: "reply", threadId, body: "And this one does not." }, me.cookie);
    expect(next.headers.get("location")).toMatch(/\?replied=\d+&xp=5#post-\d+$/);
  });
});

describe("the author's level beside each post", () => {
  it("shows a small badge (Lv 3 / Nv 3) named Level 3 / Nivel 3", async () => {
    // Level 3 needs 150 XP.
    const me = await person(160);
    const res = await post(threadPath, { intent: "reply", threadId, body: "A level 3 voice." }, me.cookie);
    const number = Number(/replied=(\d+)/.exec(res.headers.get("location")!)![1]);
    const badge = (html: string) => {
      const item = html.slice(html.indexOf(`id="post-${number}"`));
      return /<span class="post-level" role="img" aria-label="([^"]+)">([^<]+)<\/span>/.exec(item.slice(0, item.indexOf("</header>")));
    };
    const en = badge(await (await get(`${threadPath}#post-${number}`)).text());
    expect(en?.slice(1)).toEqual(["Level 3", "Lv 3"]);
    const es = badge(await (await get(threadPath.replace("/en/", "/es/"))).text());
    expect(es?.slice(1)).toEqual(["Nivel 3", "Nv 3"]);
    // An author without any XP is level 1.
    expect(mainOf(await (await get(manyPath)).text())).toContain('<span class="post-level" role="img" aria-label="Level 1">Lv 1</span>');
  });

  it("reads the levels of all the page's authors in one statement, however many they are", async () => {
    const count = async (path: string) => {
      const { result, statements } = await countStatements(() => get(path));
      expect(result.status).toBe(200);
      const html = await result.text();
      expect(html.match(/class="post-level"/g)).toHaveLength(20);
      return statements;
    };
    // Warm both (prepared statements, settings), then compare.
    await count(manyPath);
    await count(fewPath);
    expect(await count(manyPath)).toBe(await count(fewPath));
  });
});
