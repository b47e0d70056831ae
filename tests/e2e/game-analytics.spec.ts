import type { Page, Request } from "@playwright/test";
import { BASE_URL, expect, gotoHydrated, setConsentCookie, test, waitForSettled } from "./fixtures";

/**
 * A featured game's page counts a view and the clicks on its store link and trailer, with
 * the site's analytics consent rules; the admin analytics page draws its chart with uPlot, loaded only there.
 * The demo's /games/hollow-pines (server/db/seed-promotions.ts).
 */
const EVENT = `${BASE_URL}/api/v1/analytics/event`;
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
test.use({ userAgent: DESKTOP_UA });

function recordEvents(page: Page) {
  const sent: { type: string; gameId: string; status: Promise<number | undefined> }[] = [];
  page.context().on("request", (req: Request) => {
    if (req.url() !== EVENT) return;
    const body = req.postDataJSON() as { eventType: string; gameId: string };
    sent.push({ type: body.eventType, gameId: body.gameId, status: req.response().then((r) => r?.status()) });
  });
  return sent;
}

test.describe("game analytics", () => {
  test.beforeEach(async ({ site, context }) => {
    await site.setFlag("analytics_enabled", true);
    // The store and YouTube are not reached from the tests.
    await context.route(/store\.steampowered\.com|youtube(-nocookie)?\.com|ytimg\.com/, (r) =>
      r.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>stub</title>" }),
    );
  });

  test("with consent, a game page counts a view, a trailer play and a store click that opens the store", async ({ page, context }) => {
    await setConsentCookie(context, true);
    const sent = recordEvents(page);
    await gotoHydrated(page, "/en/games/hollow-pines");
    const gameId = await page.locator("main [data-game-id]").first().getAttribute("data-game-id");
    await expect.poll(() => sent.map((s) => s.type)).toEqual(["game_view"]);
    await page.locator('[data-game-event="trailer_click"]').first().click();
    await expect.poll(() => sent.map((s) => s.type)).toEqual(["game_view", "trailer_click"]);
    const popup = page.waitForEvent("popup");
    await page.locator('[data-game-event="store_click"]').first().click();
    await (await popup).close();
    await expect.poll(() => sent.map((s) => s.type)).toEqual(["game_view", "trailer_click", "store_click"]);
    for (const s of sent) {
      expect(s.gameId).toBe(gameId);
      expect(await s.status).toBe(201);
    }
  });

  test("without consent nothing is sent", async ({ page }) => {
    const sent = recordEvents(page);
    await gotoHydrated(page, "/en/games/hollow-pines");
    await page.locator('[data-game-event="trailer_click"]').first().click();
    // An event would be a fetch sent from the click's handler: none is in flight or sent once the page settles.
    await waitForSettled(page);
    expect(sent).toHaveLength(0);
  });

  test("a list of featured games counts no game view", async ({ page, context }) => {
    await setConsentCookie(context, true);
    const sent = recordEvents(page);
    await gotoHydrated(page, "/en/featured-games");
    expect(sent).toHaveLength(0);
  });
});

test("the admin analytics chart loads uPlot on that page only", async ({ newContext, adminState }) => {
  const context = await newContext({ storageState: adminState });
  const page = await context.newPage();
  const uplot: string[] = [];
  page.on("request", (r) => {
    if (/uPlot/i.test(r.url())) uplot.push(r.url());
  });
  await gotoHydrated(page, "/en/admin");
  expect(uplot).toEqual([]);
  await gotoHydrated(page, "/en/admin/analytics?window=30");
  await expect(page.locator("[data-section=featured] figure[data-chart-ready] canvas")).toBeVisible();
  expect(uplot.some((u) => u.endsWith(".css"))).toBe(true);
  await expect(page.getByRole("table", { name: /featured games/ })).toBeVisible();
  // The window switch is a link.
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/window=7/);
  await expect(page.locator("[data-section=featured] figure[data-chart-ready] canvas")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Excel" }).click();
  expect((await download).suggestedFilename()).toMatch(/^featured-games-analytics-.*\.xlsx$/);
});
