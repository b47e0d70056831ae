import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { BASE_URL, expect, gotoHydrated, LOCALES, setConsentCookie, test, toasts, tr } from "./fixtures";
import { PROMOTION_REQUEST, signInStates, type Who } from "./site-pages";

/**
 * What a review found trying the site as new people would, each in both languages: the pending studio's page,
 * the campaign counts and featured games of a studio, the admin's confirmations, the maintenance unlock, the
 * worldwide campaigns under a region filter, the toast after adding a game, and Spanish wording.
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
let ipBlock = 140;

async function signedIn(newContext: (o?: object) => Promise<BrowserContext>, playwright: Parameters<typeof signInStates>[0], who: Who) {
  const states = await signInStates(playwright, [who], ++ipBlock);
  const ctx = await newContext({ storageState: states.get(who) });
  await setConsentCookie(ctx, false);
  return ctx;
}

/** Posts a page's form as a browser without JavaScript would (repeated fields allowed). */
async function postForm(request: APIRequestContext, path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return request.post(path, {
    data: body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL },
    maxRedirects: 0,
  });
}

// ---- The pending studio ---------------------------------------------------------------------------------

/** One thread by the demo creator that mentions the pending demo studio: an unread notice in its bell. */
let mention: Promise<string> | null = null;
function mentionPendingStudio(playwright: Parameters<typeof signInStates>[0]): Promise<string> {
  mention ??= (async () => {
    const states = await signInStates(playwright, ["creator"], ++ipBlock);
    const ctx = await playwright.request.newContext({ baseURL: BASE_URL, storageState: states.get("creator") });
    const title = `Northwind, welcome ${unique()}`;
    const res = await postForm(ctx, "/en/community/charla-general/new", {
      title,
      body: "Hello @northwind_pixel, your lighthouse roguelite sounds great. Tell us more when you can.",
    });
    expect(res.status(), await res.text()).toBe(303);
    await ctx.dispose();
    return title;
  })();
  return mention;
}

for (const locale of LOCALES) {
  test(`the pending studio is told why it is held, what it can do, how it will hear, its notices, contact and sign-out (${locale})`, async ({
    newContext,
    playwright,
  }) => {
    const c = (key: string, vars: Record<string, string | number> = {}) => tr(locale, `company:${key}`, vars);
    const title = await mentionPendingStudio(playwright);
    const ctx = await signedIn(newContext, playwright, "pendingCompany");
    const page = await ctx.newPage();
    // Any page leads here (SPEC §4), so this page says why.
    await page.goto(`/${locale}/dashboard`);
    await expect(page).toHaveURL(`${BASE_URL}/${locale}/company/verification`);
    await gotoHydrated(page, `/${locale}/company/verification`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: c("verification.pending.title") })).toBeVisible();
    await expect(main.getByText(c("verification.pending.text"))).toBeVisible();
    await expect(main.getByText(c("verification.pending.why"))).toBeVisible();
    await expect(main.getByText(c("verification.pending.told", { email: "team@demo.northwindpixel.test" }))).toBeVisible();
    await expect(main.getByRole("heading", { name: c("verification.meanwhile.title") })).toBeVisible();
    await expect(main.getByRole("link", { name: c("verification.meanwhile.profile") })).toHaveAttribute("href", "#profile-heading");
    // The bell's unread notice, readable here (every other page, /notifications too, leads back to this one).
    const notices = main.getByRole("region", { name: c("verification.notices.title") });
    await expect(notices.getByText(title)).toBeVisible();
    // The header's bell leads to that list (its menu would read /notifications, which a held studio cannot open).
    const bell = page.getByRole("banner").locator(`a[href="/${locale}/company/verification#notices-heading"]`);
    await expect(bell).toHaveAccessibleName(/\d/);
    // Contact: the team's address, not the contact page (not built yet).
    const mail = main.getByRole("region", { name: c("verification.help.title") }).getByRole("link");
    await expect(mail).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+$/);
    // Signing out works from here.
    await main.getByRole("button", { name: tr(locale, "auth.signOut") }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login`));
    await ctx.close();
  });
}

// ---- A studio's games: campaign counts and featured games ---------------------------------------------

for (const locale of LOCALES) {
  test(`"My games" counts each game's campaigns and lists the featured games; the public page shows those on show (${locale})`, async ({
    newContext,
    playwright,
  }) => {
    const cc = (key: string, vars: Record<string, string | number> = {}) => tr(locale, `company-campaigns:${key}`, vars);
    const ctx = await signedIn(newContext, playwright, "verifiedCompany");
    const page = await ctx.newPage();
    await gotoHydrated(page, `/${locale}/company/games`);
    const card = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
    // Faro de Niebla: a finished launch campaign and an open one; Huerto Lunar: one.
    await expect(card("Faro de Niebla")).toContainText(cc("games.campaigns_other", { count: 2 }));
    await expect(card("Huerto Lunar")).toContainText(cc("games.campaigns_one", { count: 1 }));
    const featured = page.getByRole("region", { name: cc("games.featured.title") });
    await expect(featured.getByRole("heading", { name: "Hollow Pines" })).toBeVisible();
    await expect(featured.getByRole("heading", { name: "Starfall Courier" })).toBeVisible();
    await expect(featured).toContainText(tr(locale, "promotions:labels.scheduleStatus.scheduled"));

    await gotoHydrated(page, `/${locale}/company/estudio-brisa`);
    const shown = page.getByRole("region", { name: tr(locale, "company:public.featured") });
    await expect(shown.getByRole("link", { name: "Hollow Pines" })).toHaveAttribute("href", `/${locale}/games/hollow-pines`);
    // Scheduled, not on show yet.
    await expect(shown.getByText("Starfall Courier")).toHaveCount(0);
    await ctx.close();
  });
}

