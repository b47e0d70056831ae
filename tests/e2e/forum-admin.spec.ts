import type { BrowserContext, Locator, Page } from "@playwright/test";
import {
  BASE_URL,
  expect,
  expectNoViolations,
  expectNoViolationsInDark,
  gotoHydrated,
  LOCALES,
  setConsentCookie,
  setLanguageCookie,
  setThemeCookie,
  test,
  toasts,
  tr,
  waitForQuiet,
  type Locale,
} from "./fixtures";

/**
 * The forum admin tabs in Chromium, in both languages: a moderator resolves a demo report by hiding
 * the post and bans its author from the users tab, and the forum's audit log shows both; an admin edits the
 * posting limits and reorders a forum. Then axe on every new page, light and dark.
 */
const MODERATOR = { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026", username: "moderadora" };
const ADMIN = { email: "admin@demo.nexoindie.test", password: "demo-admin-2026" };
/** The demo reports (server/db/seed-forum.ts) each language's run handles, found by their reason. */
const REPORT_REASON: Record<Locale, string> = {
  en: "The thread asks for no spoilers and this hints at the ending.",
  es: "Autopromoción de su estudio disfrazada de opinión.",
};

let ip = 0;
type State = Awaited<ReturnType<BrowserContext["storageState"]>>;
const states = new Map<"moderator" | "admin", State>();
/** One API sign-in per person per worker (sign-in is rate limited), each from its own client address. */
test.beforeAll(async ({ playwright }) => {
  for (const [who, account] of [
    ["moderator", MODERATOR],
    ["admin", ADMIN],
  ] as const) {
    const ctx = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.88.${Date.now() % 200}.${++ip}` },
    });
    const res = await ctx.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password } });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await ctx.storageState());
    await ctx.dispose();
  }
});

const a = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `admin:${key}`, vars);
/** The action's answer, announced in the page's live region. */
const outcome = (page: Page) => page.locator('main [aria-live="polite"]').first();

/** Opens a two-step action (a <details> button) inside `scope` and returns its panel. */
async function openConfirm(scope: Locator, label: string) {
  const summary = scope.locator("summary", { hasText: label }).first();
  await summary.click();
  return summary.locator("xpath=..");
}

for (const locale of LOCALES) {
  test.describe(`forum admin in ${locale}`, () => {
    test("a moderator resolves a report by hiding the post, bans its author, and the forum audit log shows both", async ({
      newContext,
    }) => {
      test.slow(); // a long flow across four pages, on the machine the whole suite shares
      const context = await newContext({ storageState: states.get("moderator") });
      await setConsentCookie(context, false);
      const page = await context.newPage();

      // The navigation's forum group: the team's tabs only.
      await gotoHydrated(page, `/${locale}/admin/forum`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a(locale, "forum.overview.title"));
      const nav = page.getByRole("navigation", { name: a(locale, "nav.label") }).last();
      await expect(nav.getByRole("link", { name: a(locale, "nav.forumModeration") })).toBeVisible();
      await expect(nav.getByRole("link", { name: a(locale, "nav.forumContent") })).toHaveCount(0);

      await nav.getByRole("link", { name: a(locale, "nav.forumModeration") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a(locale, "forum.moderation.title"));
      const report = page.getByRole("article").filter({ hasText: REPORT_REASON[locale] });
      await expect(report).toHaveCount(1);
      const author = (await report.locator("dd").first().innerText()).trim();
      const postLink = await report.getByRole("link").first().getAttribute("href");
      // The post as readers see it: rendered HTML (paragraphs), not its Markdown.
      const body = report.locator(".post-body");
      await expect(body.locator("p").first()).toBeVisible();
      expect(await body.innerHTML()).toMatch(/^<p>/);

      const panel = await openConfirm(report, a(locale, "forum.moderation.resolve"));
      await panel.getByLabel(a(locale, "forum.moderation.hidePost")).check();
      await panel
        .getByLabel(a(locale, "forum.moderation.noteLabel"))
        .fill(locale === "es" ? "Spam de su estudio" : "Spoiler without a warning");
      await panel.getByRole("button", { name: a(locale, "forum.moderation.confirmResolveButton") }).click();
      // The report leaves the queue with a toast that says what happened.
      await expect(toasts(page, locale).first()).toContainText(a(locale, "forum.moderation.resolvedHidden"), { timeout: 15_000 });
      await expect(page.getByRole("article").filter({ hasText: REPORT_REASON[locale] })).toHaveCount(0);

      // The hidden post is listed, with the way to publish it again.
      await gotoHydrated(page, `/${locale}/admin/forum/moderation?view=hidden&kind=post`);
      const hidden = page.getByRole("article").filter({ has: page.locator(`a[href="${postLink}"]`) });
      await expect(hidden).toHaveCount(1);
      await expect(hidden.locator("summary", { hasText: a(locale, "forum.moderation.publish") })).toBeVisible();

      // The author, from the users tab (as a thread page would link to it: ?q=<username>).
      await gotoHydrated(page, `/${locale}/admin/forum/users?q=${encodeURIComponent(author)}`);
      const row = page.getByRole("article").filter({ has: page.getByRole("heading", { name: author, exact: true }) });
      const ban = await openConfirm(row, a(locale, "forum.users.ban"));
      await ban
        .getByLabel(a(locale, "forum.users.reasonLabel"))
        .fill(locale === "es" ? "Autopromoción repetida" : "Spoilers after a warning");
      await ban.getByLabel(a(locale, "forum.users.durationUntil")).check();
      // The end date's field comes filled with the suggested day.
      const until = await ban.getByLabel(a(locale, "forum.users.untilLabel"), { exact: true }).inputValue();
      await ban.getByRole("button", { name: a(locale, "forum.users.confirmBanButton") }).click();
      const shown = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { timeZone: "UTC", dateStyle: "medium" }).format(
        new Date(until),
      );
      await expect(outcome(page)).toHaveText(a(locale, "forum.users.bannedUntil", { name: author, date: shown }));

      // The forum's audit log: the hidden post and the ban, both by the moderator.
      await nav.getByRole("link", { name: a(locale, "nav.forumAudit") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/admin/audit\\?action=forum\\.$`));
      await page.getByLabel(a(locale, "audit.actor")).fill(MODERATOR.username);
      await page.getByRole("button", { name: a(locale, "audit.apply") }).click();
      await expect(page).toHaveURL(/actor=moderadora/);
      // Sentences with links: the hidden post and the resolved report both link to the post, the ban to its author.
      const rows = page.locator("tbody tr");
      const byModerator = rows.filter({ has: page.locator(`a[href="/${locale}/u/${MODERATOR.username}"]`) });
      await expect(byModerator.filter({ has: page.locator(`a[href="${postLink}"]`) })).toHaveCount(2);
      await expect(byModerator.filter({ has: page.locator(`a[href="/${locale}/u/${author}"]`) }).first()).toBeVisible();
      await expect(page.locator("tbody")).not.toContainText("forum.");
      await expect(page.locator("tbody")).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);

      // Lift the ban again, so the demo member can post in later tests.
      await gotoHydrated(page, `/${locale}/admin/forum/users?q=${encodeURIComponent(author)}`);
      const unban = await openConfirm(row, a(locale, "forum.users.unban"));
      await unban.getByRole("button", { name: a(locale, "forum.users.confirmUnbanButton") }).click();
      await expect(outcome(page)).toHaveText(a(locale, "forum.users.unbanned", { name: author }));
    });

    test("an admin edits the posting limits and moves a forum up and back down", async ({ newContext }) => {
      const context = await newContext({ storageState: states.get("admin") });
      await setConsentCookie(context, false);
      const page = await context.newPage();

      await gotoHydrated(page, `/${locale}/admin/forum/settings`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a(locale, "forum.settings.title"));
      const field = page.getByLabel(a(locale, "forum.settings.limits.postIntervalSeconds.label"), { exact: true });
      await expect(field).toHaveValue("5");
      await field.fill("7");
      await page.getByRole("button", { name: a(locale, "forum.settings.limitsSave") }).click();
      await expect(page.getByText(a(locale, "forum.settings.limitsSaved"))).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(a(locale, "forum.settings.limits.postIntervalSeconds.label"), { exact: true })).toHaveValue("7");
      await page.getByLabel(a(locale, "forum.settings.limits.postIntervalSeconds.label"), { exact: true }).fill("5");
      await page.getByRole("button", { name: a(locale, "forum.settings.limitsSave") }).click();
      await expect(page.getByText(a(locale, "forum.settings.limitsSaved"))).toBeVisible();

      await gotoHydrated(page, `/${locale}/admin/forum/content`);
      const art = locale === "es" ? "Arte y sonido" : "Art and sound";
      const programming = locale === "es" ? "Programación" : "Programming";
      const development = page.getByRole("list", {
        name: a(locale, "forum.content.forumsOf", { name: locale === "es" ? "Desarrollo" : "Development" }),
      });
      const order = () => development.getByRole("heading", { level: 4 }).allInnerTexts();
      await expect.poll(order).toEqual([programming, art]);
      await page.getByRole("button", { name: a(locale, "forum.content.moveUp", { name: art }) }).click();
      await expect(outcome(page)).toHaveText(a(locale, "forum.content.moved", { name: art }));
      await expect.poll(order).toEqual([art, programming]);
      await gotoHydrated(page, `/${locale}/admin/forum/content`);
      await page.getByRole("button", { name: a(locale, "forum.content.moveDown", { name: art }) }).click();
      await expect(outcome(page)).toHaveText(a(locale, "forum.content.moved", { name: art }));
      await expect.poll(order).toEqual([programming, art]);

      await gotoHydrated(page, `/${locale}/admin/audit?action=forum.&actor=admin`);
      const rows = page.locator("tbody tr");
      await expect(
        rows.filter({ hasText: `${a(locale, "forum.settings.limits.postIntervalSeconds.label")}: 5 → 7` }).first(),
      ).toBeVisible();
      await expect(rows.filter({ hasText: a(locale, "audit.quoted", { text: art }) }).first()).toBeVisible();
    });
  });
}

