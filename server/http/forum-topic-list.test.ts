import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forums, threads, threadViews, users } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";

/**
 * Over HTTP: the topic list (replies, views, participants, last poster, the forum's colour,
 * unread markers for a member, filters that work without JavaScript), thread views counted once per visitor
 * per day — pages served from the anonymous cache included, crawlers not — and the thread's "new posts" line.
 */
let t: TestApp;
const PW = "topic-list-pass-1";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const get = (path: string, opts: { cookie?: string; ip?: string; agent?: string } = {}) =>
  t.request(path, { cookie: opts.cookie, headers: { "x-test-ip": opts.ip ?? "198.51.100.7", "user-agent": opts.agent ?? BROWSER } });
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
/** The list item of one thread in the topic list (up to the next thread's, or the list's end). */
const rowOf = (html: string, slug: string) => {
  const start = html.indexOf(`data-thread="${slug}"`);
  expect(start).toBeGreaterThan(0);
  const next = html.indexOf("data-thread=", start + 1);
  return html.slice(start, next > 0 ? next : html.indexOf("</ul></div>", start));
};

let reader: { id: string; username: string; cookie: string };
let poster: { id: string; username: string; cookie: string };
let authorName = "";
let chat: { id: string; slug: string };
let quiet: { id: string; slug: string };

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", PAGE_CACHE_SECONDS: "60" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"] });
  await t.services.settings.write("forum_enabled", true, admin.id);
  const veteran = async () => {
    const u = await createUser(db, { password: PW });
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
      .where(eq(users.id, u.id));
    return { id: u.id, username: u.username, cookie: await signIn(t, u.email, PW) };
  };
  reader = await veteran();
  poster = await veteran();
  const author = await createUser(db, {});
  authorName = author.username;
  const cat = await createCategory(db, { slug: "lists", titleEn: "Lists", titleEs: "Listas" });
  const forum = await createForum(db, { categoryId: cat.id, slug: "topics", titleEn: "Topics", titleEs: "Temas" });
  await db.update(forums).set({ color: "#e11d48" }).where(eq(forums.id, forum.id));
  chat = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: author.id,
    title: "A lively chat",
    at: new Date(Date.now() - 2 * 3600_000),
    replies: [
      { authorId: poster.id, body: "First reply" },
      { authorId: reader.id, body: "Second reply" },
      { authorId: poster.id, body: "Third reply" },
    ],
  });
  quiet = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: author.id,
    title: "A quiet thread",
    at: new Date(Date.now() - 3600_000),
  });
});
afterAll(() => t.close());

const viewsOf = async (id: string) => (await t.services.db.select({ n: threads.viewCount }).from(threads).where(eq(threads.id, id)))[0].n;

