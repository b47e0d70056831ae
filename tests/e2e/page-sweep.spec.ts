import type { BrowserContext } from "@playwright/test";
import { consentValue, cookie, expect, expectNoViolations, expectNoViolationsInDark, test, waitForQuiet, type Locale } from "./fixtures";
import { checkWidths, WIDTHS } from "./layout-check";
import { localized, signInStates, SITE_PAGES, type Who } from "./site-pages";

/**
 * Every page of the catalogue (site-pages.ts), for the person each page is for, in both languages, in one
 * load: it must fit every common width (layout-check.ts: no sideways scrolling, nothing focusable off screen,
 * tap targets of 24×24 px) and pass axe (WCAG 2.0/2.1/2.2 A and AA) in the light theme and the dark one.
 *
 * The page is loaded at 320 px in the light theme the server renders, checked at each width up to 1024 px,
 * then at 1280 px axe runs in light, the page switches to dark the way the theme menu does it (the `dark`
 * class on <html>, transitions off so contrast is measured on the final colours) and axe runs the colour
 * rules again, and the widths above 1280 px are checked in dark. theme.spec.ts proves the server renders the
 * dark theme itself. States (menus open, the cookie banner, dialogs) are in a11y.spec.ts and a11y-forum.spec.ts.
 */
const LOCALES: Locale[] = ["es", "en"];
const AXE_WIDTH = 1280;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
let states: Map<Who, StorageState | undefined>;

test.beforeAll(async ({ playwright }) => {
  states = await signInStates(
    playwright,
    SITE_PAGES.map((p) => p.who),
    83,
  );
});

for (const locale of LOCALES) {
  test.describe(locale, () => {
    for (const { who, path, status } of SITE_PAGES) {
      test(`${who} ${path}: fits 320–1920 px, axe light and dark`, async ({ sharedPage }) => {
        // One context per person and language in each worker, as a person browsing page after page.
        const page = await sharedPage(`page-sweep ${who} ${locale}`, {
          storageState: states.get(who),
          colorScheme: "light",
        });
        // The light theme, the language, and analytics refused (so no cookie banner), set again for each page.
        await page.context().addCookies([cookie("theme", "light"), cookie("lng", locale), cookie("cookie_consent", consentValue(false))]);
        await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
        const url = localized(locale, path);
        const label = `${who} ${url}`;
        const res = await page.goto(url);
        expect(res?.status(), path).toBe(status ?? 200);
        expect(new URL(page.url()).pathname, "not redirected").toBe(url.split("?")[0]);
        await waitForQuiet(page);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

        await checkWidths(
          page,
          label,
          WIDTHS.filter((w) => w < AXE_WIDTH),
        );
        await page.setViewportSize({ width: AXE_WIDTH, height: 900 });
        await expectNoViolations(page, `${label} (light)`);
        await expectNoViolationsInDark(page, `${label} (dark)`);
        await checkWidths(
          page,
          label,
          WIDTHS.filter((w) => w >= AXE_WIDTH),
        );
      });
    }
  });
}
