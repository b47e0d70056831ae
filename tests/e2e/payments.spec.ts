import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, LOCALES, test, tr, type Locale } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * Paying for a featured game on the sandbox provider, in a real browser, in both languages: a studio
 * sends the /collaborate form with an image, lands on the sandbox's test checkout, and pays — the sandbox sends
 * its signed webhook to the site through a job, the success page confirms once it arrives, and the receipt
 * reaches the mailbox — or cancels: /payment-cancelled says nothing was charged, the submission still waits
 * for its payment, and "Pay again" opens a new checkout.
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

async function submitForm(page: Page, locale: Locale, email: string, game: string) {
  await gotoHydrated(page, `/${locale}/collaborate`);
  const field = (key: string) => page.getByLabel(tr(locale, `collaborate:form.${key}`), { exact: true });
  await field("contactName").fill("Ada Studio");
  await field("contactEmail").fill(email);
  await field("studioName").fill("Pine Studio");
  await field("youtubeUrl").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  // Leaving the field fills the game's name from the video's title; the studio then types its own, as a
  // person does once the name has appeared (typing while the title arrives would mix the two).
  await field("youtubeUrl").blur();
  await expect(field("gameName")).toHaveValue("Brisa — Official Trailer");
  await field("gameName").fill(game);
  await field("shortDescription").fill("A quiet game about a forest in winter.");
  await field("storeUrl").fill("https://store.steampowered.com/app/12345");
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await page.getByLabel(tr(locale, "collaborate:form.image")).setInputFiles({ name: "game.png", mimeType: "image/png", buffer: png });
  await page.locator('input[name="featureType"][value="homepage"]').check();
  await page.getByRole("button", { name: tr(locale, "collaborate:form.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/checkout/sandbox/[0-9a-f-]{36}$`), { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "payments:sandbox.title"));
  await expect(page.getByText(tr(locale, "payments:sandbox.badge"))).toBeVisible();
  await expect(page.getByText(game)).toBeVisible();
}

for (const locale of LOCALES) {
  test.describe(`payments on the sandbox (${locale})`, () => {
    test("pay: the webhook confirms the payment, the success page says so, the receipt arrives", async ({ page }) => {
      const email = `pay_${unique()}@example.com`;
      const game = `Lantern Road ${unique()}`;
      const since = Date.now();
      await submitForm(page, locale, email, game);
      await page.locator('button[name="intent"][value="pay"]').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/payment-success\\?payment=[0-9a-f-]{36}$`));
      // The webhook arrives through a job: the page shows it once the server has it (it asks again by itself).
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "payments:result.paid.title"), { timeout: 30_000 });
      await expect(page.getByText(tr(locale, "payments:result.next.title"))).toBeVisible();
      await expect(page.getByText(email)).toHaveCount(0);
      const receipt = await latestMailTo(email, since);
      expect(receipt.subject).toBe(tr(locale, "payments:mail.receipt.subject", { gameName: game }));
      // Back on the checkout page: nothing left to pay.
      const paymentId = new URL(page.url()).searchParams.get("payment")!;
      await page.goto(`/${locale}/checkout/sandbox/${paymentId}`);
      await expect(page.locator('button[name="intent"][value="pay"]')).toHaveCount(0);
    });

    test("cancel: nothing charged, the submission waits for its payment, Pay again opens a new checkout", async ({ page }) => {
      const email = `cancel_${unique()}@example.com`;
      await submitForm(page, locale, email, `Tidal Works ${unique()}`);
      const first = page.url();
      await page.locator('button[name="intent"][value="cancel"]').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/payment-cancelled\\?payment=[0-9a-f-]{36}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "payments:result.cancelled.title"), { timeout: 30_000 });
      await expect(page.getByText(tr(locale, "promotions:labels.submissionStatus.pending_payment"))).toBeVisible();
      // The sandbox's event arrives through a job: once it has, the payment itself reads cancelled.
      await expect(async () => {
        await gotoHydrated(page, page.url());
        await expect(page.getByText(tr(locale, "promotions:labels.paymentStatus.cancelled"), { exact: true })).toBeVisible({
          timeout: 1000,
        });
      }).toPass({ timeout: 30_000 });
      await page.getByRole("button", { name: tr(locale, "payments:result.payAgain") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/checkout/sandbox/[0-9a-f-]{36}$`));
      expect(page.url()).not.toBe(first);
      await expect(page.locator('button[name="intent"][value="pay"]')).toBeVisible();
    });
  });
}
