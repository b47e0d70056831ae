import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import {
  ADMIN,
  BASE_URL,
  consentValue,
  cookie,
  expect,
  expectNoViolations,
  expectNoViolationsInDark,
  test,
  tr,
  waitForHydration,
  type Locale,
} from "./fixtures";

/**
 * axe (WCAG 2.0/2.1/2.2 A and AA) on every forum page and state, for the people each is for, in both languages
 * and both themes: the community index, a forum with and without filters, the new-thread page (empty, with
 * validation errors, with a preview), and the thread page for a visitor, a member (reply form, quote), a member
 * whose email is not confirmed, and the author or a moderator (edit, delete confirmation, history), page 2 of a
 * long thread included.
 */
type Who = "visitor" | "member" | "unverified" | "moderator";
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

const MEMBER = { email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026" };
const MODERATOR = { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026" };
const FORUM = "arte-y-sonido";
/** The long thread made for these checks: 25 posts, so two pages of 20. */
const REPLIES = 24;

/** What the set-up made: the long thread's path and the ids of its first two posts. */
type Setup = { threadPath: string; firstPostId: string; replyId: string };
let setup: Setup;
const states = new Map<Who, StorageState | undefined>();
let forumWasOn = false;

async function client(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }) {
  // Its own client address each time (sign-in is limited per address, and a worker restarted after a failure
  // runs this set-up again).
  const ip = `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  return playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": ip } });
}

async function formPost(api: APIRequestContext, path: string, form: Record<string, string>) {
  const res = await api.post(path, { form, maxRedirects: 0 });
  expect(res.status(), `POST ${path} ${form.intent}`).toBe(303);
  return res.headers()["location"];
}

async function setForumFlag(api: APIRequestContext, on: boolean) {
  const res = await api.put("/api/v1/site/settings/forum_enabled", { data: { value: on } });
  expect(res.status(), await res.text()).toBe(200);
  // Settings are cached up to 3 s.
  await expect
    .poll(async () => ((await (await api.get("/api/v1/site/flags")).json()) as { forum_enabled: boolean }).forum_enabled, {
      timeout: 8_000,
    })
    .toBe(on);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const admin = await client(playwright);
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  forumWasOn = ((await (await admin.get("/api/v1/site/flags")).json()) as { forum_enabled: boolean }).forum_enabled;
  await setForumFlag(admin, true);
  await admin.dispose();

  for (const [who, data] of [
    ["member", MEMBER],
    ["moderator", MODERATOR],
  ] as const) {
    const api = await client(playwright);
    const res = await api.post("/api/auth/sign-in/email", { data });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await api.storageState());
    await api.dispose();
  }
  const unverified = await client(playwright);
  const signUp = await unverified.post("/api/auth/sign-up/email", {
    data: { email: `a11y-forum-${Date.now()}@e2e.test`, password: "a11y-pass-2026", name: "a11y" },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  states.set("unverified", await unverified.storageState());
  await unverified.dispose();
  states.set("visitor", undefined);

  // A long thread by the moderator (not held back by posting limits) whose opening post has a varied body and
  // one earlier version (for the history view).
  const mod = await client(playwright);
  expect((await mod.post("/api/auth/sign-in/email", { data: MODERATOR })).status()).toBe(200);
  const body = [
    "## Paletas y contraste",
    "Un párrafo con **negrita**, *cursiva*, `código` y un [enlace](https://example.com/palettes).",
    "> Una cita de otra conversación.",
    "- primero\n- segundo\n\n1. uno\n2. dos",
    "```\nconst palette = 16;\n```",
    "| color | uso |\n|---|---|\n| #ff8800 | luces |",
  ].join("\n\n");
  const location = await formPost(mod, `/es/community/${FORUM}/new`, {
    intent: "create",
    title: `Contraste en paletas de pixel art ${Date.now().toString(36)}`,
    body: "Primera versión.",
  });
  const threadPath = new URL(location, BASE_URL).pathname.replace(/^\/es/, "");
  const page1 = await (await mod.get(`/es${threadPath}`)).text();
  const threadId = /name="threadId" value="([^"]+)"/.exec(page1)![1];
  const firstPostId = /[?&;]edit=([0-9a-f-]{36})#post-1"/.exec(page1)![1];
  await formPost(mod, `/es${threadPath}`, { intent: "edit", postId: firstPostId, number: "1", body });
  for (let n = 1; n <= REPLIES; n++)
    await formPost(mod, `/es${threadPath}`, {
      intent: "reply",
      threadId,
      body: `Respuesta ${n}: *prueba* de la página ${n > 19 ? 2 : 1}.`,
    });
  const again = await (await mod.get(`/es${threadPath}`)).text();
  const replyId = /[?&;]edit=([0-9a-f-]{36})#post-2"/.exec(again)![1];
  await mod.dispose();
  setup = { threadPath, firstPostId, replyId };
});

test.afterAll(async ({ playwright }) => {
  if (forumWasOn) return;
  const admin = await client(playwright);
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  await setForumFlag(admin, false);
  await admin.dispose();
});

type Case = {
  name: string;
  who: Who;
  path: () => string;
  /** The page's status when not 200. */
  status?: number;
  /** The form is sent with errors: the action answers 400. */
  invalid?: boolean;
  /** Brings the page to the state under test (after hydration). */
  act?: (page: Page, locale: Locale) => Promise<void>;
};

const CASES: Case[] = [
  { name: "community index", who: "visitor", path: () => "/community" },
  { name: "community index, signed in", who: "member", path: () => "/community" },
  { name: "forum", who: "visitor", path: () => "/community/programacion" },
  { name: "forum, signed in", who: "member", path: () => "/community/programacion" },
  { name: "forum filtered by tag, sorted by likes", who: "visitor", path: () => "/community/programacion?tag=ayuda&sort=top" },
  { name: "forum filtered to resolved threads (none)", who: "visitor", path: () => "/community/programacion?status=resolved" },
  { name: "forum filtered to resolved threads", who: "visitor", path: () => "/community/arte-y-sonido?status=resolved" },
  // A demo question with an accepted answer (server/db/seed-forum.ts): resolved badge and the answer under the question.
  { name: "resolved thread", who: "visitor", path: () => "/community/arte-y-sonido/free-sound-effects-that-don-t-sound-free" },
  { name: "resolved thread, signed in", who: "member", path: () => "/community/arte-y-sonido/free-sound-effects-that-don-t-sound-free" },
  { name: "forum filtered to open threads, newest first", who: "member", path: () => "/community/charla-general?status=open&sort=newest" },
  { name: "new thread", who: "member", path: () => `/community/${FORUM}/new` },
  {
    name: "new thread with validation errors",
    who: "member",
    invalid: true,
    path: () => `/community/${FORUM}/new`,
    async act(page, locale) {
      await page.getByRole("button", { name: tr(locale, "forum:newThread.submit") }).click();
      await expect(page.getByLabel(tr(locale, "forum:newThread.titleLabel"))).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    name: "new thread with a preview",
    who: "member",
    path: () => `/community/${FORUM}/new`,
    async act(page, locale) {
      await page
        .getByLabel(tr(locale, "forum:newThread.bodyLabel"))
        .fill("## Idea\n\nUna paleta **cálida** con [referencias](https://example.com).\n\n- uno\n- dos");
      await page.getByRole("button", { name: tr(locale, "forum:editor.preview") }).click();
      await expect(page.getByRole("region", { name: tr(locale, "forum:editor.previewLabel") }).locator("strong")).toHaveText("cálida");
    },
  },
  // The page explains why the form is not there (403).
  { name: "new thread, email not confirmed", who: "unverified", path: () => `/community/${FORUM}/new`, status: 403 },
  { name: "thread", who: "visitor", path: () => setup.threadPath },
  { name: "thread, page 2", who: "visitor", path: () => `${setup.threadPath}?page=2` },
  { name: "demo thread with tags", who: "visitor", path: () => "/community/programacion/godot-4-pathfinding-for-hundreds-of-units" },
  { name: "thread with the reply form", who: "member", path: () => setup.threadPath },
  { name: "thread, page 2, with the reply form", who: "member", path: () => `${setup.threadPath}?page=2` },
  {
    name: "thread with a reply preview",
    who: "member",
    path: () => `${setup.threadPath}?page=2`,
    async act(page, locale) {
      await page.getByLabel(tr(locale, "forum:thread.replyLabel")).fill("Gracias, *muy útil*.");
      await page.getByRole("button", { name: tr(locale, "forum:editor.preview") }).click();
      await expect(page.getByRole("region", { name: tr(locale, "forum:editor.previewLabel") }).locator("em")).toHaveText("muy útil");
    },
  },
  { name: "thread quoting a post", who: "member", path: () => `${setup.threadPath}?quote=${setup.firstPostId}` },
  { name: "thread, email not confirmed", who: "unverified", path: () => setup.threadPath },
  { name: "thread as its author and moderator", who: "moderator", path: () => setup.threadPath },
  { name: "editing the opening post (with the title)", who: "moderator", path: () => `${setup.threadPath}?edit=${setup.firstPostId}` },
  {
    name: "editing with a validation error",
    who: "moderator",
    invalid: true,
    path: () => `${setup.threadPath}?edit=${setup.replyId}`,
    async act(page, locale) {
      await page.getByLabel(tr(locale, "forum:thread.editLabel")).fill("   ");
      await page.getByRole("button", { name: tr(locale, "forum:thread.saveEdit") }).click();
      await expect(page.getByLabel(tr(locale, "forum:thread.editLabel"))).toHaveAttribute("aria-invalid", "true");
    },
  },
  { name: "delete confirmation", who: "moderator", path: () => `${setup.threadPath}?delete=${setup.replyId}` },
  { name: "edit history", who: "moderator", path: () => `${setup.threadPath}?history=${setup.firstPostId}` },
];

// Each state is loaded once in the light theme the server renders, checked, then switched to dark the way the
// theme menu does it and checked again with the colour rules.
for (const locale of ["es", "en"] as const) {
  test.describe(locale, () => {
    for (const c of CASES) {
      test(`${c.name} (${c.who}), light and dark`, async ({ sharedPage, diagnostics }) => {
        if (c.invalid) diagnostics.allowResponse(/\.data(\?|$)/, 400);
        // One context per person and language in each worker (the forum keeps no drafts in the browser).
        const page = await sharedPage(`a11y-forum ${c.who} ${locale}`, {
          storageState: states.get(c.who),
          colorScheme: "light",
        });
        await page.context().addCookies([cookie("theme", "light"), cookie("lng", locale), cookie("cookie_consent", consentValue(false))]);
        const path = `/${locale}${c.path()}`;
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(c.status ?? 200);
        expect(new URL(page.url()).pathname, "not redirected").toBe(path.split("?")[0]);
        await waitForHydration(page);
        await c.act?.(page, locale);
        await expectNoViolations(page, `${c.name}, ${c.who} (${locale}, light)`);
        await expectNoViolationsInDark(page, `${c.name}, ${c.who} (${locale}, dark)`);
      });
    }
  });
}
