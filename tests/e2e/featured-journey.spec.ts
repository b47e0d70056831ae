import sharp from "sharp";
import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL, expect, gotoHydrated, LOCALES, test, tr, type Locale } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * The featured games' whole loop in Chromium, on the sandbox provider, in both languages: a studio sends /collaborate
 * with an image, a screenshot and a YouTube URL and pays; an Admin sees the screenshot and approves it with a
 * duration; visitors then find the game on /featured-games and at /games/{slug}, labelled "Sponsored", with the
 * screenshot in its gallery. And a paid submission the Admin rejects is
 * refunded, and the studio is told so by email. (Paying and cancelling themselves: payments.spec.ts.)
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const gamePng = (background = { r: 120, g: 60, b: 150 }) =>
  sharp({ create: { width: 960, height: 540, channels: 3, background } })
    .png()
    .toBuffer();

/** The studio's part in the browser: the form, the test checkout, the success page once the webhook landed. */
async function submitAndPay(page: Page, locale: Locale, email: string, game: string) {
  await gotoHydrated(page, `/${locale}/collaborate`);
  const field = (key: string) => page.getByLabel(tr(locale, `collaborate:form.${key}`), { exact: true });
  await field("contactName").fill("Marta Studio");
  await field("contactEmail").fill(email);
  await field("studioName").fill("Lantern Works");
  await field("youtubeUrl").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  // Leaving the field fills the game's name from the video's title; the studio then types its own, as a
  // person does once the name has appeared (typing while the title arrives would mix the two).
  await field("youtubeUrl").blur();
  await expect(field("gameName")).toHaveValue("Brisa — Official Trailer");
  await field("gameName").fill(game);
  await field("shortDescription").fill("Sail a paper boat through a flooded city of lanterns.");
  await field("storeUrl").fill("https://store.steampowered.com/app/424242");
  await page
    .getByLabel(tr(locale, "collaborate:form.image"))
    .setInputFiles({ name: "game.png", mimeType: "image/png", buffer: await gamePng() });
  await page
    .getByLabel(tr(locale, "collaborate:form.screenshots"))
    .setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: await gamePng({ r: 40, g: 140, b: 90 }) });
  await page.locator('input[name="featureType"][value="details_page"]').check();
  await page.getByRole("button", { name: tr(locale, "collaborate:form.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/checkout/sandbox/[0-9a-f-]{36}$`), { timeout: 20_000 });
  await page.locator('button[name="intent"][value="pay"]').click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/payment-success\\?payment=[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "payments:result.paid.title"), { timeout: 30_000 });
}

/** The same as an HTTP client (the rejection test needs a paid submission, not the form again). */
async function paidSubmissionByApi(api: APIRequestContext, email: string, game: string) {
  const res = await api.post("/en/collaborate", {
    maxRedirects: 0,
    multipart: {
      contactName: "Marta Studio",
      contactEmail: email,
      studioName: "Lantern Works",
      gameName: game,
      shortDescription: "A game that will not be featured.",
      storeUrl: "https://store.steampowered.com/app/434343",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      releaseStatus: "unreleased",
      featureType: "details_page",
      locale: "en",
      image: { name: "game.png", mimeType: "image/png", buffer: await gamePng() },
    },
  });
  const paymentId = /\/checkout\/sandbox\/([0-9a-f-]{36})/.exec(res.headers().location ?? "")?.[1];
  expect(paymentId, `the form leads to the checkout (${res.status()})`).toBeTruthy();
  expect((await api.post(`/en/checkout/sandbox/${paymentId}`, { form: { intent: "pay" }, maxRedirects: 0 })).status()).toBe(302);
  // The webhook arrives through a job: wait until the result page reads as paid.
  const paidTitle = tr("en", "payments:result.paid.title");
  await expect
    .poll(async () => (await (await api.get(`/en/payment-success?payment=${paymentId}`)).text()).includes(`>${paidTitle}</h1>`), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** The admin's review page for one submission, opened from the queue's row. */
async function openInQueue(page: Page, locale: Locale, game: string) {
  await gotoHydrated(page, `/${locale}/admin/featured-games?tab=queue`);
  const row = page.getByRole("row").filter({ hasText: game });
  await row.getByRole("link", { name: tr(locale, "admin-featured:queue.open") }).click();
  // On a loaded two-worker run the detail's navigation can take longer than expect's 5 s default.
  await expect(page).toHaveURL(/[?&]submission=[0-9a-f-]{36}/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: tr(locale, "admin-featured:detail.title", { game }) })).toBeVisible({ timeout: 15_000 });
}

for (const locale of LOCALES) {
  test.describe(`featured games, the whole loop (${locale})`, () => {
    test("a studio pays, an Admin approves with a duration, visitors find the game labelled Sponsored", async ({
      page,
      newContext,
      adminState,
    }) => {
      const game = `Lantern Tide ${unique()}`;
      await submitAndPay(page, locale, `studio_${unique()}@example.com`, game);

      const admin = await (await newContext({ storageState: adminState })).newPage();
      await openInQueue(admin, locale, game);
      await expect(
        admin.getByRole("img", { name: tr(locale, "admin-featured:detail.screenshotAlt", { game, n: 1, total: 1 }) }),
      ).toBeVisible();
      await admin.getByLabel(tr(locale, "admin-featured:approve.duration")).fill("10");
      await admin.getByRole("button", { name: tr(locale, "admin-featured:approve.submit"), exact: true }).click();
      await expect(admin.getByText(tr(locale, "admin-featured:approve.done", { name: game }))).toBeVisible({ timeout: 15_000 });

      const visitor = await (await newContext()).newPage();
      await gotoHydrated(visitor, `/${locale}/featured-games`);
      const card = visitor.getByRole("article").filter({ hasText: game });
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card.getByText(tr(locale, "promotions:sponsored"), { exact: true })).toBeVisible();
      await card.getByRole("link", { name: game }).first().click();
      await expect(visitor).toHaveURL(new RegExp(`/${locale}/games/lantern-tide-[a-z0-9-]+$`));
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(game);
      await expect(visitor.getByText(tr(locale, "promotions:sponsored"), { exact: true }).first()).toBeVisible();
      const gallery = visitor.getByRole("list", { name: tr(locale, "featured:game.screenshots") });
      await expect(gallery.getByRole("img", { name: tr(locale, "featured:game.screenshotAlt", { game, n: 1, total: 1 }) })).toBeVisible();
    });

    test("a paid submission the Admin rejects is refunded, and the studio is told so", async ({ newContext, adminState, playwright }) => {
      const game = `Sunken Bells ${unique()}`;
      const email = `rejected_${unique()}@example.com`;
      const api = await playwright.request.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.77.${Math.floor(Math.random() * 250)}.${locale === "es" ? 1 : 2}` },
      });
      await paidSubmissionByApi(api, email, game);
      await api.dispose();
      const since = Date.now();

      const admin = await (await newContext({ storageState: adminState })).newPage();
      await openInQueue(admin, locale, game);
      await admin.getByText(tr(locale, "admin-featured:reject.button"), { exact: true }).click();
      await admin.getByLabel(tr(locale, "admin-featured:reject.reasonLabel")).fill("The trailer does not show the game.");
      await admin.getByRole("button", { name: tr(locale, "admin-featured:reject.confirm") }).click();
      await expect(admin.getByText(tr(locale, "admin-featured:reject.doneRefunded", { name: game }))).toBeVisible({ timeout: 15_000 });
      // The detail now shows the refund.
      await expect(admin.getByText(tr(locale, "promotions:labels.refundStatus.succeeded"), { exact: true }).first()).toBeVisible();
      const mail = await latestMailTo(email, since);
      expect(mail.text).toContain("The trailer does not show the game.");
    });
  });
}
