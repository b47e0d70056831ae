import type { Page } from "@playwright/test";
import {
  BASE_URL,
  expect,
  getCookie,
  gotoHydrated,
  htmlTag,
  waitForHydration,
  rawGet,
  setConsentCookie,
  test,
  tr,
  type Locale,
} from "./fixtures";

const DARK_BG = "rgb(11, 15, 30)"; // --background in .dark
const LIGHT_BG = "rgb(246, 247, 251)"; // --background in :root

const html = (page: Page) => page.locator("html");
const bodyBg = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const themeSummary = (page: Page, locale: Locale = "en") => page.locator(`summary[aria-label^="${tr(locale, "theme.label")}: "]`);

async function choose(page: Page, option: "light" | "dark" | "system", locale: Locale = "en") {
  await themeSummary(page, locale).click();
  const saved = page.waitForResponse((r) => r.url() === `${BASE_URL}/api/v1/site/theme` && r.request().method() === "POST");
  await page.getByRole("button", { name: tr(locale, `theme.${option}`), exact: true }).click();
  const res = await saved;
  expect(res.status()).toBe(200);
}

test.beforeEach(async ({ context }) => {
  await setConsentCookie(context, false);
});

test("dark is the default, rendered by the server", async ({ page, playwright }) => {
  const res = await rawGet(playwright, "/en/");
  expect(htmlTag(res.text)).toMatch(/class="dark"/);
  expect(htmlTag(res.text)).toMatch(/data-theme="dark"/);

  await gotoHydrated(page, "/en/");
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  expect(await bodyBg(page)).toBe(DARK_BG);
  await expect(themeSummary(page)).toHaveAttribute("aria-label", "Theme: Dark");
  await themeSummary(page).click();
  await expect(page.getByRole("button", { name: "Dark", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Light", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "System", exact: true })).toHaveAttribute("aria-pressed", "false");
});

test("choosing Light applies at once, is kept in the cookie and local storage, and the server renders it", async ({ page, context }) => {
  await gotoHydrated(page, "/en/about");
  await choose(page, "light");

  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expect.poll(() => bodyBg(page)).toBe(LIGHT_BG);
  await expect(themeSummary(page)).toHaveAttribute("aria-label", "Theme: Light");
  await expect(page.locator("details", { has: themeSummary(page) })).toHaveJSProperty("open", false);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

  const c = await getCookie(context, "theme");
  expect(c?.value).toBe("light");
  const days = (c!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366.1);

  // The server renders the choice (no flash of the dark theme on the next load).
  const res = await context.request.get("/en/about");
  const tag = htmlTag(await res.text());
  expect(tag).toContain('data-theme="light"');
  expect(tag).not.toMatch(/class="[^"]*\bdark\b/);

  await page.reload();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await themeSummary(page).click();
  await expect(page.getByRole("button", { name: "Light", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Dark", exact: true })).toHaveAttribute("aria-pressed", "false");

  // And back to dark.
  await themeSummary(page).click(); // close it again
  await choose(page, "dark");
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  expect((await getCookie(context, "theme"))?.value).toBe("dark");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
});

test("the switcher is translated (es)", async ({ page }) => {
  await gotoHydrated(page, "/es/");
  await expect(themeSummary(page, "es")).toHaveAttribute("aria-label", "Tema: Oscuro");
  await choose(page, "light", "es");
  await expect(themeSummary(page, "es")).toHaveAttribute("aria-label", "Tema: Claro");
  await expect(html(page)).toHaveAttribute("data-theme", "light");
});

test("System follows the operating system's colour scheme, live and on reload", async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await gotoHydrated(page, "/en/connect");
  await choose(page, "system");
  await expect(html(page)).toHaveAttribute("data-theme", "system");
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect((await getCookie(context, "theme"))?.value).toBe("system");

  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

  // On a new load the server cannot know the scheme; the inline script decides before the first paint.
  const tag = htmlTag(await (await context.request.get("/en/connect")).text());
  expect(tag).toContain('data-theme="system"');
  expect(tag).not.toMatch(/class="[^"]*\bdark\b/);

  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await bodyBg(page)).toBe(DARK_BG);
  await waitForHydration(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await bodyBg(page)).toBe(LIGHT_BG);
});

test("a theme kept only in local storage is applied before paint and copied into the cookie", async ({ page, context }) => {
  await gotoHydrated(page, "/en/");
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await context.clearCookies({ name: "theme" });
  await page.reload();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect((await getCookie(context, "theme"))?.value).toBe("light");
});

test("the theme form works without JavaScript", async ({ newContext }) => {
  const ctx = await newContext({ javaScriptEnabled: false });
  await setConsentCookie(ctx, false);
  const page = await ctx.newPage();
  await page.goto("/en/about");
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await themeSummary(page).click();
  await page.getByRole("button", { name: "Light", exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/en/about`);
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect((await getCookie(ctx, "theme"))?.value).toBe("light");
});