// ---- The admin: hide/show names the game; a submission deleted from its detail ------------------------

for (const locale of LOCALES) {
  test(`hiding and showing a featured game names it (${locale})`, async ({ newContext, adminState }) => {
    const af = (key: string, vars: Record<string, string | number> = {}) => tr(locale, `admin-featured:${key}`, vars);
    const ctx = await newContext({ storageState: adminState });
    await setConsentCookie(ctx, false);
    const page = await ctx.newPage();
    await gotoHydrated(page, `/${locale}/admin/featured-games?tab=games`);
    const row = page.getByRole("row").filter({ hasText: "Hollow Pines" });
    for (const [button, message] of [
      [af("games.hide"), af("games.hidden", { name: "Hollow Pines" })],
      [af("games.show"), af("games.shown", { name: "Hollow Pines" })],
    ]) {
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/featured-games")),
        row.getByRole("button", { name: new RegExp(`^${button}`) }).click(),
      ]);
      expect(res.status()).toBeLessThan(400);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await ctx.close();
  });

  test(`deleting a submission from its detail asks first and ends on the list with a confirmation (${locale})`, async ({
    newContext,
    adminState,
    playwright,
  }) => {
    const af = (key: string, vars: Record<string, string | number> = {}) => tr(locale, `admin-featured:${key}`, vars);
    const gameName = `Deletable ${unique()}`;
    // A studio's request waiting for its payment (deletable), sent as the /collaborate form sends it.
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 90, g: 40, b: 110 } } })
      .png()
      .toBuffer();
    const anon = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.${++ipBlock}.7.1` },
    });
    const sent = await anon.post("/en/collaborate", {
      maxRedirects: 0,
      multipart: {
        ...PROMOTION_REQUEST,
        contactEmail: `delete-${unique()}@e2e.test`,
        gameName,
        image: { name: "game.png", mimeType: "image/png", buffer: png },
      },
    });
    expect(sent.headers().location ?? "", await sent.text()).toContain("/checkout/sandbox/");
    await anon.dispose();

    const ctx = await newContext({ storageState: adminState });
    await setConsentCookie(ctx, false);
    const page = await ctx.newPage();
    await gotoHydrated(page, `/${locale}/admin/featured-games?tab=queue&status=pending_payment`);
    await page.getByRole("link", { name: gameName }).click();
    // Asked first: the question opens beside the button, and only its own button deletes.
    const ask = page.locator("details").filter({ has: page.locator("summary", { hasText: af("delete.button") }) });
    await ask.locator("summary").click();
    await expect(ask.getByText(af("delete.question", { name: gameName }))).toBeVisible();
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/featured-games")),
      ask.getByRole("button", { name: af("delete.confirm") }).click(),
    ]);
    await expect(toasts(page, locale).filter({ hasText: tr(locale, "flash.submissionDeleted") })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${locale}/admin/featured-games\\?tab=queue&status=pending_payment$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(af("title"));
    await expect(page.getByRole("link", { name: gameName })).toHaveCount(0);
    await ctx.close();
  });
}

// ---- The maintenance unlock ---------------------------------------------------------------------------

for (const locale of LOCALES) {
  test(`a wrong maintenance password stays on the page's address, and the unlock address shows the gate (${locale})`, async ({
    site,
    page,
  }) => {
    await site.enableMaintenance(`Mant-${unique()}-${unique()}`);
    await page.goto(`/${locale}/about`);
    await page.getByLabel(tr(locale, "maintenance.password")).fill("not-the-password");
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/v1/site/maintenance/unlock") && r.request().method() === "POST"),
      page.getByRole("button", { name: tr(locale, "maintenance.submit") }).click(),
    ]);
    await expect(page).toHaveURL(`${BASE_URL}/${locale}/about`);
    await expect(page.getByRole("alert")).toContainText(tr(locale, "maintenance.wrongPassword"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "maintenance.title"));
    // Opened as a page, the unlock address leads to the gate, not to the API's JSON 404.
    await page.goto(`/api/v1/site/maintenance/unlock?returnTo=%2F${locale}%2Fabout`);
    await expect(page).toHaveURL(`${BASE_URL}/${locale}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "maintenance.title"));
  });
}

// ---- A worldwide campaign under every region filter -----------------------------------------------------

/** The demo studio's game with an open worldwide campaign, made once per worker through its pages' forms. */
let worldwide: Promise<string> | null = null;
function worldwideCampaign(playwright: Parameters<typeof signInStates>[0]): Promise<string> {
  worldwide ??= (async () => {
    const states = await signInStates(playwright, ["verifiedCompany"], ++ipBlock);
    const ctx = await playwright.request.newContext({ baseURL: BASE_URL, storageState: states.get("verifiedCompany") });
    const name = `Anywhere ${unique()}`;
    const game = await postForm(ctx, "/en/company/games/new", {
      name,
      slug: "",
      shortDescription: "Keys that redeem in every region.",
      platforms: ["pc"],
      releaseStatus: "released",
    });
    expect(game.status(), await game.text()).toBe(302);
    const form = await (await ctx.get("/en/company/campaigns/new")).text();
    const gameId = new RegExp(`<option value="([0-9a-f-]{36})"[^>]*>${name}</option>`).exec(form)?.[1];
    expect(gameId, "the new game in the campaign form").toBeTruthy();
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const created = await postForm(ctx, "/en/company/campaigns/new", {
      gameId: gameId!,
      description: "Worldwide keys.",
      startsAt: day(0),
      endsAt: day(80),
      minSubscribers: "0",
      minAverageViews: "0",
      platforms: ["pc"],
      regions: ["global"],
      coverageDays: "14",
    });
    const campaignPath = created.headers().location ?? "";
    expect(campaignPath, await created.text()).toMatch(/\/en\/company\/campaigns\/[0-9a-f-]{36}$/);
    const opened = await postForm(ctx, campaignPath, { intent: "status", status: "active" });
    expect(opened.status()).toBeLessThan(400);
    await ctx.dispose();
    return name;
  })();
  return worldwide;
}

for (const locale of LOCALES) {
  test(`a worldwide campaign shows under every region filter (${locale})`, async ({ page, playwright }) => {
    const name = await worldwideCampaign(playwright);
    for (const region of ["europe", "asia"]) {
      await page.goto(`/${locale}/campaigns?region=${region}`);
      await expect(page.getByRole("main").getByText(name).first(), region).toBeVisible();
    }
  });
}

// ---- Adding a game ------------------------------------------------------------------------------------

for (const locale of LOCALES) {
  test(`adding a game ends with a success message (${locale})`, async ({ newContext, playwright }) => {
    const cc = (key: string) => tr(locale, `company-campaigns:${key}`);
    const ctx = await signedIn(newContext, playwright, "verifiedCompany");
    const page = await ctx.newPage();
    await gotoHydrated(page, `/${locale}/company/games/new`);
    const name = `Added ${unique()}`;
    await page.getByLabel(cc("gameForm.name"), { exact: true }).fill(name);
    await page.getByLabel(cc("gameForm.shortDescription")).fill("A small game, added from the form.");
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/company/games/new")),
      page.getByRole("button", { name: cc("gameForm.create") }).click(),
    ]);
    await expect(toasts(page, locale).filter({ hasText: tr(locale, "flash.gameAdded") })).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/${locale}/company/games`);
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    await ctx.close();
  });
}

