import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL, expect, setConsentCookie, test, type Locale } from "./fixtures";

/**
 * Every payload of the XSS corpus (tests/fixtures/xss-corpus.json), posted as a thread
 * and as a reply, executes nothing in Chromium and leaves the page intact.
 *
 * The posts go through the real page actions (the same form posts a browser without JavaScript sends, with
 * the signed-in cookies, so the real Markdown pipeline and sanitizer run), as the demo moderator: staff are
 * not held back by the posting limits, and 534 posts from a member would take most of an hour. Then Chromium
 * shows every payload twice: as a document (server rendering and hydration) and by a client-side navigation
 * (React sets the post HTML with innerHTML, which runs inline handlers but not <script>).
 *
 * Layout: payload i is the opening post of thread i (its title too when 5-150 characters long: titles are
 * rendered as text), and the reply payloads fill the first threads 19 at a time, so each of those pages shows
 * 20 payloads. The threads holding the replies are opened as documents and reached by client-side
 * navigation, which puts every payload through the document parser and through innerHTML; a tenth of the
 * other threads are opened as documents too (their opening posts are the same payloads; every title on its
 * own page is checked through the HTTP layer in server/http/xss-titles.test.ts). Every page is checked for a trap that catches dialogs and document.write, for CSP
 * violations (the diagnostics fixture fails the test on any), and for the DOM the browser actually built.
 */
type Corpus = { count: number; groups: Record<string, string[]> };
const corpus = JSON.parse(readFileSync(join(process.cwd(), "tests/fixtures/xss-corpus.json"), "utf8")) as Corpus;
const everyPayload = Object.entries(corpus.groups).flatMap(([group, list]) => list.map((payload, i) => ({ group, i, payload })));
/** Control characters (tab and line breaks aside) are refused before any route runs: those payloads are never stored. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORM_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const payloads = everyPayload.filter((p) => !FORM_CONTROL.test(p.payload));
const refusedPayloads = everyPayload.filter((p) => FORM_CONTROL.test(p.payload));

const MODERATOR = { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026" };
/** A demo forum no other spec lists (the side panel shows the newest titles everywhere afterwards: as text). */
const FORUM = "contenido";
const REPLIES_PER_THREAD = 19;
const TITLE_MIN = 5;
const TITLE_MAX = 150;

type Made = { locale: Locale; path: string; title: string; replies: string[] };

/** NUL is stored as U+FFFD (PostgreSQL text cannot hold it). */
const asStored = (s: string) => s.replace(/\0/g, "\uFFFD");

/** Installed before any script of every document: records anything a payload could make run. */
function trap() {
  const w = window as unknown as { __xss: string[] };
  w.__xss = [];
  const record =
    (what: string) =>
    (...args: unknown[]) => {
      w.__xss.push(`${what}(${args.map(String).join(", ").slice(0, 80)})`);
      return undefined;
    };
  window.alert = record("alert");
  window.confirm = record("confirm") as unknown as typeof window.confirm;
  window.prompt = record("prompt") as unknown as typeof window.prompt;
  window.print = record("print");
  window.open = record("open") as unknown as typeof window.open;
  Document.prototype.write = record("document.write");
  Document.prototype.writeln = record("document.writeln");
  document.addEventListener("securitypolicyviolation", (e) =>
    w.__xss.push(`CSP ${e.violatedDirective}: ${e.blockedURI || "inline"} ${e.sample}`),
  );
}

