import type { Page } from "@playwright/test";
import { BASE_URL, expect, gotoHydrated, LOCALES, test, tr, type Locale } from "./fixtures";

/**
 * The store page on a phone (390×844), in both languages, on the demo data: a featured game's store button and a
 * campaign's request action are inside the first screen, no page scrolls sideways, and a screenshot of the
 * gallery opens large from the keyboard (and goes back to its thumbnail when closed).
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function expectInFirstScreen(page: Page, what: string, selector: ReturnType<Page["locator"]>) {
  await expect(selector, what).toBeVisible();
  const box = (await selector.boundingBox())!;
  expect(box.y + box.height, `${what}: its bottom edge is inside the first ${PHONE.height} px`).toBeLessThanOrEqual(PHONE.height);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth, scrollX } = await page.evaluate(() => {
    window.scrollTo(500, 0);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, scrollX: window.scrollX };
  });
  expect(scrollWidth, `${what} is no wider than the screen`).toBeLessThanOrEqual(innerWidth);
  expect(scrollX, `${what} does not scroll sideways`).toBe(0);
}

/** The demo's open campaign of a game, from its card on /campaigns. */
async function campaignHref(page: Page, locale: Locale, game: string): Promise<string> {
  await page.goto(`/${locale}/campaigns`);
  const href = await page.locator(`a[href^="/${locale}/campaigns/"]`, { hasText: game }).first().getAttribute("href");
  expect(href, `the open campaign of ${game}`).toMatch(/\/campaigns\/[0-9a-f-]{36}$/);
  return href!;
}

for (const locale of LOCALES) {
  test(`store page in ${locale}: the store button in the first screen, nothing scrolls sideways, a screenshot opens large by keyboard`, async ({
    page,
  }) => {
    for (const slug of ["hollow-pines", "ember-and-tide"]) {
      await gotoHydrated(page, `/${locale}/games/${slug}`);
      await expectInFirstScreen(page, `${slug}'s store button`, page.locator('a[data-game-event="store_click"]'));
      await expectNoSidewaysScroll(page, `/games/${slug}`);
    }

    // The gallery (Ember & Tide's): the first screenshot, reached by Tab and opened with Enter.
    await page.evaluate(() => window.scrollTo(0, 0));
    const thumbs = page.locator(".gallery a");
    await expect(thumbs).toHaveCount(3);
    const first = thumbs.first();
    const thumbWidth = (await first.boundingBox())!.width;
    await first.focus();
    await expect(first).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.lightbox");
    await expect(dialog).toBeVisible();
    const large = dialog.locator("img");
    await expect(large).toHaveAttribute("src", (await first.getAttribute("href"))!);
    await expect(large).toHaveAttribute("alt", tr(locale, "featured:game.screenshotAlt", { game: "Ember & Tide", n: 1, total: 3 }));
    expect((await large.boundingBox())!.width, "the opened screenshot is larger than its thumbnail").toBeGreaterThan(thumbWidth);
    await page.keyboard.press("ArrowRight");
    await expect(large).toHaveAttribute("src", (await thumbs.nth(1).getAttribute("href"))!);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
    await expectNoSidewaysScroll(page, "/games/ember-and-tide after the gallery");
  });

  test(`campaign page in ${locale}: the sign-in-to-request action in the first screen, nothing scrolls sideways`, async ({ page }) => {
    for (const game of ["Faro de Niebla", "Huerto Lunar"]) {
      const href = await campaignHref(page, locale, game);
      await gotoHydrated(page, href);
      await expectInFirstScreen(page, `${game}'s sign-in action`, page.getByRole("link", { name: tr(locale, "campaigns:request.signIn") }));
      await expect(page.locator("main img").first()).toHaveAttribute("src", /^\/media\/demo\//);
      await expectNoSidewaysScroll(page, href);
    }
    await expectNoSidewaysScroll(page, "/campaigns");
  });
}

test("campaign page for a creator who can ask: the request button in the first screen, in both languages", async ({
  playwright,
  newContext,
}) => {
  // A demo creator who has not asked for Faro de Niebla's key yet (server/db/seed-campaigns.ts).
  const api = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.77.${Math.floor(Math.random() * 250)}.7` },
  });
  const res = await api.post("/api/auth/sign-in/email", {
    data: { email: "pixel.pete@demo.nexoindie.test", password: "demo-creator-2026" },
  });
  expect(res.status()).toBe(200);
  const context = await newContext({ storageState: await api.storageState(), viewport: PHONE });
  await api.dispose();
  const page = await context.newPage();
  for (const locale of LOCALES) {
    const href = await campaignHref(page, locale, "Faro de Niebla");
    await gotoHydrated(page, href);
    await expectInFirstScreen(page, "the request button", page.getByRole("button", { name: tr(locale, "campaigns:request.submit") }));
    await expectNoSidewaysScroll(page, href);
  }
});
