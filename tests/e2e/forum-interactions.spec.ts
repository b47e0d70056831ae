import type { BrowserContext, BrowserContextOptions, Locator, Page } from "@playwright/test";
import {
  asOwnClient,
  BASE_URL,
  expect,
  expectNoViolations,
  gotoHydrated,
  isSameDocument,
  LOCALES,
  markDocument,
  setConsentCookie,
  setThemeCookie,
  test,
  tr,
} from "./fixtures";

/**
 * The thread interactions in Chromium, in both languages and from the keyboard: a member likes,
 * follows and reports (the page stays where it is: fetchers), the author accepts an answer and the thread
 * shows resolved with the answer under the question, and a moderator pins, locks and hides a post. axe checks
 * the thread page with the moderation toolbar open, in the light and dark themes.
 */
type Who = "memberEs" | "memberEn" | "authorEs" | "authorEn" | "moderator";
const AUTHOR_NAMES = { authorEs: "rober_retro", authorEn: "maya_plays" } as const;
const ACCOUNTS: Record<Who, { email: string; password: string }> = {
  // Demo members are old accounts: no first-day posting limits, and each locale has its own author and
  // member (threads 15 s apart, replies 5 s apart per person).
  authorEs: { email: "rober.retro@demo.nexoindie.test", password: "demo-creator-2026" },
  authorEn: { email: "maya.plays@demo.nexoindie.test", password: "demo-creator-2026" },
  memberEs: { email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026" },
  memberEn: { email: "pixel.pete@demo.nexoindie.test", password: "demo-creator-2026" },
  moderator: { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026" },
};

let ip = 0;
/** One API sign-in per person per worker (sign-in is rate limited), each from its own client address. */
const states = new Map<Who, Awaited<ReturnType<BrowserContext["storageState"]>>>();
test.beforeAll(async ({ playwright }) => {
  for (const who of Object.keys(ACCOUNTS) as Who[]) {
    const ctx = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.78.0.${++ip}` },
    });
    const res = await ctx.post("/api/auth/sign-in/email", { data: ACCOUNTS[who] });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await ctx.storageState());
    await ctx.dispose();
  }
});

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** A browser context signed in as `who`, in its own client address, with the cookie banner answered. */
async function personContext(
  newContext: (o?: BrowserContextOptions) => Promise<BrowserContext>,
  who: Who,
  theme: "light" | "dark" = "light",
) {
  const context = await newContext({ storageState: states.get(who), colorScheme: theme });
  await asOwnClient(context);
  await setConsentCookie(context, false);
  await setThemeCookie(context, theme);
  return context;
}

/** Presses a control from the keyboard: focus, then Enter (buttons, links and disclosure toggles alike). */
async function pressWithKeyboard(page: Page, control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press("Enter");
}

for (const locale of LOCALES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => tr(locale, `forum:${key}`, vars);
  const suffix = locale === "es" ? "Es" : "En";

  test.describe(`forum interactions in ${locale}`, () => {
    test("like, follow, report; accept an answer; pin, lock and hide as a moderator", async ({ newContext, site, diagnostics }) => {
      test.setTimeout(150_000);
      await site.setFlag("forum_enabled", true);
      // The second report is refused on purpose (409, answered to the fetcher's data request).
      diagnostics.allowResponse(/\/community\/programacion\/[^/?]+\.data/, 409);

      // The author's question (the new-thread page itself is covered by forum.spec.ts).
      const author = await personContext(newContext, `author${suffix}` as Who);
      const title = `${locale === "es" ? "Qué motor para un roguelike" : "Which engine for a roguelike"} ${unique()}`;
      const created = await author.request.post(`/${locale}/community/programacion/new`, {
        form: { intent: "create", title, body: "I want **fast** iteration." },
        headers: { origin: BASE_URL },
        maxRedirects: 0,
      });
      expect(created.status(), await created.text()).toBe(303);
      const threadUrl = new URL(created.headers().location, BASE_URL).pathname;

      // A member likes the question, follows the thread and reports the post, from the keyboard; the page
      // does not reload or jump (fetchers).
      const memberContext = await personContext(newContext, `member${suffix}` as Who);
      const member = await memberContext.newPage();
      await gotoHydrated(member, threadUrl);
      await markDocument(member);
      const question = member.locator("#post-1");
      const like = question.getByRole("button", { name: L("interact.like"), exact: true });
      await expect(like).toHaveAttribute("aria-pressed", "false");
      await pressWithKeyboard(member, like);
      await expect(like).toHaveAttribute("aria-pressed", "true");
      await expect(question.getByText(L("interact.likes_one", { count: 1 }), { exact: true })).toBeVisible();

      const follow = member.getByRole("button", { name: L("interact.followThread"), exact: true });
      await expect(follow).toHaveAttribute("aria-pressed", "false");
      await pressWithKeyboard(member, follow);
      await expect(follow).toHaveAttribute("aria-pressed", "true");

      const report = question.locator("summary", { hasText: L("interact.report") });
      await report.focus();
      await member.keyboard.press("Enter");
      const reason = question.getByLabel(L("interact.reportReason"));
      await expect(reason).toBeFocused();
      await member.keyboard.type(locale === "es" ? "Publicidad de un curso de pago" : "Advertising a paid course");
      await pressWithKeyboard(member, question.getByRole("button", { name: L("interact.reportSubmit"), exact: true }));
      await expect(question.getByRole("status")).toHaveText(L("interact.reportSent"));
      // Reporting twice says why not.
      await report.focus();
      await member.keyboard.press("Enter");
      // The toggle event moves the focus to the reason: wait for it, or a typed space lands on the toggle and
      // closes the form again.
      await expect(reason).toBeFocused();
      await member.keyboard.type("Still advertising");
      await pressWithKeyboard(member, question.getByRole("button", { name: L("interact.reportSubmit"), exact: true }));
      await expect(question.getByRole("alert")).toContainText(tr(locale, "errors:forum.report_failed"));
      await expect(question.getByRole("alert")).toContainText(tr(locale, "errors:forum.already_reported"));
      expect(await isSameDocument(member), "no full reload").toBe(true);
      expect(new URL(member.url()).pathname).toBe(threadUrl);

      // What changed was saved.
      await gotoHydrated(member, threadUrl);
      await expect(member.locator("#post-1").getByRole("button", { name: L("interact.like"), exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(member.getByRole("button", { name: L("interact.followThread"), exact: true })).toHaveAttribute("aria-pressed", "true");

      // The member follows the author on their profile (and stops again: the demo data stays as it was).
      const authorName = AUTHOR_NAMES[`author${suffix}` as keyof typeof AUTHOR_NAMES];
      await gotoHydrated(member, `/${locale}/u/${authorName}`);
      const followPerson = member.getByRole("button", { name: L("interact.follow"), exact: true });
      await expect(followPerson).toHaveAttribute("aria-pressed", "false");
      await pressWithKeyboard(member, followPerson);
      await expect(followPerson).toHaveAttribute("aria-pressed", "true");
      await expectNoViolations(member, `public profile with the follow button (${locale})`);
      await pressWithKeyboard(member, followPerson);
      await expect(followPerson).toHaveAttribute("aria-pressed", "false");
      await gotoHydrated(member, threadUrl);

      // The member answers.
      const answer = locale === "es" ? "Prueba Godot: el editor es rápido." : "Try Godot: the editor is quick.";
      await member.getByLabel(L("thread.replyLabel")).fill(answer);
      await member.getByRole("button", { name: L("thread.replySubmit"), exact: true }).click();
      await expect(member).toHaveURL(/#post-2$/);

      // The author accepts it: the thread is resolved and the answer shows under the question.
      const authorPage = await author.newPage();
      await gotoHydrated(authorPage, threadUrl);
      await pressWithKeyboard(authorPage, authorPage.locator("#post-2").getByRole("button", { name: L("interact.accept"), exact: true }));
      await expect(authorPage.locator("#post-2").getByRole("button", { name: L("interact.unaccept"), exact: true })).toBeVisible();
      await expect(authorPage.locator("header").getByText(L("badge.resolved"), { exact: true })).toBeVisible();
      const accepted = authorPage.locator("#post-1").getByRole("region", { name: L("thread.acceptedAnswer") });
      await expect(accepted).toContainText(answer);
      await expect(accepted.getByRole("link", { name: L("interact.goToAnswer", { number: 2 }), exact: true })).toHaveAttribute(
        "href",
        `${threadUrl}#post-2`,
      );

      // A moderator opens the toolbar, pins with a reason and locks, from the keyboard.
      const modContext = await personContext(newContext, "moderator");
      const mod = await modContext.newPage();
      await gotoHydrated(mod, threadUrl);
      await pressWithKeyboard(mod, mod.locator("summary", { hasText: L("moderation.toolbar") }));
      const toolbar = mod.getByRole("form", { name: L("moderation.toolbarLabel") });
      await expect(toolbar).toBeVisible();
      await expectNoViolations(mod, `thread with the moderation toolbar open (${locale}, light)`);
      await toolbar.getByLabel(L("moderation.reason")).fill(locale === "es" ? "Hilo de referencia" : "Reference thread");
      await pressWithKeyboard(mod, toolbar.getByRole("button", { name: L("moderation.pin"), exact: true }));
      await expect(toolbar.getByRole("status")).toHaveText(L("moderation.done.pin"));
      await expect(toolbar.getByLabel(L("moderation.reason"))).toHaveValue("");
      await expect(mod.locator("header").getByText(L("badge.pinned"), { exact: true })).toBeVisible();
      await pressWithKeyboard(mod, toolbar.getByRole("button", { name: L("moderation.lock"), exact: true }));
      await expect(toolbar.getByRole("status")).toHaveText(L("moderation.done.lock"));
      await expect(mod.locator("header").getByText(L("badge.locked"), { exact: true })).toBeVisible();
      await expect(toolbar.getByRole("button", { name: L("moderation.unlock"), exact: true })).toBeVisible();

      // Hiding the answer asks first; the moderator still sees it, marked.
      // Hiding is behind the post's "more" menu (⋯), which opens from the keyboard too.
      await pressWithKeyboard(mod, mod.locator("#post-2").locator("summary", { hasText: L("thread.moreActions", { number: 2 }) }));
      await pressWithKeyboard(mod, mod.locator("#post-2").getByRole("link", { name: L("moderation.hidePost"), exact: true }));
      const confirm = mod.getByRole("group", { name: L("moderation.hidePostConfirmLabel", { number: 2 }) });
      await expect(confirm).toBeVisible();
      await confirm.getByLabel(L("moderation.reason")).fill(locale === "es" ? "Fuera de tema" : "Off-topic");
      await confirm.getByRole("button", { name: L("moderation.hidePostSubmit"), exact: true }).click();
      await expect(mod).toHaveURL(new RegExp(`${threadUrl}#post-2$`));
      await expect(mod.locator("#post-2")).toContainText(L("thread.hiddenForOthers"));
      await expect(mod.locator("#post-2")).toContainText(answer);

      // Members see the trace, the badges, and no reply form any more.
      await gotoHydrated(member, threadUrl);
      await expect(member.locator("#post-2")).toContainText(L("thread.hiddenTrace"));
      await expect(member.locator("#post-2")).not.toContainText(answer);
      await expect(member.locator("header").getByText(L("badge.locked"), { exact: true })).toBeVisible();
      await expect(member.getByLabel(L("thread.replyLabel"))).toHaveCount(0);

      // The dark theme, toolbar open.
      const darkContext = await personContext(newContext, "moderator", "dark");
      const dark = await darkContext.newPage();
      await gotoHydrated(dark, threadUrl);
      expect(await dark.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      await pressWithKeyboard(dark, dark.locator("summary", { hasText: L("moderation.toolbar") }));
      await expect(dark.getByRole("form", { name: L("moderation.toolbarLabel") })).toBeVisible();
      await expectNoViolations(dark, `thread with the moderation toolbar open (${locale}, dark)`);
    });
  });
}
