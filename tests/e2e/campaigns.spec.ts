import type { Page } from "@playwright/test";
import { expect, expectNoViolations, gotoHydrated, LOCALES, setConsentCookie, test, tr, type Locale } from "./fixtures";
import { registerMember } from "./members";
import { workerPort } from "./port";
import { signInStates } from "./site-pages";

/**
 * Key campaigns end to end, in Chromium and in both languages, through the pages only, on the demo data: the demo
 * studio uploads keys to its manual campaign (Huerto Lunar); a new creator becomes a creator, adds a channel and
 * requests a key; the studio approves; the creator reveals the key on /my-keys and adds a coverage link; the
 * studio sees it on the participants tab and traces the key back to the creator; the auto-approve campaign
 * (Faro de Niebla) approves the same creator at once, whose channel was verified with its code.
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const cc = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `company-campaigns:${key}`, vars);
const cr = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `campaigns:${key}`, vars);

/** A demo campaign's id, from its card on /campaigns (the card's link names the game). */
async function campaignIdOf(page: Page, locale: Locale, game: string): Promise<string> {
  await page.goto(`/${locale}/campaigns`);
  const href = await page.locator(`a[href^="/${locale}/campaigns/"]`, { hasText: game }).first().getAttribute("href");
  const id = href?.split("/").pop();
  expect(id, `the open campaign of ${game}`).toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

let ipBlock = 60;
for (const locale of LOCALES) {
  test(`key campaign in ${locale}: upload, request, approve, reveal, coverage, participants, trace; auto-approval`, async ({
    page,
    context,
    newContext,
    playwright,
  }) => {
    test.setTimeout(240_000);
    const manualId = await campaignIdOf(page, locale, "Huerto Lunar");
    const autoId = await campaignIdOf(page, locale, "Faro de Niebla");

    // 1. The studio uploads two keys (previewed, then saved).
    const states = await signInStates(playwright, ["verifiedCompany"], ++ipBlock);
    const studioContext = await newContext({ storageState: states.get("verifiedCompany") });
    await setConsentCookie(studioContext, false);
    const studio = await studioContext.newPage();
    const batch = unique();
    await gotoHydrated(studio, `/${locale}/company/campaigns/${manualId}?tab=keys`);
    await studio.getByLabel(cc(locale, "manage.keys.pasted")).fill(`E2E-${batch}-0001,EU\nE2E-${batch}-0002,NA\nE2E-${batch}-0001,EU\nbad`);
    await studio.getByRole("button", { name: cc(locale, "manage.keys.preview"), exact: true }).click();
    await expect(studio.getByRole("heading", { name: cc(locale, "manage.keys.previewHeading") })).toBeVisible();
    await studio.getByRole("button", { name: cc(locale, "manage.keys.saveKeys_other", { count: 2 }) }).click();
    // Saving encrypts and stores the keys: on a loaded two-worker run that can take longer than expect's 5 s default.
    await expect(studio.getByText(cc(locale, "manage.keys.saved_other", { count: 2 })).first()).toBeVisible({ timeout: 15_000 });

    // 2. A new member becomes a creator, states a channel and requests a key.
    const username = await registerMember(context, page, locale, "creadora");
    await gotoHydrated(page, `/${locale}/account`);
    await page.getByText(tr(locale, "account:profile.role.become"), { exact: true }).click();
    await page.getByRole("button", { name: tr(locale, "account:profile.role.confirm") }).click();
    await expect(page.getByText(tr(locale, "account:profile.role.done")).first()).toBeVisible();
    await gotoHydrated(page, `/${locale}/creator/onboarding`);
    await page.getByLabel(cr(locale, "onboarding.kind")).first().selectOption("youtube");
    await page.getByLabel(cr(locale, "onboarding.url")).first().fill(`https://www.youtube.com/@${username}`);
    await page.getByLabel(cr(locale, "onboarding.subscribers")).first().fill("5000");
    await page.getByLabel(cr(locale, "onboarding.averageViews")).first().fill("1000");
    await page.getByRole("button", { name: cr(locale, "onboarding.save") }).click();
    await expect(page.getByText(cr(locale, "onboarding.saved")).first()).toBeVisible();
    // The channel counts for auto-approval once verified. The creator puts the page's code in the
    // channel's description (on the local YouTube of tests/e2e/server.mjs) and presses Verify.
    await expect(page.getByText(cr(locale, "onboarding.stated")).first()).toBeVisible();
    await expectNoViolations(page, `onboarding with a channel to verify (${locale})`);
    const code = (await page
      .locator("code")
      .filter({ hasText: /^nexo-/ })
      .first()
      .textContent())!.trim();
    const described = await fetch(`http://127.0.0.1:${workerPort() + 2}/__channels/@${username}`, {
      method: "PUT",
      body: `Indie games every week. ${code}`,
    });
    expect(described.status).toBe(204);
    await page.getByRole("button", { name: cr(locale, "onboarding.verify.button"), exact: true }).click();
    await expect(page.getByText(cr(locale, "onboarding.verify.done")).first()).toBeVisible();
    await expect(page.getByText(cr(locale, "onboarding.verified"), { exact: true }).first()).toBeVisible();

    await gotoHydrated(page, `/${locale}/campaigns/${manualId}`);
    await page.getByLabel(cr(locale, "request.region")).selectOption("europe");
    await page.getByText(cr(locale, "request.addMessage")).click();
    await page.getByLabel(cr(locale, "request.message")).fill("Un vídeo corto la semana del lanzamiento.");
    await page.getByRole("button", { name: cr(locale, "request.submit") }).click();
    await expect(page.getByText(cr(locale, "request.pending")).first()).toBeVisible();

    // 3. The studio approves it from the requests tab.
    await gotoHydrated(studio, `/${locale}/company/campaigns/${manualId}?tab=requests&status=pending`);
    const row = studio.locator("li", { has: studio.getByRole("heading", { name: username }) });
    await row.getByRole("button", { name: cc(locale, "manage.requests.approve"), exact: true }).click();
    await expect(studio.getByText(cc(locale, "manage.requests.approved_one", { count: 1 })).first()).toBeVisible();

    // 4. The creator reveals the key and adds a coverage link.
    await gotoHydrated(page, `/${locale}/my-keys`);
    const card = page
      .locator("article, li, section", { hasText: "Huerto Lunar" })
      .filter({ has: page.getByRole("button", { name: cr(locale, "myKeys.reveal") }) })
      .first();
    await card.getByRole("button", { name: cr(locale, "myKeys.reveal") }).click();
    const keyBox = page
      .locator("code, kbd, output, [data-key]")
      .filter({ hasText: /^[A-Z0-9][A-Z0-9-]{4,}$/ })
      .first();
    await expect(keyBox).toBeVisible();
    const key = (await keyBox.textContent())!.trim();
    expect(key).toMatch(/^(HUERTO-EU|E2E-[A-Z0-9]+-0001)/);
    const video = `https://www.youtube.com/watch?v=e2e${batch.toLowerCase()}`;
    await page.getByLabel(cr(locale, "myKeys.coverageUrl")).first().fill(video);
    await page
      .getByRole("button", { name: cr(locale, "myKeys.add"), exact: true })
      .first()
      .click();
    await expect(page.getByText(cr(locale, "myKeys.added")).first()).toBeVisible();

    // 5. The studio sees the coverage on the participants tab, and traces the key to the creator.
    await gotoHydrated(studio, `/${locale}/company/campaigns/${manualId}?tab=participants`);
    const participant = studio.getByRole("row", { name: new RegExp(username) });
    await expect(participant).toBeVisible();
    await expect(participant.locator(`a[href="${video}"]`)).toBeVisible();
    await gotoHydrated(studio, `/${locale}/company/campaigns/${manualId}?tab=keys`);
    await studio.getByRole("textbox", { name: cc(locale, "manage.keys.traceKey"), exact: true }).fill(key);
    await studio.getByRole("button", { name: cc(locale, "manage.keys.trace") }).click();
    await expect(studio.getByText(new RegExp(username)).first()).toBeVisible();
    // The key never reaches a page of anyone else: not the public campaign page.
    await page.goto(`/${locale}/campaigns/${manualId}`);
    expect(await page.content()).not.toContain(key);

    // 6. The auto-approve campaign gives a qualifying creator a key at once.
    await gotoHydrated(page, `/${locale}/campaigns/${autoId}`);
    await page.getByLabel(cr(locale, "request.region")).selectOption("north_america");
    await page.getByRole("button", { name: cr(locale, "request.submit") }).click();
    await expect(page.getByText(cr(locale, "request.approved")).first()).toBeVisible();
    await studioContext.close();
  });
}
