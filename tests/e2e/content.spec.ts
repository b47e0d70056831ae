import type { Page, Request } from "@playwright/test";
import { ADMIN, BASE_URL, expect, gotoHydrated, LOCALES, setConsentCookie, test, tr, waitForSettled, type Locale } from "./fixtures";

/**
 * Videos and the podcast in Chromium: a video page loads nothing from YouTube (neither the player nor a
 * thumbnail) until its play button is pressed, then the player takes its place; and an Admin adds a video,
 * moves it down the list and publishes it, after which visitors find it on /videos.
 */
const YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|youtu\.be)$/;
const c = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `content:${key}`, vars);
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** Every request the page makes to a YouTube host, answered by us with nothing (the browser reaches nothing outside). */
async function watchYoutube(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route(
    (url) => YOUTUBE.test(url.hostname),
    (route) => {
      seen.push(route.request());
      return route.fulfill({ status: 204, body: "" });
    },
  );
  return seen;
}

for (const locale of LOCALES) {
  test(`a video plays only after its click (${locale})`, async ({ page }) => {
    const youtube = await watchYoutube(page);
    await gotoHydrated(page, `/${locale}/videos/hollow-pines-first-look`);
    await waitForSettled(page);
    const play = page.locator('[data-track-event="video_play"]');
    await expect(play).toHaveAttribute("data-track-id", "hollow-pines-first-look");
    await expect(play.locator("img")).toHaveAttribute("src", /^\/media\//);
    expect(
      youtube.map((r) => r.url()),
      "nothing from YouTube before the click",
    ).toEqual([]);
    await play.click();
    const frame = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute(
      "title",
      c(locale, "videos.detail.frameTitle", { title: locale === "es" ? "Hollow Pines: primer vistazo" : "Hollow Pines: first look" }),
    );
    await expect.poll(() => youtube.some((r) => r.url().includes("youtube-nocookie.com/embed/dQw4w9WgXcQ"))).toBe(true);
  });
}

test("an admin adds a video, moves it down the list and publishes it; visitors then find it", async ({ newContext, playwright }) => {
  const locale: Locale = "en";
  const api = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.91.${Date.now() % 200}.7` },
  });
  const signedIn = await api.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(signedIn.status()).toBe(200);
  const context = await newContext({ storageState: await api.storageState() });
  await api.dispose();
  await setConsentCookie(context, false);
  const page = await context.newPage();
  const title = `Devlog ${unique()}`;

  await gotoHydrated(page, `/${locale}/admin/content`);
  await page.getByRole("link", { name: c(locale, "admin.content.addVideo") }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(c(locale, "admin.content.fields.titleEs")).fill(`${title} (es)`);
  await dialog.getByLabel(c(locale, "admin.content.fields.titleEn")).fill(title);
  await dialog.getByLabel(c(locale, "admin.content.fields.youtube")).fill("https://youtu.be/dQw4w9WgXcQ");
  await dialog.getByLabel("Lucía Brisa").check();
  const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/content"));
  await dialog.getByRole("button", { name: c(locale, "admin.content.create") }).click();
  await created;
  // The stub knows no thumbnail: the video is saved and the admin told so.
  await expect(page.getByText(c(locale, "admin.content.thumbnailFailed"))).toBeVisible();
  await expect(dialog).toBeHidden();

  const rows = page
    .locator("section")
    .filter({ has: page.locator("#video-heading") })
    .locator("tbody tr");
  await expect(rows.first()).toContainText(title);
  const row = rows.filter({ hasText: title });
  await expect(row).toContainText(c(locale, "admin.content.state.draft"));

  const moved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/content"));
  await row.getByRole("button", { name: c(locale, "admin.content.moveDown", { title }) }).click();
  await moved;
  await expect(rows.nth(1)).toContainText(title);

  const published = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/content"));
  await row.getByRole("button", { name: c(locale, "admin.content.publish"), exact: true }).click();
  await published;
  await expect(row).toContainText(c(locale, "admin.content.state.published"));

  await gotoHydrated(page, `/${locale}/videos`);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await context.close();
});
