import type { Page, Request } from "@playwright/test";
import {
  BASE_URL,
  consentValue,
  expect,
  gotoHydrated,
  setConsentCookie,
  test,
  tr,
  UUID_RE,
  waitForHydration,
  waitForSettled,
  type AdminApi,
} from "./fixtures";

/**
 * SPEC §4/§7 analytics: one page view per path change, only with `analytics_enabled` on AND the visitor's
 * analytics consent. Anything else sends nothing at all.
 */
const PAGEVIEW = `${BASE_URL}/api/v1/analytics/pageview`;

/**
 * The server (rightly) ignores bots, and headless Chromium says "HeadlessChrome" in its user agent; these
 * tests act as an ordinary desktop Chrome.
 */
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
test.use({ userAgent: DESKTOP_UA });

type Sent = { path: string; body: Record<string, unknown>; status: Promise<string> };

function recordPageviews(page: Page) {
  const sent: Sent[] = [];
  page.on("request", (req: Request) => {
    if (req.url() !== PAGEVIEW) return;
    const body = req.postDataJSON() as Record<string, unknown>;
    sent.push({
      path: String(body.pagePath),
      body,
      // "201" or, when refused, the status with the server's reason.
      status: req.response().then(async (r) => (r?.status() === 201 ? "201" : `${r?.status()} ${await r?.text().catch(() => "")}`)),
    });
  });
  return sent;
}

/** Lets any late request go out before counting: page views are fetches sent from an effect after the router commits. */
async function settle(page: Page) {
  await waitForSettled(page);
}

/** Client-side navigation through footer links, with the keyboard (an open cookie banner covers the footer). */
async function browseAround(page: Page) {
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "About" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${BASE_URL}/en/about`);
  // The address changes before React commits the page; a navigation started earlier would replace it unseen.
  await settle(page);
  await footer.getByRole("link", { name: "Connect" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${BASE_URL}/en/connect`);
  await settle(page);
}

