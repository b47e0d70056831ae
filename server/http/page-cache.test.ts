import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { users } from "#server/db/schema";
import { PageCache } from "./page-cache";

/** The anonymous page cache (decision 0016) on the real app and React Router build. */
let t: TestApp;
let ip = 0;
const PW = "page-cache-pass-1";
let threadPath = "";
let memberCookie = "";
let adminId = "";

const get = (path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
  t.request(path, { cookie: init.cookie, headers: { "x-test-ip": `203.0.113.${++ip % 250}`, ...init.headers } });
const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
const cspNonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", PAGE_CACHE_SECONDS: "60" });
  const db = t.services.db;
  adminId = (await createUser(db, { roles: ["Admin"] })).id;
  await t.services.settings.write("forum_enabled", true, adminId);
  const author = await createUser(db, { password: PW });
  // Older than the first-day posting limits, and last posted an hour ago.
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
    .where(eq(users.id, author.id));
  memberCookie = await signIn(t, author.email, PW);
  const cat = await createCategory(db, { slug: "general", titleEn: "General", titleEs: "General" });
  const forum = await createForum(db, { categoryId: cat.id, slug: "charla", titleEn: "Chat", titleEs: "Charla" });
  const thread = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: author.id,
    title: "Cached thread title",
    body: "The first version",
    at: new Date(Date.now() - 3600_000),
  });
  threadPath = `/en/community/charla/${thread.slug}`;
});
afterAll(() => t?.close());

describe("anonymous page cache", () => {
  it("serves a visitor's second request from the cache, with its own nonce in the page and in the CSP", async () => {
    const first = await get(threadPath);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    // The stored copy is written once the streamed body has been read.
    await new Promise((r) => setTimeout(r, 20));

    const second = await get(threadPath);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const html = await second.text();
    expect(html).toContain("Cached thread title");
    const nonce = nonceOf(html);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(firstHtml));
    expect(cspNonceOf(second)).toBe(nonce);
    expect(html).not.toContain(nonceOf(firstHtml)!);
    expect(second.headers.get("x-request-id")).toBeTruthy();
    expect(html).not.toContain(first.headers.get("x-request-id")!);
  });

  it("keeps languages, themes and consent apart", async () => {
    await get(threadPath);
    const es = await get(threadPath.replace("/en/", "/es/"));
    expect(es.headers.get("x-page-cache")).toBe("miss");
    expect(await es.text()).toContain('lang="es"');
    const dark = await get(threadPath, { cookie: "theme=dark" });
    expect(dark.headers.get("x-page-cache")).toBe("miss");
  });

  it("never serves or stores a signed-in person's page", async () => {
    await get(threadPath);
    const res = await get(threadPath, { cookie: memberCookie });
    expect(res.headers.get("x-page-cache")).toBeNull();
    const html = await res.text();
    // The signed-in page has the reply form; the visitor's has the sign-in link instead.
    expect(html).toContain('name="intent"');
    await new Promise((r) => setTimeout(r, 20));
    const visitor = await (await get(threadPath)).text();
    expect(visitor).not.toContain('value="reply"');
  });

  it("is cleared by a form post, so the next visitor sees the change", async () => {
    await get(threadPath);
    await new Promise((r) => setTimeout(r, 20));
    expect((await get(threadPath)).headers.get("x-page-cache")).toBe("hit");
    const html = await (await get(threadPath, { cookie: memberCookie })).text();
    const threadId = /name="threadId" value="([^"]+)"/.exec(html)?.[1];
    expect(threadId).toBeTruthy();
    const res = await t.request(threadPath, {
      method: "POST",
      cookie: memberCookie,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": "203.0.113.251" },
      body: new URLSearchParams({ intent: "reply", threadId: threadId!, body: "A reply every visitor must see at once" }).toString(),
    });
    expect(res.status).toBe(303);
    const after = await get(threadPath);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("A reply every visitor must see at once");
  });

  it("is cleared when a setting changes, so switching the forum off takes effect at once", async () => {
    await get("/en/community");
    await new Promise((r) => setTimeout(r, 20));
    expect((await get("/en/community")).headers.get("x-page-cache")).toBe("hit");
    await t.services.settings.write("forum_enabled", false, adminId);
    expect((await get("/en/community")).status).toBe(404);
    await t.services.settings.write("forum_enabled", true, adminId);
  });

  it("is cleared by a domain event (a change made outside a page's form post)", async () => {
    await get(threadPath);
    await new Promise((r) => setTimeout(r, 20));
    expect((await get(threadPath)).headers.get("x-page-cache")).toBe("hit");
    await t.services.events.publish("like.removed", { postId: "p", threadId: "t", userId: "u", postAuthorId: null, at: new Date() });
    expect((await get(threadPath)).headers.get("x-page-cache")).toBe("miss");
  });

  it("does not keep the new-thread form, error pages or redirects", async () => {
    const res = await get("/en/community/charla/new");
    expect(res.headers.get("x-page-cache")).toBeNull();
    await get("/en/community/charla/no-such-thread");
    await new Promise((r) => setTimeout(r, 20));
    expect((await get("/en/community/charla/no-such-thread")).status).toBe(404);
    expect((await get("/en/community/charla/no-such-thread")).headers.get("x-page-cache")).not.toBe("hit");
  });
});

describe("PageCache", () => {
  const entry = (body: string) => ({ body, nonce: "n", requestId: "r", status: 200, headers: [] as [string, string][] });

  it("expires entries after their time to live", () => {
    let now = 1_000;
    const cache = new PageCache({ ttlSeconds: 10, paths: [/.*/], now: () => now });
    cache.set("a", entry("x"), cache.currentGeneration());
    now += 9_999;
    expect(cache.get("a")?.body).toBe("x");
    now += 1;
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not store a page whose render began before a clear", () => {
    const cache = new PageCache({ ttlSeconds: 10, paths: [/.*/] });
    const generation = cache.currentGeneration();
    cache.clear();
    cache.set("a", entry("stale"), generation);
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops the least recently used entries beyond its limits", () => {
    const cache = new PageCache({ ttlSeconds: 10, paths: [/.*/], maxEntries: 2 });
    cache.set("a", entry("1"), 0);
    cache.set("b", entry("2"), 0);
    cache.get("a");
    cache.set("c", entry("3"), 0);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.body).toBe("1");
    expect(cache.get("c")?.body).toBe("3");
  });

  it("covers paths with or without the language prefix, and their data requests", () => {
    const cache = new PageCache({ ttlSeconds: 10, paths: [/^\/community$/, /^\/community\/[^/]+\/(?!new$)[^/]+$/] });
    expect(cache.covers("/community")).toBe(true);
    expect(cache.covers("/es/community")).toBe(true);
    expect(cache.covers("/en/community/charla/un-hilo")).toBe(true);
    expect(cache.covers("/en/community/charla/un-hilo.data")).toBe(true);
    expect(cache.covers("/en/community/charla/new")).toBe(false);
    expect(cache.covers("/account")).toBe(false);
  });
});
