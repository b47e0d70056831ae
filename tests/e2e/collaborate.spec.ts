import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoViolations, gotoHydrated, LOCALES, setConsentCookie, setThemeCookie, test, tr, type Locale } from "./fixtures";

/**
 * In Chromium, both languages: an Admin creates a promo code on /admin/promo-codes; on
 * /collaborate a studio sees the offer priced in its language, pastes a YouTube link (the e2e server's local
 * oEmbed stub) that fills the game's name and thumbnail, picks an image that the browser compresses to a WEBP of
 * at most 1600 px before upload (a broken one says 'Failed to compress image.'), checks a wrong and then the right
 * code live, sends, and lands on the sandbox checkout with the discounted amount.
 */
const c = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `collaborate:${key}`, vars);
const p = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `promotions:${key}`, vars);
const money = (minor: number, locale: Locale) =>
  new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-GB", { style: "currency", currency: "EUR" }).format(minor / 100);
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** YouTube's thumbnails are not fetched from the internet in tests: a tiny JPEG answers for i.ytimg.com. */
async function stubThumbnails(page: Page) {
  const jpeg = await sharp({ create: { width: 48, height: 27, channels: 3, background: "#cc3333" } })
    .jpeg()
    .toBuffer();
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 200, contentType: "image/jpeg", body: jpeg }));
}

for (const locale of LOCALES) {
  test(`collaborate in ${locale}: offer, YouTube auto-fill, image compression, live promo check, checkout`, async ({
    page,
    newContext,
    adminState,
  }) => {
    test.setTimeout(120_000);
    const code = `E2E${unique()}`;

    // 1. An Admin creates a 20% code on the promo codes tab.
    const admin = await (await newContext({ storageState: adminState })).newPage();
    await gotoHydrated(admin, `/${locale}/admin/promo-codes`);
    await admin.getByText(tr(locale, "admin-promo-codes:create"), { exact: true }).click();
    await admin.getByLabel(tr(locale, "admin-promo-codes:form.code"), { exact: true }).fill(code.toLowerCase());
    await admin.getByLabel(tr(locale, "admin-promo-codes:form.discountValue"), { exact: true }).fill("20");
    await admin.getByRole("button", { name: tr(locale, "admin-promo-codes:createSubmit") }).click();
    await expect(admin.getByText(tr(locale, "admin-promo-codes:created", { code }))).toBeVisible();
    await expect(admin.getByRole("cell", { name: code, exact: true })).toBeVisible();

    // 2. The offer, priced for the page's language.
    await stubThumbnails(page);
    await gotoHydrated(page, `/${locale}/collaborate`);
    await expect(page.getByRole("heading", { level: 1, name: c(locale, "title") })).toBeVisible();
    await expect(page.getByTestId("price-homepage")).toHaveText(money(4900, locale));
    await expect(page.getByTestId("price-details_page")).toHaveText(money(2900, locale));

    // 3. The form: contact, then a YouTube link fills the game's name and shows its thumbnail.
    await page.getByLabel(c(locale, "form.contactName"), { exact: true }).fill("Ana Pérez");
    await page.getByLabel(c(locale, "form.contactEmail"), { exact: true }).fill(`ana-${code.toLowerCase()}@brisa.example`);
    await page.getByLabel(c(locale, "form.studioName"), { exact: true }).fill("Brisa Studio");
    const youtube = page.getByLabel(c(locale, "form.youtubeUrl"), { exact: true });
    await youtube.fill("https://example.com/not-youtube");
    await page.getByRole("button", { name: c(locale, "form.autofill") }).click();
    await expect(page.getByText(tr(locale, "errors:promotions.youtube_required"))).toBeVisible();
    await youtube.fill("https://youtu.be/E2EthumbNl0");
    await page.getByRole("button", { name: c(locale, "form.autofill") }).click();
    await expect(page.getByLabel(c(locale, "form.gameName"), { exact: true })).toHaveValue("Brisa — Gameplay");
    await expect(page.getByTestId("youtube-thumbnail")).toBeVisible();
    await page.getByLabel(c(locale, "form.gameName"), { exact: true }).fill("Brisa");
    const description = page.getByLabel(c(locale, "form.shortDescription"), { exact: true });
    await description.fill("A calm game about wind.");
    await expect(page.getByText(c(locale, "form.counter_other", { count: 23, max: 280 }))).toBeVisible();
    await page.getByLabel(c(locale, "form.storeUrl"), { exact: true }).fill("https://store.steampowered.com/app/1");

    // 4. A broken image says so; a large PNG is compressed in the browser to a WEBP at most 1600 px wide.
    const file = page.locator('input[type="file"][name="image"]');
    await file.setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
    await expect(page.getByText(tr(locale, "errors:promotions.image_compress_failed"))).toBeVisible();
    const big = await sharp({
      create: { width: 3200, height: 1800, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    await file.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: big });
    await expect(page.getByText(c(locale, "form.imageReady", { size: "" }).split("(")[0]!.trim())).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(tr(locale, "errors:promotions.image_compress_failed"))).toHaveCount(0);
    const chosen = await file.evaluate(async (el: HTMLInputElement) => {
      const f = el.files![0]!;
      const bitmap = await createImageBitmap(f);
      return { type: f.type, size: f.size, width: bitmap.width };
    });
    expect(chosen.type).toMatch(/^image\/(webp|jpeg)$/);
    expect(chosen.width).toBe(1600);
    expect(chosen.size).toBeLessThan(big.length);

    // 5. The feature type, then the promo code checked live: a wrong one, then the Admin's.
    await page.getByRole("radio", { name: new RegExp(p(locale, "labels.featureType.details_page")) }).check();
    await expect(page.getByTestId("total")).toHaveText(c(locale, "form.total", { total: money(2900, locale) }));
    const promo = page.getByLabel(c(locale, "form.promoCode"), { exact: true });
    await promo.fill("NOSUCHCODE");
    await page.getByRole("button", { name: c(locale, "form.promoCheck") }).click();
    await expect(page.getByTestId("promo-outcome")).toHaveText(p(locale, "promo.outcomes.invalid"));
    await promo.fill(code.toLowerCase());
    await page.getByRole("button", { name: c(locale, "form.promoCheck") }).click();
    await expect(page.getByTestId("promo-outcome")).toContainText(p(locale, "promo.outcomes.success", { discount: money(580, locale) }));
    await expect(page.getByTestId("total")).toHaveText(c(locale, "form.total", { total: money(2320, locale) }));

    // 6. Send: the sandbox checkout opens for the discounted amount.
    await page.getByRole("button", { name: c(locale, "form.submit") }).click();
    await page.waitForURL(/\/checkout\/sandbox\/[\w-]+/);
    await expect(page.locator("body")).toContainText(money(2320, locale));
  });
}

