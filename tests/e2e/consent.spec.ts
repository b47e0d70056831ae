import type { BrowserContext, Page } from "@playwright/test";
import {
  BASE_URL,
  consentEvents,
  expect,
  getCookie,
  gotoHydrated,
  isSameDocument,
  markDocument,
  setConsentCookie,
  test,
  toasts,
  tr,
  waitForHydration,
  waitForQuiet,
  type Locale,
} from "./fixtures";

const YEAR_S = 365 * 24 * 3600;

const banner = (page: Page, locale: Locale = "en") => page.getByRole("region", { name: tr(locale, "consent.title") });

async function storedConsent(context: BrowserContext) {
  const c = await getCookie(context, "cookie_consent");
  return c ? { value: JSON.parse(decodeURIComponent(c.value)) as unknown, expires: c.expires, httpOnly: c.httpOnly } : null;
}

function expectAboutOneYear(expires: number) {
  const seconds = expires - Date.now() / 1000;
  expect(seconds, "consent cookie lifetime").toBeGreaterThan(YEAR_S - 3600);
  expect(seconds, "consent cookie lifetime").toBeLessThan(YEAR_S + 3600);
}

test.describe("banner visibility", () => {
  for (const locale of ["en", "es"] as const) {
    test(`shows while no choice was made and announces 'not granted' on load (${locale})`, async ({ page }) => {
      await gotoHydrated(page, `/${locale}/`);
      const region = banner(page, locale);
      await expect(region).toBeVisible();
      await expect(region.getByRole("heading", { name: tr(locale, "consent.title") })).toBeVisible();
      await expect(region.getByRole("button", { name: tr(locale, "consent.acceptAll") })).toBeVisible();
      await expect(region.getByRole("link", { name: tr(locale, "consent.customize") })).toBeVisible();
      await expect(region.getByRole("link", { name: tr(locale, "consent.policyLink") })).toHaveAttribute(
        "href",
        `/${locale}/cookie-policy`,
      );
      expect(await consentEvents(page)).toEqual([{ granted: false }]);
    });
  }

  for (const path of ["/en/resources", "/es/search?q=x", "/en/no-such-page", "/no-such-page", "/xx/about"]) {
    test(`is offered on ${path} too`, async ({ page }) => {
      await page.goto(path);
      await waitForQuiet(page);
      const locale = (await page.locator("html").getAttribute("lang")) as Locale;
      await expect(banner(page, locale)).toBeVisible();
      await expect(banner(page, locale).getByRole("button", { name: tr(locale, "consent.acceptAll") })).toBeVisible();
    });
  }

  test("is rendered by the server for a first visit", async ({ context }) => {
    const html = await (await context.request.get("/es/about")).text();
    expect(html).toMatch(/<section[^>]*role="region"[^>]*>[\s\S]*Usamos cookies/);
  });

  for (const analytics of [true, false]) {
    test(`stays hidden once a choice exists (analytics ${analytics}) and announces it on load`, async ({ page, context }) => {
      await setConsentCookie(context, analytics);
      await gotoHydrated(page, "/en/about");
      await expect(banner(page)).toHaveCount(0);
      expect(await consentEvents(page)).toEqual([{ granted: analytics }]);
      const html = await (await context.request.get("/en/about")).text();
      expect(html).not.toContain(">We use cookies</h2>");
    });
  }
});