describe("the topic list", () => {
  it("shows replies, views, participants, the last poster and the forum's colour; filters apply without an Apply button, which stays for no JavaScript", async () => {
    const html = mainOf(await (await get("/en/community/topics", { ip: "203.0.113.1" })).text());
    const row = rowOf(html, chat.slug);
    expect(row).toContain("3 replies");
    expect(row).toContain("0 views");
    expect(row).toContain(`Taking part: ${authorName}, ${poster.username}, ${reader.username}`);
    expect(row).toContain(`by ${poster.username}`);
    expect(html).toContain("border-top-color:#e11d48");
    // A visitor has no read state.
    expect(html).not.toContain("data-unread");
    // The Apply button is only for browsers without JavaScript.
    expect(html).toMatch(/<noscript><button type="submit"[^>]*>Apply<\/button><\/noscript>/);
    const es = mainOf(await (await get("/es/community/topics", { ip: "203.0.113.1" })).text());
    expect(rowOf(es, chat.slug)).toContain("3 respuestas");
    expect(rowOf(es, chat.slug)).toContain(`por ${poster.username}`);
  });

  it("counts a thread's readers once per visitor per day: cached pages count, crawlers do not, no address is stored", async () => {
    const path = `/en/community/topics/${quiet.slug}`;
    const first = await get(path, { ip: "203.0.113.10" });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    // The page cache stores the copy once its streamed body has been read.
    await first.text();
    await new Promise((r) => setTimeout(r, 20));
    // The same visitor again (now from the anonymous page cache), and as React Router data.
    const again = await get(path, { ip: "203.0.113.10" });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    await get(`${path}.data`, { ip: "203.0.113.10" });
    await get(path, { ip: "203.0.113.11" });
    await get(path, { ip: "203.0.113.12", agent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    // A member counts once from any address; a missing thread counts nothing.
    await get(path, { ip: "203.0.113.20", cookie: reader.cookie });
    await get(path, { ip: "203.0.113.21", cookie: reader.cookie });
    await get("/en/community/topics/no-such-thread", { ip: "203.0.113.22" });
    expect(await viewsOf(quiet.id)).toBe(0); // nothing written on the requests' path
    await t.services.forum.flushViews();
    expect(await viewsOf(quiet.id)).toBe(3);
    const stored = await t.services.db.select().from(threadViews).where(eq(threadViews.threadId, quiet.id));
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(row.visitor).not.toMatch(/203\.0\.113|member|visitor/);
    // The list shows the counter.
    await t.services.forum.flushViews();
    const html = mainOf(await (await get("/en/community/topics", { ip: "203.0.113.30", cookie: poster.cookie })).text());
    expect(rowOf(html, quiet.slug)).toContain("3 views");
  });

  it("marks unread threads for a member, leads to the first unread post, and the thread draws the 'new posts' line", async () => {
    // Never opened: "New".
    let html = mainOf(await (await get("/en/community/topics", { cookie: reader.cookie })).text());
    expect(rowOf(html, chat.slug)).toContain('data-unread="true"');
    expect(rowOf(html, chat.slug)).toContain(">New<");
    // Read: no marker, and the thread's first visit draws no line.
    const first = mainOf(await (await get(`/en/community/topics/${chat.slug}`, { cookie: reader.cookie })).text());
    expect(first).not.toContain('id="new-posts"');
    html = mainOf(await (await get("/en/community/topics", { cookie: reader.cookie })).text());
    expect(rowOf(html, chat.slug)).not.toContain("data-unread");

    // Someone replies (through the page's form): one new post, and the title leads to it.
    const page = await (await get(`/en/community/topics/${chat.slug}`, { cookie: poster.cookie })).text();
    const threadId = /name="threadId" value="([^"]+)"/.exec(page)![1];
    const res = await t.request(`/en/community/topics/${chat.slug}`, {
      method: "POST",
      cookie: poster.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": "198.51.100.50" },
      body: new URLSearchParams({ intent: "reply", threadId, body: "A reply after the reader's visit." }).toString(),
    });
    expect(res.status).toBe(303);
    html = mainOf(await (await get("/en/community/topics", { cookie: reader.cookie })).text());
    const row = rowOf(html, chat.slug);
    expect(row).toContain('data-unread="true"');
    expect(row).toContain(">1 new<");
    expect(row).toContain(`href="/en/community/topics/${chat.slug}#post-5"`);
    // The author of the reply has read it.
    const mine = mainOf(await (await get("/en/community/topics", { cookie: poster.cookie })).text());
    expect(rowOf(mine, chat.slug)).not.toContain("data-unread");

    // The thread: the line goes right before post 5, once.
    const thread = mainOf(await (await get(`/es/community/topics/${chat.slug}`, { cookie: reader.cookie })).text());
    expect(thread.match(/id="new-posts"/g)).toHaveLength(1);
    expect(thread).toContain("Mensajes nuevos desde tu última visita");
    expect(thread.indexOf('id="new-posts"')).toBeGreaterThan(thread.indexOf('id="post-4"'));
    expect(thread.indexOf('id="new-posts"')).toBeLessThan(thread.indexOf('id="post-5"'));
    // Seen now: the next visit has no line.
    const later = mainOf(await (await get(`/en/community/topics/${chat.slug}`, { cookie: reader.cookie })).text());
    expect(later).not.toContain('id="new-posts"');
  });
});