test.describe("with analytics_enabled on", () => {
  test.beforeEach(async ({ site }) => {
    await site.setFlag("analytics_enabled", true);
  });

  test("accepting analytics sends one page view per path change", async ({ page }) => {
    const sent = recordPageviews(page);
    await gotoHydrated(page, "/en/");
    await settle(page);
    expect(sent, "nothing before consent").toHaveLength(0);

    await page.getByRole("region", { name: "We use cookies" }).getByRole("button", { name: "Accept all" }).click();
    await expect.poll(() => sent.map((s) => s.path)).toEqual(["/en/"]);

    await browseAround(page);
    // Same path with another query string: no new page view.
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/connect?cookies=preferences`);
    await settle(page);
    // Back to a page seen before: that is a path change again.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(`${BASE_URL}/en/about`);
    // Two history steps at once: on a loaded machine the last page's view has been seen to go out after the
    // page settled, so wait for it, then settle again to see that nothing more follows.
    const expected = ["/en/", "/en/about", "/en/connect", "/en/about"];
    await expect.poll(() => sent.map((s) => s.path)).toEqual(expected);
    await settle(page);
    expect(sent.map((s) => s.path)).toEqual(expected);
    for (const s of sent) expect(await s.status, s.path).toBe("201");

    const visitorId = await page.evaluate(() => localStorage.getItem("visitorId"));
    expect(visitorId).toMatch(UUID_RE);
    for (const s of sent) {
      expect(s.body.visitorId).toBe(visitorId);
      expect(s.body.deviceType).toBe("desktop");
      expect(typeof s.body.referrer).toBe("string");
    }
    expect(sent[1]!.body.referrer).toBe(`${BASE_URL}/en/`);
    expect(sent[2]!.body.referrer).toBe(`${BASE_URL}/en/about`);
  });

  test("a visitor who already consented is counted on every load, with the same visitor id", async ({ page, context }) => {
    await setConsentCookie(context, true);
    const sent = recordPageviews(page);
    await gotoHydrated(page, "/en/");
    await expect.poll(() => sent.length).toBe(1);
    await browseAround(page);
    await page.reload();
    await waitForHydration(page);
    await settle(page);
    expect(sent.map((s) => s.path)).toEqual(["/en/", "/en/about", "/en/connect", "/en/connect"]);
    for (const s of sent) expect(await s.status, s.path).toBe("201");
    const ids = new Set(sent.map((s) => s.body.visitorId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(UUID_RE);
  });

  test("no page view without an answer to the banner", async ({ page }) => {
    const sent = recordPageviews(page);
    await gotoHydrated(page, "/en/");
    await browseAround(page);
    expect(sent).toHaveLength(0);
  });

  test("no page view when analytics is refused", async ({ page }) => {
    const sent = recordPageviews(page);
    await gotoHydrated(page, "/en/");
    const banner = page.getByRole("region", { name: "We use cookies" });
    await banner.getByRole("link", { name: "Customize" }).click();
    await banner.getByRole("button", { name: "Save preferences" }).click();
    await expect(banner).toHaveCount(0);
    await browseAround(page);
    expect(sent).toHaveLength(0);
  });

  test("withdrawing consent stops the page views", async ({ page, context }) => {
    await setConsentCookie(context, true);
    const sent = recordPageviews(page);
    await gotoHydrated(page, "/en/privacy-policy");
    await expect.poll(() => sent.length).toBe(1);
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
    await page.getByRole("switch", { name: "Analytics cookies" }).uncheck();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByRole("region", { name: "We use cookies" })).toHaveCount(0);
    await browseAround(page);
    expect(sent.map((s) => s.path)).toEqual(["/en/privacy-policy"]);
  });

  test("the server refuses page views without consent", async ({ playwright }) => {
    const ctx = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "user-agent": DESKTOP_UA },
    });
    const data = { pagePath: "/en/", visitorId: crypto.randomUUID(), deviceType: "desktop", referrer: "direct" };
    const refused = await ctx.post("/api/v1/analytics/pageview", { data });
    expect(refused.status()).toBe(202);
    expect(await refused.json()).toEqual({ recorded: false, reason: "no_consent" });
    const accepted = await ctx.post("/api/v1/analytics/pageview", { data, headers: { cookie: `cookie_consent=${consentValue(true)}` } });
    expect(accepted.status()).toBe(201);
    await ctx.dispose();
  });
});

test.describe("with analytics_enabled off (the default)", () => {
  test("a consenting visitor sends no page view at all", async ({ page, context, site }) => {
    await site.setFlag("analytics_enabled", false);
    await setConsentCookie(context, true);
    const sent = recordPageviews(page);
    await gotoHydrated(page, "/en/");
    await browseAround(page);
    await page.reload();
    await waitForHydration(page);
    await settle(page);
    expect(sent).toHaveLength(0);
  });

  test("accepting the banner sends nothing either", async ({ page, site }) => {
    await site.setFlag("analytics_enabled", false);
    const sent = recordPageviews(page);
    await gotoHydrated(page, "/en/");
    await page.getByRole("region", { name: "We use cookies" }).getByRole("button", { name: "Accept all" }).click();
    await browseAround(page);
    expect(sent).toHaveLength(0);
  });

  test("the server refuses page views while the flag is off", async ({ playwright, site }) => {
    await site.setFlag("analytics_enabled", false);
    const ctx = await playwright.request.newContext({ baseURL: BASE_URL });
    const res = await ctx.post("/api/v1/analytics/pageview", {
      headers: { origin: BASE_URL, cookie: `cookie_consent=${consentValue(true)}`, "user-agent": DESKTOP_UA },
      data: { pagePath: "/en/", visitorId: crypto.randomUUID() },
    });
    expect(res.status()).toBe(202);
    expect(await res.json()).toEqual({ recorded: false, reason: "disabled" });
    await ctx.dispose();
  });
});

/**
 * Bots stay out, people are counted. This file's browser acts as a desktop Chrome (above);
 * a browser that says it is headless, or a crawler, is answered "bot" and nothing is stored.
 */
const HEADLESS_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36";

type Counts = { total: number; paths: { pagePath: string; views: number }[] };
/** The page views counted in the last 7 days, as an admin reads them. */
async function counts(admin: AdminApi): Promise<Counts> {
  const res = await admin.request.get("/api/v1/analytics/pageviews?days=7");
  expect(res.status()).toBe(200);
  return (await res.json()) as Counts;
}
const viewsOf = (c: Counts, path: string) => c.paths.find((p) => p.pagePath === path)?.views ?? 0;

/** The server's answer to each page view the page sent: the path, the status and the body. */
function pageviewAnswers(page: Page) {
  const answers: Array<Promise<{ path: string; status: number; body: unknown }>> = [];
  page.on("request", (req: Request) => {
    if (req.url() !== PAGEVIEW) return;
    const path = String((req.postDataJSON() as { pagePath: unknown }).pagePath);
    answers.push(req.response().then(async (r) => ({ path, status: r?.status() ?? 0, body: await r?.json().catch(() => null) })));
  });
  return answers;
}

test.describe("counting people, not bots", () => {
  test.beforeEach(async ({ site }) => {
    await site.setFlag("analytics_enabled", true);
  });

  for (const locale of ["es", "en"] as const) {
    test(`a visitor who accepts analytics has every page view counted (${locale})`, async ({ page, admin }) => {
      const before = await counts(admin);
      const answers = pageviewAnswers(page);
      await gotoHydrated(page, `/${locale}/`);
      await page
        .getByRole("region", { name: tr(locale, "consent.title") })
        .getByRole("button", { name: tr(locale, "consent.acceptAll") })
        .click();
      await expect.poll(() => answers.length).toBe(1);
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("link", { name: tr(locale, "footer.about") }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/about`);
      await settle(page);
      await footer.getByRole("link", { name: tr(locale, "footer.connect") }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/connect`);
      await settle(page);
      const seen = await Promise.all(answers);
      expect(seen).toEqual(
        [`/${locale}/`, `/${locale}/about`, `/${locale}/connect`].map((path) => ({ path, status: 201, body: { recorded: true } })),
      );
      // The admins' counts have them: three more, one more on each path.
      const after = await counts(admin);
      expect(after.total).toBe(before.total + 3);
      for (const path of [`/${locale}/`, `/${locale}/about`, `/${locale}/connect`])
        expect(viewsOf(after, path), path).toBe(viewsOf(before, path) + 1);
    });
  }

  test("a headless browser that consents sends page views, and none is counted", async ({ newContext, admin }) => {
    const before = await counts(admin);
    const ctx = await newContext({ userAgent: HEADLESS_UA });
    await setConsentCookie(ctx, true);
    const page = await ctx.newPage();
    expect(await page.evaluate(() => navigator.userAgent)).toContain("HeadlessChrome");
    const answers = pageviewAnswers(page);
    await gotoHydrated(page, "/en/");
    await expect.poll(() => answers.length).toBe(1);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/about`);
    await settle(page);
    const seen = await Promise.all(answers);
    expect(seen).toEqual(["/en/", "/en/about"].map((path) => ({ path, status: 202, body: { recorded: false, reason: "bot" } })));
    expect((await counts(admin)).total).toBe(before.total);
  });

  test("a crawler is not counted either, with consent", async ({ playwright }) => {
    const ctx = await playwright.request.newContext({ baseURL: BASE_URL });
    const data = { pagePath: "/es/", visitorId: crypto.randomUUID(), deviceType: "desktop", referrer: "direct" };
    const cookie = `cookie_consent=${consentValue(true)}`;
    for (const ua of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", HEADLESS_UA]) {
      const res = await ctx.post("/api/v1/analytics/pageview", { data, headers: { origin: BASE_URL, cookie, "user-agent": ua } });
      expect(res.status(), ua).toBe(202);
      expect(await res.json(), ua).toEqual({ recorded: false, reason: "bot" });
    }
    const person = await ctx.post("/api/v1/analytics/pageview", { data, headers: { origin: BASE_URL, cookie, "user-agent": DESKTOP_UA } });
    expect(person.status()).toBe(201);
    await ctx.dispose();
  });
});
