import type { BrowserContext, Page } from "@playwright/test";
import {
  expect,
  expectNoViolations,
  expectNoViolationsInBothThemes,
  gotoHydrated,
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
 * axe-core (WCAG 2.0/2.1/2.2 A and AA) on the site's states (menus open, the cookie banner, the maintenance
 * gate), in both languages and both themes, with reduced motion so nothing is caught mid-animation. Every
 * page in its plain state is checked by page-sweep.spec.ts.
 */
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];
const LOCALES = ["es", "en"] as const;

const localized = (locale: Locale, path: string) => (path === "/" ? `/${locale}/` : `/${locale}${path}`);

async function prepare(context: BrowserContext, page: Page, opts: { theme: Theme; locale: Locale; consent: boolean }) {
  await page.emulateMedia({ colorScheme: opts.theme });
  await setThemeCookie(context, opts.theme);
  await setLanguageCookie(context, opts.locale);
  if (opts.consent) await setConsentCookie(context, false);
}

async function expectTheme(page: Page, theme: Theme) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(dark, `rendered in the ${theme} theme`).toBe(theme === "dark");
}

for (const locale of LOCALES) {
  test.describe(`${locale}, light and dark`, () => {
    test("unprefixed 404 page", async ({ page, context }) => {
      await prepare(context, page, { theme: "light", locale, consent: true });
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await waitForQuiet(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "errors.notFoundTitle"));
      await expectNoViolationsInBothThemes(page, `/no-such-page (${locale})`);
    });

    test("cookie banner open", async ({ page, context }) => {
      await prepare(context, page, { theme: "light", locale, consent: false });
      await gotoHydrated(page, localized(locale, "/"));
      await expectTheme(page, "light");
      await expect(page.getByRole("region", { name: tr(locale, "consent.title") })).toBeVisible();
      await expectNoViolationsInBothThemes(page, `home with the cookie banner (${locale})`);
    });

    test("cookie banner customize", async ({ page, context }) => {
      await prepare(context, page, { theme: "light", locale, consent: false });
      await gotoHydrated(page, localized(locale, "/about"));
      const banner = page.getByRole("region", { name: tr(locale, "consent.title") });
      await banner.getByRole("link", { name: tr(locale, "consent.customize") }).click();
      await expect(banner.getByRole("switch", { name: tr(locale, "consent.analytics") })).toBeVisible();
      await expectNoViolationsInBothThemes(page, `customize banner (${locale})`);
      // And with analytics switched on.
      await banner.getByRole("switch", { name: tr(locale, "consent.analytics") }).check();
      await expectNoViolationsInBothThemes(page, `customize banner, analytics on (${locale})`);
    });

    test("cookie banner dismissed, with the success toast", async ({ page, context }) => {
      await prepare(context, page, { theme: "light", locale, consent: false });
      await gotoHydrated(page, localized(locale, "/"));
      await page
        .getByRole("region", { name: tr(locale, "consent.title") })
        .getByRole("button", { name: tr(locale, "consent.acceptAll") })
        .click();
      await expect(page.getByRole("region", { name: tr(locale, "consent.title") })).toHaveCount(0);
      await expectNoViolationsInBothThemes(page, `home after accepting cookies (${locale})`);
      // Reopened from the footer and saved: the success toast is on screen.
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: tr(locale, "footer.cookiePreferences") })
        .click();
      await page.getByRole("button", { name: tr(locale, "consent.save") }).click();
      await page.mouse.move(1, 1);
      await expect(toasts(page, locale)).toBeVisible();
      await expectNoViolationsInBothThemes(page, `success toast (${locale})`);
    });

    test("mobile menu open", async ({ page, context }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await prepare(context, page, { theme: "light", locale, consent: true });
      await gotoHydrated(page, localized(locale, "/about"));
      await page.locator(`summary[aria-label="${tr(locale, "nav.openMenu")}"]`).click();
      await expect(page.getByRole("navigation", { name: tr(locale, "nav.menu") })).toBeVisible();
      await expectNoViolationsInBothThemes(page, `open mobile menu (${locale})`);
    });

    test("theme and view menus open", async ({ page, context }) => {
      await prepare(context, page, { theme: "light", locale, consent: true });
      await gotoHydrated(page, localized(locale, "/"));
      await page.locator(`summary[aria-label^="${tr(locale, "theme.label")}: "]`).click();
      await expect(page.getByRole("button", { name: tr(locale, "theme.system") })).toBeVisible();
      await expectNoViolationsInBothThemes(page, `open theme menu (${locale})`);
    });
  });
}

