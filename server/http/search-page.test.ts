import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { serverT } from "#app/i18n/server";

/** /search on the real app and React Router build, as a browser without JavaScript sees it. */
let t: TestApp;
let ip = 0;
let adminId = "";
const DAY = 24 * 3600_000;

const get = (path: string) => t.request(path, { headers: { "x-test-ip": `198.51.100.${++ip % 250}` } });
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
async function page(path: string) {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return { html, main: mainOf(html) };
}
/** Text as React writes it into HTML. */
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const translate = (lang: "en" | "es", key: string, vars?: Record<string, unknown>) => serverT(lang, "site")(key, vars ?? {}) as string;
const tr = (lang: "en" | "es", key: string, vars?: Record<string, unknown>) => esc(translate(lang, key, vars));

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  adminId = (await createUser(db, { roles: ["Admin"] })).id;
  await t.services.settings.write("forum_enabled", true, adminId);
  const author = await createUser(db, { username: "lucia_busca" });
  const cat = await createCategory(db, { slug: "juegos", titleEn: "Games", titleEs: "Juegos" });
  const f = await createForum(db, { categoryId: cat.id, slug: "general", titleEn: "General chat", titleEs: "Charla general" });
  const at = new Date(Date.now() - 5 * DAY);
  await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: author.id,
    title: `Tom & Jerry <3 "acción"`,
    body: `Un juego de acción para Tom & Jerry <3 con <mark>falso</mark> y <img src=x onerror=alert(1)>.`,
    at,
  });
  await createThreadWithPosts(db, { forumId: f.id, authorId: author.id, title: "Zafiro escondido", body: "zafiro", hidden: true, at });
  await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: author.id,
    title: "Hilo largo",
    at,
    replies: Array.from({ length: 25 }, (_, i) => ({ authorId: author.id, body: `Mensaje ${i + 1} sobre pixelart` })),
  });
});
afterAll(() => t.close());

describe("the search page", () => {
  it("without a query: the box and an invitation, never indexed", async () => {
    const { html, main } = await page("/en/search");
    expect(html).toContain('content="noindex, follow"');
    expect(main).toContain(tr("en", "site:search.empty"));
    expect(main).not.toContain("<mark");
  });

  it("finds threads and posts with highlighted, escaped text, forum trail, author and deep links", async () => {
    const { html, main } = await page("/en/search?q=accion");
    expect(main).toContain(tr("en", "site:search.resultsFor", { q: "accion" }));
    // The thread's title: the author's characters as text, the match in <mark>.
    expect(main).toMatch(/Tom &amp; Jerry &lt;3 &quot;<mark class="[^"]*">acción<\/mark>&quot;/);
    // The post: its deep link, its snippet with the match marked, the markup it quoted as text or dropped.
    expect(main).toContain('href="/en/community/general/tom-jerry-3-accion?post=1"');
    expect(main).toMatch(/Un juego de <mark class="[^"]*">acción<\/mark> para Tom &amp; Jerry &lt;3/);
    expect(main).toContain("con &lt;mark&gt;falso&lt;/mark&gt; y &lt;img src=x onerror=alert(1)&gt;.");
    // No markup from the text: the only pictures are the authors' avatars.
    expect(main).not.toMatch(/<mark>|<img(?! src="\/avatars\/[\w-]+\.svg")/);
    expect(main.match(/<mark /g)).toHaveLength(2);
    expect(main).toContain('href="/en/community/general"');
    expect(main).toContain(">General chat<");
    expect(main).toContain('href="/en/u/lucia_busca"');
    expect(main).toContain("<time");
    // Tabs: all, threads (1), posts (1); the overview is the current one.
    expect(main).toContain(tr("en", "site:search.tab", { label: translate("en", "site:search.sections.threads"), n: "1" }));
    expect(main).toMatch(/aria-current="page"[^>]*>All</);
    // The header's boxes and the page's box keep the query.
    expect(html.match(/name="q"[^>]*value="accion"|value="accion"[^>]*name="q"/g)?.length).toBe(3);
  });

  it("the query itself is text, however it looks", async () => {
    const q = `<b>accion</b> "x" & <script>alert(1)</script>`;
    const { main } = await page(`/en/search?q=${encodeURIComponent(q)}`);
    expect(main).toContain(esc(`“${q}”`));
    expect(main).not.toContain("<b>accion</b>");
    expect(main).not.toContain("<script>alert(1)");
  });

  it("in Spanish, with the same results", async () => {
    const { main } = await page("/es/search?q=acci%C3%B3n");
    expect(main).toContain(tr("es", "site:search.resultsFor", { q: "acción" }));
    expect(main).toContain(tr("es", "site:search.sections.posts"));
    expect(main).toContain('href="/es/community/general/tom-jerry-3-accion?post=1"');
    expect(main).toContain(">Charla general<");
  });

  it("one section 20 a page, with page links in the address", async () => {
    const first = await page("/en/search?q=pixelart&type=posts");
    expect(first.main.match(/\?post=\d+"/g)).toHaveLength(20);
    expect(first.main).toContain('href="/en/search?q=pixelart&amp;type=posts&amp;page=2"');
    expect(first.main).toContain(tr("en", "site:search.pagination.status", { page: 1, pageCount: 2 }));
    const second = await page("/en/search?q=pixelart&type=posts&page=2");
    expect(second.main.match(/\?post=\d+"/g)).toHaveLength(5);
    expect(second.main).toContain('href="/en/search?q=pixelart&amp;type=posts"');
    // The overview shows 5 and links to the rest.
    const overview = await page("/en/search?q=pixelart");
    expect(overview.main.match(/\?post=\d+"/g)).toHaveLength(5);
    expect(overview.main).toContain(tr("en", "site:search.seeAll", { count: 25, section: translate("en", "site:search.sections.posts") }));
  });

  it("too short, nothing found, only common words: each says so and keeps the query", async () => {
    const short = await page("/en/search?q=a");
    expect(short.main).toContain(tr("en", "site:search.tooShort"));
    expect(short.main).toMatch(/id="search-page-q"[^>]*value="a"/);
    const none = await page("/en/search?q=zzyzx");
    expect(none.main).toContain(tr("en", "site:search.noResults", { q: "zzyzx" }));
    expect(none.main).toContain(tr("en", "site:search.suggestions.language"));
    expect(none.main).toContain('href="/en/community"');
    expect((await page("/en/search?q=-pixelart")).main).toContain(tr("en", "site:search.noTerms"));
  });

  it("hidden threads never show; nothing from the forum while it is switched off", async () => {
    expect((await page("/en/search?q=zafiro")).main).toContain(tr("en", "site:search.noResults", { q: "zafiro" }));
    await t.services.settings.write("forum_enabled", false, adminId);
    try {
      const { main } = await page("/en/search?q=accion");
      expect(main).toContain(tr("en", "site:search.noResults", { q: "accion" }));
      expect(main).not.toContain("/community/general");
    } finally {
      await t.services.settings.write("forum_enabled", true, adminId);
    }
  });
});
