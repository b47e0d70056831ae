import { expect, expectNoViolations, gotoHydrated, setConsentCookie, setThemeCookie, test, tr, type Locale } from "./fixtures";

/**
 * Search in Chromium: a search typed in the header finds the demo forum's threads and posts, accents
 * and stemming included, shows the matches marked, keeps the query in the box, and a result leads to its post.
 * The header box shows on wide screens, so the window is wide.
 */
test.use({ viewport: { width: 1800, height: 1000 } });

const CASES: Array<{ locale: Locale; typed: string; marked: string; thread: string; path: RegExp }> = [
  // No accent typed; the demo thread is "Cámara con píxeles perfectos sin temblores".
  {
    locale: "es",
    typed: "camara",
    marked: "Cámara",
    thread: "Cámara con píxeles perfectos sin temblores",
    path: /\/es\/community\/programacion\/camara-con-pixeles-perfectos-sin-temblores#post-1$/,
  },
  // A plural typed; the demo thread is "Lighthouse sprite: before and after".
  {
    locale: "en",
    typed: "lighthouses",
    marked: "Lighthouse",
    thread: "Lighthouse sprite: before and after",
    path: /\/en\/community\/arte-y-sonido\/lighthouse-sprite-before-and-after#post-1$/,
  },
];

for (const c of CASES) {
  test(`search from the header in ${c.locale}: marked results, the query kept, a result opens its post`, async ({
    page,
    context,
    site,
  }) => {
    await site.setFlag("forum_enabled", true);
    await setConsentCookie(context, false);
    await gotoHydrated(page, `/${c.locale}/`);
    const box = page.locator("#header-search");
    await expect(box).toHaveAccessibleName(tr(c.locale, "search.label"));
    await box.fill(c.typed);
    await box.press("Enter");

    await expect(page).toHaveURL(new RegExp(`/${c.locale}/search\\?q=${c.typed}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(c.locale, "site:search.resultsFor", { q: c.typed }));
    await expect(page.locator("#header-search")).toHaveValue(c.typed);
    await expect(page.locator("#search-page-q")).toHaveValue(c.typed);
    const threads = page.getByRole("region", { name: tr(c.locale, "site:search.sections.threads") });
    const posts = page.getByRole("region", { name: tr(c.locale, "site:search.sections.posts") });
    await expect(threads.getByRole("link", { name: c.thread, exact: true })).toBeVisible();
    await expect(threads.locator("mark").first()).toHaveText(c.marked);
    await expect(posts.locator("mark").first()).toBeVisible();

    for (const theme of ["light", "dark"] as const) {
      await setThemeCookie(context, theme);
      await page.emulateMedia({ colorScheme: theme });
      await gotoHydrated(page, page.url());
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      await expectNoViolations(page, `search results (${c.locale}, ${theme})`);
    }

    // One section, then the post's deep link to its anchor on the thread page.
    const tabs = page.getByRole("navigation", { name: tr(c.locale, "site:search.sectionsLabel") });
    await tabs.getByRole("link", { name: new RegExp(`^${tr(c.locale, "site:search.sections.posts")} \\(\\d+\\)$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/${c.locale}/search\\?q=${c.typed}&type=posts$`));
    await expect(tabs.getByRole("link", { name: new RegExp(`^${tr(c.locale, "site:search.sections.posts")}`) })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("link", { name: tr(c.locale, "site:search.postLink", { title: c.thread, number: 1 }) }).click();
    await expect(page).toHaveURL(c.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.thread);
    await expect(page.locator("#post-1")).toBeVisible();
  });
}

test("too short and no-result searches say so, accessibly, in both languages", async ({ page, context, site }) => {
  await site.setFlag("forum_enabled", true);
  await setConsentCookie(context, false);
  for (const locale of ["es", "en"] as const) {
    await gotoHydrated(page, `/${locale}/search?q=a`);
    await expect(page.locator("#search-error")).toHaveText(tr(locale, "site:search.tooShort"));
    await expect(page.locator("#search-page-q")).toHaveAttribute("aria-describedby", "search-error");
    await expect(page.locator("#search-page-q")).toHaveValue("a");
    await page.locator("#search-page-q").fill("zzyzx qwv");
    await page.locator("#search-page-q").press("Enter");
    await expect(page.getByText(tr(locale, "site:search.noResults", { q: "zzyzx qwv" }))).toBeVisible();
    await expectNoViolations(page, `search without results (${locale})`);
  }
});