test.describe("maintenance gate", () => {
  const password = `A11y-${Date.now().toString(36)}`;
  for (const theme of THEMES) {
    for (const locale of LOCALES) {
      test(`gate (${locale}, ${theme} cookie)`, async ({ page, context, site }) => {
        await site.enableMaintenance(password);
        await prepare(context, page, { theme, locale, consent: true });
        const res = await page.goto(localized(locale, "/"));
        expect(res?.status()).toBe(503);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "maintenance.title"));
        await expectNoViolations(page, `maintenance gate (${locale}, ${theme})`);
      });

      test(`gate with the error toast (${locale}, ${theme} cookie)`, async ({ page, context, site }) => {
        await site.enableMaintenance(password);
        await prepare(context, page, { theme, locale, consent: true });
        await page.goto(localized(locale, "/about"));
        const field = page.getByLabel(tr(locale, "maintenance.password"));
        if (theme === "dark") {
          // A real wrong password (two attempts in this file; unlocking is limited to 5 a minute).
          await field.fill("wrong-password");
        } else {
          // An empty password gives the same toast without counting as an attempt.
          await field.evaluate((el) => el.removeAttribute("required"));
        }
        await page.getByRole("button", { name: tr(locale, "maintenance.submit") }).click();
        const alert = page.getByRole("alert");
        await expect(alert).toContainText(tr(locale, "maintenance.errorTitle"));
        await expect(alert).toContainText(tr(locale, theme === "dark" ? "maintenance.wrongPassword" : "maintenance.passwordRequired"));
        await expectNoViolations(page, `maintenance gate with the error toast (${locale}, ${theme})`);
      });
    }
  }
});

/**
 * WCAG 2.2 SC 2.4.11 Focus Not Obscured (Minimum), which axe cannot check: while the cookie banner is open,
 * tabbing through the page must never put the focus on an element the banner (or the fixed header) hides
 * completely.
 */
for (const locale of LOCALES) {
  test(`keyboard focus is never entirely hidden while the cookie banner is open (${locale})`, async ({ page, context }) => {
    await prepare(context, page, { theme: "dark", locale, consent: false });
    await gotoHydrated(page, localized(locale, "/about"));
    await expect(page.getByRole("region", { name: tr(locale, "consent.title") })).toBeVisible();
    const hidden: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const r = el.getBoundingClientRect();
        const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" ${el.getAttribute("href") ?? ""}`;
        let visiblePoints = 0;
        for (const fx of [0.1, 0.5, 0.9]) {
          for (const fy of [0.1, 0.5, 0.9]) {
            const x = r.left + r.width * fx;
            const y = r.top + r.height * fy;
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
            const hit = document.elementFromPoint(x, y);
            if (hit && (hit === el || el.contains(hit))) visiblePoints++;
          }
        }
        return { name, visiblePoints };
      });
      if (!info) continue;
      if (seen.has(info.name)) break; // wrapped around
      seen.add(info.name);
      if (info.visiblePoints === 0) hidden.push(info.name);
    }
    expect(seen.size, "tabbed through the page").toBeGreaterThan(15);
    expect(hidden, `focused but entirely hidden (by the cookie banner or the fixed header):\n${hidden.join("\n")}`).toEqual([]);
  });
}