/** Every new page, for the person it is for, in both languages and both themes. */
const PAGES: ["moderator" | "admin", string][] = [
  ["moderator", "/admin/forum"],
  ["moderator", "/admin/forum/moderation"],
  ["moderator", "/admin/forum/moderation?view=hidden&kind=post"],
  ["moderator", "/admin/forum/users"],
  ["admin", "/admin/forum/content"],
  ["admin", "/admin/forum/settings"],
  ["admin", "/admin/audit?action=forum."],
  ["admin", "/admin/audit"],
];

test.describe("forum admin accessibility", () => {
  // Each state is loaded once in the light theme the server renders, checked, then switched to dark the way the
  // theme menu does it and checked again with the colour rules (theme.spec.ts proves the server renders dark).
  for (const locale of LOCALES) {
    for (const [who, path] of PAGES) {
      test(`${locale}: ${who} ${path}, with its forms open, light and dark`, async ({ newContext }) => {
        const context = await newContext({ storageState: states.get(who), colorScheme: "light" });
        await setThemeCookie(context, "light");
        await setLanguageCookie(context, locale);
        await setConsentCookie(context, false);
        const page = await context.newPage();
        const res = await page.goto(`/${locale}${path}`);
        expect(res?.status(), path).toBe(200);
        await waitForQuiet(page);
        // Open every disclosure (edit forms, confirmations, the chart's table), so their contents are checked too.
        await page.evaluate(() => document.querySelectorAll("main details").forEach((d) => d.setAttribute("open", "")));
        await expectNoViolations(page, `${who} ${path} (${locale}, light)`);
        await expectNoViolationsInDark(page, `${who} ${path} (${locale}, dark)`);
      });
    }
  }
});
