import type { BrowserContext, Locator, Page } from "@playwright/test";
import {
  BASE_URL,
  expect,
  expectNoViolationsInBothThemes,
  gotoHydrated,
  LOCALES,
  setConsentCookie,
  setLanguageCookie,
  setThemeCookie,
  test,
  tr,
  type Locale,
} from "./fixtures";

/**
 * One's own progress (the account's progress tab) and the public profile's level and achievements in
 * Chromium, for a demo creator whose XP the demo forum gave: both languages, both themes, axe, and the page
 * reachable and usable from the keyboard.
 */
const CREATOR = { email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026", username: "lucia_juega" };

let creatorState: Awaited<ReturnType<BrowserContext["storageState"]>>;
test.beforeAll(async ({ playwright }) => {
  // One API sign-in per worker (sign-in is rate limited), from its own client address.
  const ctx = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": "10.91.0.1" },
  });
  const res = await ctx.post("/api/auth/sign-in/email", { data: { email: CREATOR.email, password: CREATOR.password } });
  expect(res.status(), await res.text()).toBe(200);
  creatorState = await ctx.storageState();
  await ctx.dispose();
});

async function creatorPage(newContext: (o?: object) => Promise<BrowserContext>, locale: Locale, theme: "light" | "dark"): Promise<Page> {
  const context = await newContext({ storageState: creatorState, colorScheme: theme });
  await setThemeCookie(context, theme);
  await setLanguageCookie(context, locale);
  await setConsentCookie(context, false);
  return context.newPage();
}

/** Presses Tab until `target` has the focus (it must be reachable in tab order). */
async function tabTo(page: Page, target: Locator, max = 250) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error("not reachable with the Tab key");
}

for (const locale of LOCALES) {
  test.describe(`progress in ${locale}`, () => {
    test("visitors are sent to sign in with the tab's address", async ({ page }) => {
      await page.goto(`/${locale}/account/progress`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/login\\?redirectTo=${encodeURIComponent("/account/progress")}$`));
    });

    test("the progress tab and the public profile pass axe, light and dark", async ({ newContext, site }) => {
      await site.setFlag("forum_enabled", true);
      const page = await creatorPage(newContext, locale, "light");

      await gotoHydrated(page, `/${locale}/account/progress`);
      await expect(page.getByRole("link", { name: tr(locale, "account:tabs.progress") })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 2, name: tr(locale, "progress:level.heading"), exact: true })).toBeVisible();
      await expect(page.getByRole("progressbar", { name: tr(locale, "progress:level.progressLabel") })).toBeVisible();
      // The level's name carries its rank within a title several levels share ("Newcomer II"): the next
      // level, named in the progress line, never reads the same as this one.
      const title = (await page.locator("#level-heading + p").innerText()).split(" · ")[1]!;
      expect(title).toMatch(/ [IVXLC]+$/);
      const next = (await page.locator('section[aria-labelledby="level-heading"]').innerText()).match(/\(([^)]+)\)\./)?.[1];
      expect(next).toBeTruthy();
      expect(next).not.toBe(title);
      await expect(page.getByRole("heading", { level: 2, name: tr(locale, "progress:achievements.heading"), exact: true })).toBeVisible();
      // Locked and unlocked achievements alike, rarity written out.
      await expect(page.getByText(tr(locale, "badges:locked"), { exact: true }).first()).toBeVisible();
      await expect(page.getByText(tr(locale, "badges:rarity.Legendary"), { exact: true }).first()).toBeVisible();
      const history = page.getByRole("region", { name: tr(locale, "progress:history.heading") });
      await expect(history.getByRole("heading", { level: 2 })).toBeVisible();
      await expect(history.getByRole("table")).toBeVisible();
      await expectNoViolationsInBothThemes(page, `progress tab (${locale})`);

      await gotoHydrated(page, `/${locale}/u/${CREATOR.username}`);
      const section = page.getByRole("region", { name: tr(locale, "progress:profile.heading") });
      await expect(section).toBeVisible();
      await expect(section.getByText(tr(locale, "badges:locked"), { exact: true })).toHaveCount(0);
      await expectNoViolationsInBothThemes(page, `public profile (${locale})`);
      await page.context().close();
    });

    test("the tab is reached and used with the keyboard", async ({ newContext, site }) => {
      await site.setFlag("forum_enabled", true);
      const page = await creatorPage(newContext, locale, "dark");
      await gotoHydrated(page, `/${locale}/account`);
      const tab = page.getByRole("link", { name: tr(locale, "account:tabs.progress") });
      await tabTo(page, tab);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/progress$`));
      await expect(page.getByRole("heading", { level: 2, name: tr(locale, "progress:level.heading"), exact: true })).toBeVisible();

      // "See your XP history" jumps to the history; its links (sources, pages) come next in tab order.
      const toHistory = page.getByRole("link", { name: tr(locale, "progress:level.historyLink") });
      await tabTo(page, toHistory);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#xp-history$/);
      const historyLink = page.locator("#xp-history a").first();
      await tabTo(page, historyLink);
      await expect(historyLink).toBeFocused();
      await page.context().close();
    });
  });
}