// ---- Wording: the key pool, the footer, the home page (plurals: app/i18n/plurals.test.ts) ----------------

for (const locale of LOCALES) {
  test(`the key pool, the footer's Connect and the home page read in the page's language and say what the site does (${locale})`, async ({
    page,
    newContext,
    playwright,
  }) => {
    await gotoHydrated(page, `/${locale}/`);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: tr(locale, "footer.connect"), exact: true })).toHaveAttribute(
      "href",
      `/${locale}/connect`,
    );
    if (locale === "es") await expect(footer.getByRole("link", { name: "Connect", exact: true })).toHaveCount(0);
    // Only what exists: the character it promises is there to build (/account/character).
    await expect(page.getByRole("main")).toContainText(locale === "es" ? "personaje" : "character");
    expect((await page.request.get(`/${locale}/account/character`, { maxRedirects: 0 })).status()).toBe(302);

    const ctx = await signedIn(newContext, playwright, "verifiedCompany");
    const studio = await ctx.newPage();
    await studio.goto(`/${locale}/company/campaigns`);
    const href = await studio
      .locator(`a[href^="/${locale}/company/campaigns/"]`)
      .filter({ hasText: "Huerto Lunar" })
      .first()
      .getAttribute("href");
    await gotoHydrated(studio, `${href}?tab=keys`);
    const heading = tr(locale, "company-campaigns:manage.keys.listHeading");
    await expect(studio.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    expect(heading).not.toBe("Reserva");
    await ctx.close();
  });
}
