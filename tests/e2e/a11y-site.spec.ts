import type { BrowserContext } from "@playwright/test";
import {
  expect,
  expectNoViolations,
  setConsentCookie,
  setLanguageCookie,
  setThemeCookie,
  test,
  waitForQuiet,
  type Locale,
} from "./fixtures";
import { localized, signInStates, SITE_PAGES, type Who } from "./site-pages";

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA) on every page of the catalogue (site-pages.ts), for the person each
 * page is for, in both languages, light and dark. The page is rendered in the light theme by the server and
 * then switched to dark the way the theme menu does it (the `dark` class on <html>), so one load checks both;
 * theme.spec.ts proves the server renders the dark theme itself. States (menus open, the cookie banner,
 * dialogs) are in a11y.spec.ts and a11y-forum.spec.ts.
 */
const LOCALES: Locale[] = ["es", "en"];
/** The rules whose answer depends on colours: the only ones the dark theme can change. */
const DARK_RULES = ["color-contrast", "link-in-text-block"];

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
let states: Map<Who, StorageState | undefined>;

test.beforeAll(async ({ playwright }) => {
  states = await signInStates(
    playwright,
    SITE_PAGES.map((p) => p.who),
    83,
  );
});

test.use({ contextOptions: { reducedMotion: "reduce" } });

for (const locale of LOCALES) {
  test.describe(locale, () => {
    for (const { who, path, status } of SITE_PAGES) {
      test(`${who} ${path}, light and dark`, async ({ newContext }) => {
        const context = await newContext({ storageState: states.get(who), reducedMotion: "reduce", colorScheme: "light" });
        await setThemeCookie(context, "light");
        await setLanguageCookie(context, locale);
        await setConsentCookie(context, false);
        const page = await context.newPage();
        const res = await page.goto(localized(locale, path));
        expect(res?.status(), path).toBe(status ?? 200);
        expect(new URL(page.url()).pathname, "not redirected").toBe(localized(locale, path).split("?")[0]);
        await waitForQuiet(page);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
        await expectNoViolations(page, `${who} ${localized(locale, path)} (light)`);

        // Colours change through CSS transitions: switch them off so contrast is measured on the final colours.
        await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
        await page.evaluate(() => {
          document.documentElement.classList.add("dark");
          document.documentElement.dataset.theme = "dark";
        });
        await expectNoViolations(page, `${who} ${localized(locale, path)} (dark)`, DARK_RULES);
      });
    }
  });
}