/** Everything wrong with the current document, as the browser built it. */
function inspect(expected: { title: string | null; posts: number | null; path: string }): string[] {
  const problems: string[] = [...(window as unknown as { __xss: string[] }).__xss];
  if (location.pathname !== expected.path) problems.push(`navigated away to ${location.href}`);

  // Anywhere in the document: the app never renders inline handlers, frames or a <base>; every script is the
  // app's own (it carries the CSP nonce) or a data block that still parses.
  for (const el of Array.from(document.querySelectorAll("*"))) {
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) problems.push(`<${el.localName} ${attr.name}> in the document`);
    }
  }
  for (const tag of ["iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal"]) {
    if (document.getElementsByTagName(tag).length) problems.push(`<${tag}> in the document`);
  }
  for (const s of Array.from(document.scripts)) {
    // Data blocks (JSON-LD, the page's translations) are never run; they must still parse.
    if (s.type === "application/ld+json" || s.type === "application/json") {
      try {
        JSON.parse(s.textContent ?? "");
      } catch {
        problems.push(`${s.type} data does not parse`);
      }
    } else if (!s.nonce) problems.push(`script without the nonce: ${s.outerHTML.slice(0, 80)}`);
  }

  // Inside the posts: only the sanitizer's elements and attributes, safe URLs, images from uploads only.
  const allowed: Record<string, string[]> = {
    p: [],
    br: [],
    strong: [],
    em: [],
    del: [],
    code: ["class"],
    pre: [],
    blockquote: [],
    ul: [],
    ol: ["start"],
    li: [],
    h2: [],
    h3: [],
    h4: [],
    a: ["href", "title", "rel", "class"],
    img: ["src", "alt", "title"],
    hr: [],
    table: [],
    thead: [],
    tbody: [],
    tr: [],
    th: [],
    td: [],
  };
  const bodies = Array.from(document.querySelectorAll(".post-body"));
  for (const body of bodies) {
    for (const el of Array.from(body.querySelectorAll("*"))) {
      const name = el.localName;
      if (!(name in allowed) || el.namespaceURI !== "http://www.w3.org/1999/xhtml") {
        problems.push(`<${el.namespaceURI === "http://www.w3.org/1999/xhtml" ? "" : el.namespaceURI + " "}${name}> in a post`);
        continue;
      }
      for (const attr of Array.from(el.attributes)) {
        if (!allowed[name].includes(attr.name)) problems.push(`attribute ${attr.name} on <${name}> in a post`);
      }
      if (el instanceof HTMLAnchorElement && el.hasAttribute("href")) {
        const protocol = new URL(el.href, location.href).protocol;
        if (!["http:", "https:", "mailto:"].includes(protocol)) problems.push(`link to ${protocol} in a post: ${el.getAttribute("href")}`);
        if (new URL(el.href).origin !== location.origin && el.rel !== "ugc nofollow noopener")
          problems.push(`outside link without rel: ${el.href}`);
      }
      if (el instanceof HTMLImageElement) {
        const src = new URL(el.src, location.href);
        if (src.origin !== location.origin || !src.pathname.startsWith("/media/")) problems.push(`image from ${el.src}`);
      }
    }
  }

  // The page around the posts is intact.
  const h1 = document.querySelectorAll("h1");
  if (h1.length !== 1) problems.push(`${h1.length} h1 elements`);
  if (expected.title !== null) {
    // The parser turns CR into LF in a served document; React's own text nodes keep it.
    const shown = document.getElementById("thread-title")?.textContent;
    if (shown !== expected.title && shown !== expected.title.replace(/\r\n?/g, "\n"))
      problems.push("the thread title is not the posted text");
    if (!document.querySelector("#reply form textarea[name=body]")) problems.push("no reply form");
    const items = document.querySelectorAll("ol > li[id^='post-']").length;
    if (items !== expected.posts || bodies.length !== expected.posts)
      problems.push(`${items} posts and ${bodies.length} post bodies, expected ${expected.posts}`);
  }
  if (!document.querySelector("footer")) problems.push("no footer");
  if (!document.querySelector("header")) problems.push("no header");
  return problems;
}

async function post(api: APIRequestContext, path: string, form: Record<string, string>): Promise<string> {
  const res = await api.post(path, { form, maxRedirects: 0 });
  expect(res.status(), `POST ${path} ${form.intent}: ${res.status() === 303 ? "" : (await res.text()).slice(0, 300)}`).toBe(303);
  return res.headers()["location"];
}

