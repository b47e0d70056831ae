import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { BASE_URL, expect, gotoHydrated, setConsentCookie, test } from "./fixtures";

/**
 * The site section of /admin/analytics on the demo's 90 days of page views (server/db/seed-analytics.ts): a
 * chart for each window, the tables, and a table downloaded as CSV and as Excel with the same rows. Then the
 * page-wide `data-track-event` clicks (app/lib/track-clicks.ts) sent through the analytics consent rules.
 */
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
test.use({ userAgent: DESKTOP_UA });

/** A CSV of the site's writer: quoted text cells with doubled quotes, bare numbers, CRLF, a BOM first. */
function parseCsv(text: string): (string | number)[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : Number(m[2]))),
    );
}

async function downloadOf(page: Page, name: string) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name, exact: true }).click();
  return download;
}

test("the site section shows a chart for 7, 30 and 90 days, and a table downloads as CSV and Excel alike", async ({
  newContext,
  adminState,
}) => {
  const context = await newContext({ storageState: adminState });
  const page = await context.newPage();
  await gotoHydrated(page, "/en/admin/analytics?window=7");
  const site = page.locator("[data-section=site]");
  for (const [link, days] of [
    [null, 7],
    ["Last 30 days", 30],
    ["Last 90 days", 90],
  ] as const) {
    if (link) {
      await page.getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`window=${days}`));
    }
    await expect(site.locator(`figure[data-chart-ready] canvas`)).toBeVisible();
    // The chart's text alternative: one row per day of the window.
    await expect(
      site.getByRole("table", { name: /^Page views and unique visitors per day/, includeHidden: true }).locator("tbody tr"),
    ).toHaveCount(days);
    await expect(site.getByRole("table", { name: "Top pages" }).locator("tbody tr").first()).toContainText("/es/");
    await expect(site.locator("[data-site-total=views]")).not.toHaveText("0");
  }

  const csv = await downloadOf(page, "Top pages: CSV");
  expect(csv.suggestedFilename()).toMatch(/^site-analytics-pages-.*\.csv$/);
  const rows = parseCsv(await readFile((await csv.path())!, "utf8"));
  expect(rows[0]).toEqual(["Page", "Page views"]);
  expect(rows.length).toBeGreaterThan(10);

  const xlsx = await downloadOf(page, "Top pages: Excel");
  expect(xlsx.suggestedFilename()).toMatch(/^site-analytics-pages-.*\.xlsx$/);
  const book = new ExcelJS.Workbook();
  const bytes = await readFile((await xlsx.path())!);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.getWorksheet("Pages")!;
  const sheetRows: (string | number)[][] = [];
  sheet.eachRow((row) => sheetRows.push((row.values as (string | number)[]).slice(1)));
  expect(sheetRows).toEqual(rows);
});

test("a click on an element with data-track-event is counted with its id and detail, with consent only", async ({
  page,
  context,
  site,
}) => {
  await site.setFlag("analytics_enabled", true);
  await setConsentCookie(context, true);
  const sent: { body: Record<string, unknown>; status: Promise<number | undefined> }[] = [];
  page.on("request", (req) => {
    if (req.url() !== `${BASE_URL}/api/v1/analytics/event`) return;
    sent.push({ body: req.postDataJSON() as Record<string, unknown>, status: req.response().then((r) => r?.status()) });
  });
  await gotoHydrated(page, "/en/about");
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "beforeend",
      '<button type="button" data-track-event="video_play" data-track-id="intro-video" data-track-detail="trailer"><span>Play</span></button>' +
        '<button type="button" data-track-event="not_listed">Other</button>',
    );
  });
  const answered = page.waitForResponse((r) => r.url() === `${BASE_URL}/api/v1/analytics/event`);
  await page.getByRole("button", { name: "Play" }).click();
  expect((await answered).status()).toBe(201);
  await page.getByRole("button", { name: "Other" }).click();
  expect(sent.map((s) => s.body)).toEqual([
    expect.objectContaining({ eventType: "video_play", elementId: "intro-video", metadata: { detail: "trailer" }, pagePath: "/en/about" }),
  ]);
});
