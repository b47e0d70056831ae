import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, threads, users } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createTag, createThreadWithPosts } from "#server/db/forum-factories";

/**
 * The forum's pages driven as a browser without JavaScript would: plain GETs and form posts to the page
 * actions, on the real app and React Router build.
 */
let t: TestApp;
let ip = 0;
const PW = "forum-pages-pass-1";
const DAY = 24 * 3600_000;

const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `198.51.100.${++ip % 250}` } });
function post(path: string, fields: [string, string][] | Record<string, string>, cookie?: string) {
  return t.request(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": `198.51.100.${++ip % 250}` },
    body: new URLSearchParams(fields).toString(),
  });
}
/** The page's main column only (the side panel lists threads too, and the page carries its translations). */
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
const setForum = async (on: boolean) => t.services.settings.write("forum_enabled", on, adminId);

let adminId = "";
let forumSlug = "";
let busySlug = "";
let author: { id: string; username: string };
let member: { id: string; username: string; cookie: string };
let other: { id: string; username: string; cookie: string };
let moderatorCookie = "";
let unverifiedCookie = "";
let longThread: { slug: string; posts: { id: string; number: number }[] };
let hiddenSlug = "";
let qa: { id: string; slug: string; posts: { id: string; number: number }[] };

/** A member whose account is older than the first-day posting limits. */
async function veteran(spec: { roles?: string[]; emailVerified?: boolean } = {}) {
  const u = await createUser(t.services.db, { password: PW, ...spec });
  await t.services.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * DAY) })
    .where(eq(users.id, u.id));
  return { id: u.id, username: u.username, cookie: await signIn(t, u.email, PW) };
}

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  adminId = (await createUser(db, { roles: ["Admin"] })).id;
  await setForum(true);
  const a = await createUser(db, { password: PW });
  author = { id: a.id, username: a.username };
  member = await veteran();
  other = await veteran();
  moderatorCookie = (await veteran({ roles: ["Moderator"] })).cookie;
  unverifiedCookie = (await veteran({ emailVerified: false })).cookie;

  const cat = await createCategory(db, { slug: "desarrollo", titleEn: "Development", titleEs: "Desarrollo" });
  await createCategory(db, { slug: "vacia", titleEn: "Empty category", titleEs: "Categoría vacía", position: 5 });
  const f = await createForum(db, {
    categoryId: cat.id,
    slug: "programacion",
    titleEn: "Programming",
    titleEs: "Programación",
    descriptionEn: "Engines and code.",
  });
  const busy = await createForum(db, { categoryId: cat.id, slug: "charla", titleEn: "Chat", titleEs: "Charla", position: 1 });
  forumSlug = f.slug;
  busySlug = busy.slug;
  await createTag(db, { slug: "godot", nameEs: "Godot", nameEn: "Godot" });
  await createTag(db, { slug: "ayuda", nameEs: "Ayuda", nameEn: "Help" });

  const start = Date.now() - 10 * DAY;
  await createThreadWithPosts(db, { forumId: f.id, authorId: a.id, title: "Pinned rules of the forum", pinned: true, at: new Date(start) });
  await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: a.id,
    title: "Godot pathfinding help",
    tags: ["godot", "ayuda"],
    at: new Date(start + DAY),
    body: "Our **roguelite** slows down with 300 enemies & more. Any tips?",
  });
  longThread = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: a.id,
    title: "A very long discussion",
    at: new Date(start + 2 * DAY),
    replies: Array.from({ length: 24 }, (_, i) => ({ authorId: i % 2 ? a.id : member.id, body: `Reply number ${i + 2} here` })),
  });
  hiddenSlug = (
    await createThreadWithPosts(db, {
      forumId: f.id,
      authorId: a.id,
      title: "A hidden spam thread",
      hidden: true,
      at: new Date(start + 3 * DAY),
    })
  ).slug;
  qa = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: a.id,
    title: "How do I export to web",
    locked: true,
    at: new Date(start + 4 * DAY),
    replies: [{ authorId: member.id, body: "Use the **HTML5** export preset." }],
  });
  await db.update(threads).set({ resolved: true, acceptedPostId: qa.posts[1].id }).where(eq(threads.id, qa.id));
  for (let i = 0; i < 23; i++)
    await createThreadWithPosts(db, { forumId: busy.id, authorId: a.id, title: `Chat thread ${i + 1}`, at: new Date(start + i * 60_000) });
});
afterAll(() => t.close());