/** Runs `fn` over `items`, `n` at a time (PGlite serialises the writes; this overlaps HTTP and rendering). */
async function pool<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** A client-side navigation, as a click on a link makes; resolves once React has rendered the new page. */
async function clientNavigate(page: Page, path: string, title: string | null) {
  // The page hydrates after its first paint (app/lib/paint-first.server.ts): wait for its router.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(
    (to) =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(to),
    path,
  );
  await page
    .waitForFunction(
      ([to, heading]) =>
        location.pathname + location.search === to &&
        (window as unknown as { __reactRouterDataRouter: { state: { navigation: { state: string } } } }).__reactRouterDataRouter.state
          .navigation.state === "idle" &&
        (heading === null || document.getElementById("thread-title")?.textContent === heading),
      [path, title] as const,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // what is wrong is then reported by the check
}

test("every payload of the XSS corpus, as a thread and as a reply, runs nothing in Chromium and leaves the page intact", async ({
  playwright,
  site,
  newContext,
  diagnostics,
}) => {
  // About 2 minutes on a quiet 2-core machine (4 with other work running): 534 posts, about 80 documents, 29 client navigations.
  test.setTimeout(8 * 60_000);
  expect(payloads.length + refusedPayloads.length).toBe(corpus.count);
  await site.setFlag("forum_enabled", true);

  const api = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": "10.66.6.6" },
  });
  const signIn = await api.post("/api/auth/sign-in/email", { data: MODERATOR });
  expect(signIn.status(), await signIn.text()).toBe(200);

  // A payload with a control character is refused with a translated 400, as a thread and as a reply.
  for (const { payload } of refusedPayloads) {
    const res = await api.post(`/en/community/${FORUM}/new`, {
      form: { intent: "create", title: "Control characters", body: payload },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("characters that are not allowed");
  }

  // Every other payload as the opening post of its own thread.
  const made: Made[] = await pool([...payloads.entries()], 3, async ([index, { group, i, payload }]) => {
    const locale: Locale = index % 2 ? "es" : "en";
    const fits = payload.trim().length >= TITLE_MIN && payload.trim().length <= TITLE_MAX;
    const title = fits ? payload.trim() : `XSS ${group} #${i}`;
    const location = await post(api, `/${locale}/community/${FORUM}/new`, { intent: "create", title, body: payload });
    const path = new URL(location, BASE_URL).pathname;
    expect(path).toMatch(new RegExp(`^/${locale}/community/${FORUM}/[a-z0-9-]+$`));
    return { locale, path, title, replies: [] };
  });
  // Every payload again as a reply, 19 to a thread (a page holds 20 posts).
  const hosts = made.slice(0, Math.ceil(payloads.length / REPLIES_PER_THREAD));
  hosts.forEach((host, h) => (host.replies = payloads.slice(h * REPLIES_PER_THREAD, (h + 1) * REPLIES_PER_THREAD).map((p) => p.payload)));
  await pool(hosts, 3, async (host) => {
    const html = await (await api.get(host.path)).text();
    const threadId = /name="threadId" value="([^"]+)"/.exec(html)?.[1];
    expect(threadId, `reply form on ${host.path}`).toBeTruthy();
    for (const [k, body] of host.replies.entries()) {
      const location = await post(api, host.path, { intent: "reply", threadId: threadId!, body });
      expect(location).toMatch(new RegExp(`#post-${k + 2}$`));
    }
  });
  expect(hosts.reduce((n, h) => n + h.replies.length, 0)).toBe(payloads.length);
  const moderatorState = await api.storageState();
  await api.dispose();

  // Images are allowed only from uploads, and the corpus points at files that do not exist.
  diagnostics.allowResponse(/\/media\//, 404);
  const context = await newContext({ storageState: moderatorState });
  await setConsentCookie(context, false);
  await context.addInitScript(trap);
  const dialogs: string[] = [];
  context.on("dialog", (d) => {
    dialogs.push(`${d.type()} on ${d.page()?.url()}: ${d.message()}`);
    void d.dismiss();
  });
  const page = await context.newPage();

  const failures: string[] = [];
  const check = async (label: string, expected: Parameters<typeof inspect>[0]) => {
    const problems = await page.evaluate(inspect, expected);
    if (problems.length) failures.push(`${label} ${expected.path}:\n  ${problems.join("\n  ")}`);
  };
  const expectedOf = (m: Made) => ({ title: asStored(m.title), posts: 1 + m.replies.length, path: m.path });

  // As documents, server-rendered then hydrated: the threads holding the replies (every payload is one of
  // their posts) and every tenth of the others (their titles in <title>, the meta tags and the <h1>). Every
  // title in the head and the heading of its own page is server/http/xss-titles.test.ts's subject.
  for (const m of made.filter((_, i) => i < hosts.length || i % 10 === 0)) {
    const res = await page.goto(m.path);
    expect(res?.status(), m.path).toBe(200);
    await page.waitForFunction(
      () => "__reactRouterDataRouter" in window && (window as unknown as { __e2e?: { hydrated: boolean } }).__e2e?.hydrated === true,
    );
    await check("document", expectedOf(m));
  }
  // Every payload again through React's innerHTML: a client-side navigation through the threads that hold the
  // replies (every payload is one of their 20 posts), each reached from the one before; titles reached this way
  // are React text, and the thread lists below show every title by client navigation too.
  for (const n of hosts.keys()) {
    const target = hosts[(n + 1) % hosts.length];
    await clientNavigate(page, target.path, asStored(target.title));
    await check("client navigation", expectedOf(target));
  }

  // The forum's thread list shows the titles (and the side panel the newest ones) as text.
  const pages = Math.ceil((made.length + 5) / 20);
  for (const locale of ["en", "es"] as const) {
    await page.goto(`/${locale}/community/${FORUM}`);
    for (let p = 1; p <= pages; p++) {
      const path = `/${locale}/community/${FORUM}${p > 1 ? `?page=${p}` : ""}`;
      if (p > 1) await clientNavigate(page, path, null);
      await check("thread list", { title: null, posts: null, path: `/${locale}/community/${FORUM}` });
    }
  }

  expect(dialogs, "dialogs opened").toEqual([]);
  expect(failures, `${failures.length} pages with problems`).toEqual([]);
});