/** axe on the form in its busiest state (field errors, auto-fill, a promo outcome) and on the admin tab with its form open, light and dark. */
async function axeLightAndDark(page: Page, label: string) {
  await expectNoViolations(page, `${label} (light)`);
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.evaluate(() => {
    document.documentElement.classList.add("dark");
    document.documentElement.dataset.theme = "dark";
  });
  await expectNoViolations(page, `${label} (dark)`, ["color-contrast", "link-in-text-block"]);
}

test("axe: /collaborate with errors, auto-fill and a promo outcome, and /admin/promo-codes, light and dark", async ({
  newContext,
  adminState,
  diagnostics,
}) => {
  test.setTimeout(90_000);
  // The refused send below answers 400 by design.
  diagnostics.allowResponse(/\/en\/collaborate\.data/, 400);
  const context = await newContext({ colorScheme: "light" });
  await setThemeCookie(context, "light");
  await setConsentCookie(context, false);
  const page = await context.newPage();
  await stubThumbnails(page);
  await gotoHydrated(page, "/en/collaborate");
  await page.getByLabel(c("en", "form.youtubeUrl"), { exact: true }).fill("https://youtu.be/E2EthumbNl0");
  await page.getByRole("button", { name: c("en", "form.autofill") }).click();
  await expect(page.getByTestId("youtube-thumbnail")).toBeVisible();
  await page.getByLabel(c("en", "form.promoCode"), { exact: true }).fill("NOSUCHCODE");
  await page.getByRole("button", { name: c("en", "form.promoCheck") }).click();
  await expect(page.getByTestId("promo-outcome")).toHaveText(p("en", "promo.outcomes.invalid"));
  await axeLightAndDark(page, "/en/collaborate");

  // A refused send without JavaScript's help: the errors beside the fields.
  await page.evaluate(() => document.querySelectorAll("form[enctype], form[encType]").forEach((f) => f.setAttribute("novalidate", "")));
  await page.getByLabel(c("en", "form.contactEmail"), { exact: true }).fill("not-an-email");
  // With a screenshot, which the refused send keeps: its thumbnail and "keep" box are checked by axe too.
  const shot = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#2a8a5a" } })
    .png()
    .toBuffer();
  await page.getByLabel(c("en", "form.screenshots")).setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: shot });
  await expect(page.getByText(c("en", "form.screenshotsReady_one", { count: 1, size: "" }).split(" (")[0]!)).toBeVisible();
  await page.getByRole("button", { name: c("en", "form.submit") }).click();
  await expect(page.getByText(tr("en", "errors:input.invalid")).first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: c("en", "form.screenshotKeep", { n: 1 }) })).toBeChecked();
  // The file itself is let go (it is kept by token now), so sending again would not add it twice.
  await expect.poll(() => page.locator('input[name="screenshots"]').evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0);
  await page.evaluate(() => {
    document.documentElement.classList.remove("dark");
    document.documentElement.dataset.theme = "light";
  });
  await axeLightAndDark(page, "/en/collaborate (refused)");

  const admin = await (await newContext({ storageState: adminState, colorScheme: "light" })).newPage();
  await setThemeCookie(admin.context(), "light");
  await setConsentCookie(admin.context(), false);
  await gotoHydrated(admin, "/es/admin/promo-codes");
  await admin.getByText(tr("es", "admin-promo-codes:create"), { exact: true }).click();
  await axeLightAndDark(admin, "/es/admin/promo-codes");
});