test.describe("choices", () => {
  test("Accept all stores essentials and analytics for 365 days", async ({ page, context }) => {
    await gotoHydrated(page, "/en/about");
    const saved = page.waitForResponse((r) => r.url() === `${BASE_URL}/api/v1/site/consent` && r.request().method() === "POST");
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    const setCookie = (await res.headersArray())
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value)
      .join("\n");
    expect(setCookie).toMatch(/cookie_consent=[^;]+;.*Max-Age=31536000/i);

    await expect(banner(page)).toHaveCount(0);
    const stored = await storedConsent(context);
    expect(stored?.value).toEqual({ essentials: true, analytics: true });
    expectAboutOneYear(stored!.expires);
    expect(await consentEvents(page)).toEqual([{ granted: false }, { granted: true }]);

    await page.reload();
    await waitForHydration(page);
    await expect(banner(page)).toHaveCount(0);
    expect(await consentEvents(page)).toEqual([{ granted: true }]);
  });

  test("Customize shows a locked essentials switch and an analytics switch that is off by default", async ({ page }) => {
    await gotoHydrated(page, "/en/");
    await markDocument(page);
    await banner(page).getByRole("link", { name: "Customize" }).click();
    const region = banner(page);
    const essentials = region.getByRole("switch", { name: "Essential cookies" });
    const analytics = region.getByRole("switch", { name: "Analytics cookies" });
    await expect(essentials).toBeChecked();
    await expect(essentials).toBeDisabled();
    await expect(analytics).not.toBeChecked();
    await expect(analytics).toBeEnabled();
    await expect(analytics).toHaveAttribute("aria-checked", "false");
    await expect(region.getByRole("button", { name: "Save preferences" })).toBeVisible();
    await expect(region.getByRole("button", { name: "Accept all" })).toHaveCount(0);
    expect(await isSameDocument(page), "Customize opens in place").toBe(true);

    // The essentials switch cannot be turned off.
    await essentials.click({ force: true });
    await expect(essentials).toBeChecked();
    await analytics.click();
    await expect(analytics).toBeChecked();
    await expect(analytics).toHaveAttribute("aria-checked", "true");
    await analytics.click();
    await expect(analytics).not.toBeChecked();
  });

  test("saving with analytics on stores it and announces 'granted'", async ({ page, context }) => {
    await gotoHydrated(page, "/es/");
    await banner(page, "es").getByRole("link", { name: "Personalizar" }).click();
    await banner(page, "es").getByRole("switch", { name: "Cookies analíticas" }).check();
    await banner(page, "es").getByRole("button", { name: "Guardar preferencias" }).click();
    await expect(banner(page, "es")).toHaveCount(0);
    await expect.poll(async () => (await storedConsent(context))?.value).toEqual({ essentials: true, analytics: true });
    expect(await consentEvents(page)).toEqual([{ granted: false }, { granted: true }]);
    expectAboutOneYear((await storedConsent(context))!.expires);
  });

  test("saving with analytics off stores the refusal and announces 'not granted'", async ({ page, context }) => {
    await gotoHydrated(page, "/en/connect");
    await banner(page).getByRole("link", { name: "Customize" }).click();
    await banner(page).getByRole("button", { name: "Save preferences" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(async () => (await storedConsent(context))?.value).toEqual({ essentials: true, analytics: false });
    expect(await consentEvents(page)).toEqual([{ granted: false }, { granted: false }]);
    // The choice is remembered: no banner on the next page.
    await gotoHydrated(page, "/en/about");
    await expect(banner(page)).toHaveCount(0);
  });

  test("the footer's Cookie preferences reopens the banner in customize mode with the current choice", async ({ page, context }) => {
    await setConsentCookie(context, true);
    await gotoHydrated(page, "/en/about");
    await expect(banner(page)).toHaveCount(0);
    await markDocument(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/about?cookies=preferences`);
    const region = banner(page);
    await expect(region).toBeVisible();
    const analytics = region.getByRole("switch", { name: "Analytics cookies" });
    await expect(analytics).toBeChecked();
    await expect(region.getByRole("switch", { name: "Essential cookies" })).toBeDisabled();
    expect(await isSameDocument(page)).toBe(true);

    await analytics.uncheck();
    await region.getByRole("button", { name: "Save preferences" }).click();
    await expect(toasts(page).filter({ hasText: "Your cookie preferences were saved." })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(`${BASE_URL}/en/about`);
    await expect.poll(async () => (await storedConsent(context))?.value).toEqual({ essentials: true, analytics: false });
    expect(await consentEvents(page)).toEqual([{ granted: true }, { granted: false }]);
  });

  test("a direct link to ?cookies=preferences opens the customize banner", async ({ page, context }) => {
    await setConsentCookie(context, false);
    await gotoHydrated(page, "/es/cookie-policy?cookies=preferences");
    const region = banner(page, "es");
    await expect(region.getByRole("switch", { name: "Cookies analíticas" })).not.toBeChecked();
    await expect(region.getByRole("button", { name: "Guardar preferencias" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test("Accept all posts the form and comes back to the same page", async ({ newContext }) => {
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto("/en/about");
    await expect(banner(page)).toBeVisible();
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${BASE_URL}/api/v1/site/consent` && r.request().method() === "POST"),
      banner(page).getByRole("button", { name: "Accept all" }).click(),
    ]);
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe("/en/about");
    await expect(page).toHaveURL(`${BASE_URL}/en/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "about:about.title"));
    await expect(banner(page)).toHaveCount(0);
    const stored = await storedConsent(ctx);
    expect(stored?.value).toEqual({ essentials: true, analytics: true });
    expectAboutOneYear(stored!.expires);
  });

  test("Customize and Save preferences work as plain links and forms", async ({ newContext }) => {
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto("/es/connect");
    await banner(page, "es").getByRole("link", { name: "Personalizar" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/es/connect?cookies=preferences`);
    const analytics = banner(page, "es").getByRole("switch", { name: "Cookies analíticas" });
    await expect(analytics).not.toBeChecked();
    await expect(banner(page, "es").getByRole("switch", { name: "Cookies esenciales" })).toBeDisabled();
    await analytics.check();
    await banner(page, "es").getByRole("button", { name: "Guardar preferencias" }).click();
    // Back on the page, without the preferences parameter, banner closed.
    await expect(page).toHaveURL(`${BASE_URL}/es/connect`);
    await expect(banner(page, "es")).toHaveCount(0);
    expect((await storedConsent(ctx))?.value).toEqual({ essentials: true, analytics: true });

    // Reopen and refuse analytics.
    await page.goto("/es/connect?cookies=preferences");
    await expect(analytics).toBeChecked();
    await analytics.uncheck();
    await banner(page, "es").getByRole("button", { name: "Guardar preferencias" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/es/connect`);
    expect((await storedConsent(ctx))?.value).toEqual({ essentials: true, analytics: false });
  });
});

/**
 * Refusing takes one click, as accepting does (AEPD, EDPB): "Only essential" beside
 * "Accept all", the same kind of button, with and without JavaScript; after it, no page view is sent.
 */
test.describe("one-click refusal", () => {
  // The server counts no bots; this browser acts as an ordinary desktop Chrome, so a page view would count.
  test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" });

  for (const locale of ["es", "en"] as const) {
    test(`"${tr(locale, "consent.onlyEssential")}" refuses analytics in one click, and nothing is counted after it (${locale})`, async ({
      page,
      context,
      site,
    }) => {
      await site.setFlag("analytics_enabled", true);
      const pageviews: string[] = [];
      page.on("request", (r) => {
        if (r.url() === `${BASE_URL}/api/v1/analytics/pageview`) pageviews.push(r.url());
      });
      await gotoHydrated(page, `/${locale}/about`);
      const region = banner(page, locale);
      const refuse = region.getByRole("button", { name: tr(locale, "consent.onlyEssential") });
      const accept = region.getByRole("button", { name: tr(locale, "consent.acceptAll") });
      await expect(refuse).toBeVisible();
      // The same weight: the same button style and size, side by side.
      expect(await refuse.getAttribute("class")).toBe(await accept.getAttribute("class"));
      const [r, a] = [(await refuse.boundingBox())!, (await accept.boundingBox())!];
      expect(Math.abs(r.height - a.height)).toBeLessThanOrEqual(1);
      expect(Math.abs(r.y - a.y)).toBeLessThanOrEqual(1);

      const saved = page.waitForResponse((res) => res.url() === `${BASE_URL}/api/v1/site/consent` && res.request().method() === "POST");
      await refuse.click();
      expect((await saved).status()).toBe(200);
      await expect(region).toHaveCount(0);
      const stored = await storedConsent(context);
      expect(stored?.value).toEqual({ essentials: true, analytics: false });
      expectAboutOneYear(stored!.expires);
      expect(await consentEvents(page)).toEqual([{ granted: false }, { granted: false }]);

      // Browsing on, and loading a page again: no page view at all.
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: tr(locale, "footer.connect") })
        .click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/connect`);
      await page.reload();
      await waitForHydration(page);
      await expect(banner(page, locale)).toHaveCount(0);
      expect(pageviews).toEqual([]);
    });
  }

  test("works as a plain form before JavaScript (es)", async ({ newContext }) => {
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto("/es/connect");
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${BASE_URL}/api/v1/site/consent` && r.request().method() === "POST"),
      banner(page, "es").getByRole("button", { name: "Solo esenciales" }).click(),
    ]);
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe("/es/connect");
    await expect(page).toHaveURL(`${BASE_URL}/es/connect`);
    await expect(banner(page, "es")).toHaveCount(0);
    expect((await storedConsent(ctx))?.value).toEqual({ essentials: true, analytics: false });
  });
});