test("the checks above catch what they look for", async ({ page, context, site }) => {
  await site.setFlag("forum_enabled", true);
  await setConsentCookie(context, false);
  await context.addInitScript(trap);
  const path = "/en/community/programacion/godot-4-pathfinding-for-hundreds-of-units";
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { __e2e?: { hydrated: boolean } }).__e2e?.hydrated === true);
  const clean = await page.evaluate(inspect, { title: null, posts: null, path });
  expect(clean).toEqual([]);
  // Things a broken sanitizer would let through, made inert: a real inline handler would already be refused by
  // the CSP (Chromium reports it as soon as the attribute is set, and the diagnostics fixture fails on that).
  await page.evaluate(() => {
    const body = document.querySelector(".post-body")!;
    body.insertAdjacentHTML(
      "beforeend",
      '<p onfoo="alert(1)">x</p><a href="javascript:alert(1)">y</a><a href="https://evil.example/">z</a><svg></svg><p style="color:red">w</p>',
    );
    window.alert("called");
  });
  const found = await page.evaluate(inspect, { title: null, posts: null, path });
  expect(found).toEqual(
    expect.arrayContaining([
      "alert(called)",
      "<p onfoo> in the document",
      "attribute onfoo on <p> in a post",
      "link to javascript: in a post: javascript:alert(1)",
      "outside link without rel: https://evil.example/",
      "<http://www.w3.org/2000/svg svg> in a post",
      "attribute style on <p> in a post",
    ]),
  );
});