describe("the forum_enabled flag", () => {
  it("off: every community page is 404, for visitors and members, and the side panel lists no threads", async () => {
    await setForum(false);
    for (const path of [
      "/en/community",
      `/en/community/${forumSlug}`,
      `/en/community/${forumSlug}/${longThread.slug}`,
      `/es/community/${forumSlug}/new`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
      expect((await get(path, member.cookie)).status, path).toBe(404);
    }
    expect((await post(`/en/community/${forumSlug}/new`, { title: "Title here", body: "Body" }, member.cookie)).status).toBe(404);
    const home = await (await get("/en/about")).text();
    expect(home).toContain("No threads yet. Be the first to start a conversation!");
    await setForum(true);
  });
});

describe("lists", () => {
  it("/community lists categories and their forums with counts and the latest activity", async () => {
    const res = await get("/en/community");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Community | ");
    expect(html).toContain("Development");
    expect(html).toContain(`href="/en/community/${forumSlug}"`);
    expect(html).toContain("Programming");
    expect(html).toContain("Engines and code.");
    // The hidden thread is not counted for anyone through the visible list, but the forum's counters hold it.
    expect(html).toContain("23 threads");
    expect(html).toContain("This category has no forums yet.");
    expect(html).toMatch(/<time dateTime="[^"]+" title="November \d+, 2026[^"]*"[^>]*>last week<\/time>/);
    const es = await (await get("/es/community")).text();
    expect(es).toContain("Programación");
    expect(es).toContain("23 hilos");
    expect(es).toMatch(/<time [^>]*>la semana pasada<\/time>/);
  });

  it("a forum lists pinned threads first, then by latest activity, with badges, tags and reply counts", async () => {
    const html = mainOf(await (await get(`/en/community/${forumSlug}`)).text());
    const order = ["Pinned rules of the forum", "A very long discussion", "Godot pathfinding help"].map((s) => html.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain("Pinned</span>");
    expect(html).toContain("24 replies");
    expect(html).toContain("#Help");
    expect(html).not.toContain("A hidden spam thread");
    // A visitor's "New thread" goes to the sign-in page and back.
    expect(html).toContain(`href="/en/login?redirectTo=${encodeURIComponent(`/community/${forumSlug}/new`)}"`);
  });

  it("filters by tag and status and sorts, in the URL", async () => {
    const byTagPage = await (await get(`/en/community/${forumSlug}?tag=godot`)).text();
    expect(byTagPage).toContain('<meta name="robots" content="noindex, follow"/>');
    const byTag = mainOf(byTagPage);
    expect(byTag).toContain("Godot pathfinding help");
    expect(byTag).not.toContain("A very long discussion");
    const resolved = mainOf(await (await get(`/en/community/${forumSlug}?status=resolved`)).text());
    expect(resolved).toContain("How do I export to web");
    expect(resolved).not.toContain("Godot pathfinding help");
    const open = mainOf(await (await get(`/en/community/${forumSlug}?status=open`)).text());
    expect(open).toContain("Godot pathfinding help");
    expect(open).not.toContain("How do I export to web");
    const none = mainOf(await (await get(`/en/community/${forumSlug}?tag=godot&status=resolved`)).text());
    expect(none).toContain("No threads match these filters.");
    const newest = mainOf(await (await get(`/en/community/${forumSlug}?sort=newest`)).text());
    expect(newest.indexOf("A very long discussion")).toBeLessThan(newest.indexOf("Godot pathfinding help"));
  });

  it("paginates 20 threads a page", async () => {
    const first = await (await get(`/en/community/${busySlug}`)).text();
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain(`href="/en/community/${busySlug}?page=2"`);
    const second = mainOf(await (await get(`/en/community/${busySlug}?page=2`)).text());
    expect(second.match(/Chat thread \d+/g)).toHaveLength(3);
    expect(second).toContain("Chat thread 1<");
    expect((await get(`/en/community/${busySlug}?page=9`)).status).toBe(404);
    expect((await get("/en/community/no-such-forum")).status).toBe(404);
  });
});

describe("the thread page", () => {
  it("renders the posts with authors, times and SEO from the content", async () => {
    const res = await get(`/en/community/${forumSlug}/godot-pathfinding-help`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Godot pathfinding help | ");
    expect(html).toContain('<meta name="description" content="Our roguelite slows down with 300 enemies &amp; more. Any tips?"/>');
    expect(html).toContain("<strong>roguelite</strong>");
    expect(html).toContain(`href="/en/u/${author.username}"`);
    expect(html).toContain('id="post-1"');
    expect(html).toContain('"@type":"DiscussionForumPosting"');
    expect(html).toContain('"headline":"Godot pathfinding help"');
    expect(html).toContain(`rel="canonical" href="http://localhost:3999/en/community/${forumSlug}/godot-pathfinding-help"`);
    // A visitor is asked to sign in to reply, and comes back here.
    expect(html).toContain("Sign in to reply");
    expect(html).toContain(`/en/login?redirectTo=${encodeURIComponent(`/community/${forumSlug}/godot-pathfinding-help#reply`)}`);
  });

  it("paginates 20 posts a page, with anchors, and ?post=n finds a post's page", async () => {
    const base = `/en/community/${forumSlug}/${longThread.slug}`;
    const first = await (await get(base)).text();
    expect(first).toContain('id="post-20"');
    expect(first).not.toContain('id="post-21"');
    expect(first).toContain("Page 1 of 2");
    const second = await (await get(`${base}?page=2`)).text();
    expect(second).toContain('id="post-21"');
    expect(second).toContain("Reply number 25 here");
    expect(second).toContain("<title>A very long discussion (page 2) | ");
    const jump = await get(`${base}?post=22`);
    expect(jump.status).toBe(302);
    expect(jump.headers.get("location")).toBe(`${base}?page=2#post-22`);
    expect((await get(`${base}?page=3`)).status).toBe(404);
  });

  it("a resolved thread is a QAPage with its accepted answer; a locked one takes no replies", async () => {
    // Structured data is for search engines, which read the page signed out; a member's page carries none.
    const visitorHtml = await (await get(`/en/community/${forumSlug}/${qa.slug}`)).text();
    expect(visitorHtml).toContain('"@type":"QAPage"');
    expect(visitorHtml).toContain('"acceptedAnswer":{"@type":"Answer","text":"Use the **HTML5** export preset."');
    expect(visitorHtml).not.toContain('"@type":"DiscussionForumPosting"');
    const html = await (await get(`/en/community/${forumSlug}/${qa.slug}`, member.cookie)).text();
    expect(html).toContain("Accepted answer");
    expect(html).not.toContain("application/ld+json");
    const main = mainOf(html);
    expect(main).toContain("Accepted answer");
    expect(main).toContain("Resolved</span>");
    expect(main).toContain("This thread is locked: it no longer accepts replies or edits.");
    // No reply form (the header's follow form names the thread too).
    expect(main).not.toContain('value="reply"');
  });

  it("an unverified member is told why the reply form is missing", async () => {
    const main = mainOf(await (await get(`/es/community/${forumSlug}/godot-pathfinding-help`, unverifiedCookie)).text());
    expect(main).toContain("Primero confirma tu correo");
    expect(main).not.toContain('name="threadId"');
  });

  it("an unknown thread is 404; a hidden one is 404 except for moderators", async () => {
    expect((await get(`/en/community/${forumSlug}/no-such-thread`)).status).toBe(404);
    expect((await get(`/en/community/${forumSlug}/${hiddenSlug}`)).status).toBe(404);
    expect((await get(`/en/community/${forumSlug}/${hiddenSlug}`, member.cookie)).status).toBe(404);
    const mod = await get(`/en/community/${forumSlug}/${hiddenSlug}`, moderatorCookie);
    expect(mod.status).toBe(200);
    expect(await mod.text()).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});

describe("writing through the page actions", () => {
  let threadPath = "";

  it("a visitor's new thread goes to /login with the return path; an unverified member is refused, translated", async () => {
    const res = await get(`/en/community/${forumSlug}/new`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent(`/community/${forumSlug}/new`)}`);
    const posted = await post(`/en/community/${forumSlug}/new`, { title: "Hello there", body: "Hi" });
    expect(posted.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent(`/community/${forumSlug}/new`)}`);

    const refused = await get(`/es/community/${forumSlug}/new`, unverifiedCookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Primero confirma tu correo");
    const refusedPost = await post(
      `/en/community/${forumSlug}/new`,
      { intent: "create", title: "Hello there", body: "Hi" },
      unverifiedCookie,
    );
    expect(refusedPost.status).toBe(403);
    const html = await refusedPost.text();
    expect(html).toContain("Confirm your email address first");
  });

  it("the new-thread form offers the tags and the preview renders sanitized Markdown on the server", async () => {
    const page = await (await get(`/en/community/${forumSlug}/new`, member.cookie)).text();
    expect(page).toContain('name="tags" value="godot"');
    expect(page).toContain("Preview");
    const res = await post(
      `/en/community/${forumSlug}/new`,
      [
        ["intent", "preview"],
        ["title", "My draft title"],
        ["body", "Some **bold** text <script>alert(1)</script> [x](javascript:alert(2))"],
        ["tags", "godot"],
        ["tags", "ayuda"],
      ],
      member.cookie,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('href="javascript:');
    // Nothing typed is lost.
    expect(html).toContain('value="My draft title"');
    expect(html).toContain('name="tags" checked="" value="godot"');
    expect(html).toContain('name="tags" checked="" value="ayuda"');
  });

  it("a member creates a thread with tags and Markdown", async () => {
    const res = await post(
      `/en/community/${forumSlug}/new`,
      [
        ["intent", "create"],
        ["title", "Shaders for pixel art"],
        ["body", "How do you keep **pixels crisp** with shaders?"],
        ["tags", "godot"],
      ],
      member.cookie,
    );
    expect(res.status).toBe(303);
    threadPath = `/en/community/${forumSlug}/shaders-for-pixel-art`;
    // ?created=1: the new thread's page confirms it once (a line without JavaScript, a toast with it).
    expect(res.headers.get("location")).toBe(`${threadPath}?created=1`);
    const confirmed = mainOf(await (await get(`${threadPath}?created=1`, member.cookie)).text());
    expect(confirmed).toMatch(/<p role="status"[^>]*>Your thread is published\.<\/p>/);
    expect(mainOf(await (await get(threadPath, member.cookie)).text())).not.toContain("Your thread is published.");
    const html = await (await get(threadPath)).text();
    expect(html).toContain("Shaders for pixel art");
    expect(html).toContain("<strong>pixels crisp</strong>");
    expect(mainOf(html)).toContain("#Godot");
    // Side panel card 1: the newest thread first, linked, with its author's profile.
    expect(html).toMatch(new RegExp(`Latest threads.*href="/en/community/${forumSlug}/shaders-for-pixel-art"`, "s"));
  });

  it("a form with problems keeps what was typed and explains, translated", async () => {
    const res = await post(`/es/community/${forumSlug}/new`, { intent: "create", title: "Hey", body: "Body text kept" }, member.cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(mainOf(html)).toContain("El título debe tener entre 5 y 150 caracteres.");
    expect(html).toContain("Body text kept");
  });

  it("another member replies, then quotes, and the thread shows both", async () => {
    const page = await (await get(threadPath, other.cookie)).text();
    const threadId = /name="threadId" value="([^"]+)"/.exec(page)![1];
    const res = await post(threadPath, { intent: "reply", threadId, body: "Use **nearest** filtering." }, other.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${threadPath}?replied=2&xp=5#post-2`);
    const html = await (await get(threadPath)).text();
    expect(html).toContain("How do you keep <strong>pixels crisp</strong>");
    expect(html).toContain("Use <strong>nearest</strong> filtering.");
    expect(html).toContain(`href="/en/u/${other.username}"`);

    const [first] = await t.services.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.bodyMd, "How do you keep **pixels crisp** with shaders?"));
    const quoted = await (await get(`${threadPath}?quote=${first.id}`, other.cookie)).text();
    expect(quoted).toContain(`&gt; **${member.username}** wrote:\n&gt; How do you keep **pixels crisp** with shaders?`);
  });

  it("a posting limit answers with its translated message and its value", async () => {
    const fresh = await createUser(t.services.db, { password: PW });
    const cookie = await signIn(t, fresh.email, PW);
    const page = await (await get(threadPath, cookie)).text();
    const threadId = /name="threadId" value="([^"]+)"/.exec(page)![1];
    expect((await post(threadPath, { intent: "reply", threadId, body: "First words" }, cookie)).status).toBe(303);
    const res = await post(threadPath, { intent: "reply", threadId, body: "Second words" }, cookie);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await res.text();
    expect(html).toMatch(/Wait \d+ seconds before posting again\./);
    expect(html).toContain("Second words");
  });

  it("edits its own post (the history is visible) and an old slug redirects for good", async () => {
    const [first] = await t.services.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.bodyMd, "How do you keep **pixels crisp** with shaders?"));
    const form = await (await get(`${threadPath}?edit=${first.id}`, member.cookie)).text();
    expect(form).toContain('name="title"');
    expect(form).toContain("How do you keep **pixels crisp** with shaders?</textarea>");
    const res = await post(
      threadPath,
      {
        intent: "edit",
        postId: first.id,
        number: "1",
        title: "Crisp shaders for pixel art",
        body: "How do you keep pixels **really** crisp?",
      },
      member.cookie,
    );
    expect(res.status).toBe(303);
    const newPath = `/en/community/${forumSlug}/crisp-shaders-for-pixel-art`;
    expect(res.headers.get("location")).toBe(`${newPath}#post-1`);

    const old = await get(`${threadPath}?page=1`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`${newPath}?page=1`);

    const html = await (await get(newPath)).text();
    expect(mainOf(html)).toContain("edited");
    expect(mainOf(html)).toContain("Edit history (1 earlier version)");
    const history = await (await get(`${newPath}?history=${first.id}`)).text();
    expect(history).toContain("How do you keep **pixels crisp** with shaders?</pre>");
    threadPath = newPath;
  });

  it("deletes its own reply after a confirmation step, leaving a trace", async () => {
    const [replyRow] = await t.services.db.select({ id: posts.id }).from(posts).where(eq(posts.bodyMd, "Use **nearest** filtering."));
    const confirm = await (await get(`${threadPath}?delete=${replyRow.id}`, other.cookie)).text();
    expect(mainOf(confirm)).toContain("Delete this post?");
    expect(confirm).toContain('<button type="submit" class="btn btn-primary" value="delete" name="intent">');
    // Someone else's post offers no deletion.
    expect(mainOf(await (await get(`${threadPath}?delete=${replyRow.id}`, member.cookie)).text())).not.toContain("Delete this post?");
    const res = await post(threadPath, { intent: "delete", postId: replyRow.id, number: "2" }, other.cookie);
    expect(res.status).toBe(303);
    const html = mainOf(await (await get(threadPath)).text());
    expect(html).toContain("This post was deleted.");
    expect(html).not.toContain("Use <strong>nearest</strong> filtering.");
  });
});
