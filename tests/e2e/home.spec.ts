import type { Page } from "@playwright/test";
import { expect, gotoHydrated, LOCALES, setConsentCookie, setThemeCookie, test, tr } from "./fixtures";

/**
 * In Chromium: the home page's generated avatars are real pictures (the SVG drawn by
 * the server, sandboxed by its own CSP, still decodes as an image), and a signed-in creator is offered their
 * next steps instead of the sign-up links, in either theme (axe checks every page, signed in too, in
 * page-sweep.spec.ts).
 */
const GENERATED = 'img[src^="/avatars/"]';

async function expectAvatarsDecoded(page: Page) {
  const avatars = page.locator(`main ${GENERATED}`);
  expect(await avatars.count()).toBeGreaterThan(0);
  // Lazy pictures load as they scroll into view.
  for (const img of await avatars.all()) await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => avatars.evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => !(i.complete && i.naturalWidth > 0)).length))
    .toBe(0);
}

for (const locale of LOCALES) {
  test(`the home page's avatars are generated pictures that load (${locale})`, async ({ page, context, site }) => {
    await site.setFlag("forum_enabled", true);
    await setConsentCookie(context, false);
    await gotoHydrated(page, `/${locale}/`);
    await expect(page.getByRole("link", { name: tr(locale, "site:home.audience.company.join") })).toHaveAttribute(
      "href",
      `/${locale}/register?role=company`,
    );
    await expectAvatarsDecoded(page);
    const src = await page.locator(`main ${GENERATED}`).first().getAttribute("src");
    const res = await page.request.get(src!);
    expect(res.headers()["content-type"]).toBe("image/svg+xml");
    expect(res.headers()["content-security-policy"]).toContain("sandbox");
  });
}

test("a signed-in creator sees their next steps on the home page, in both themes", async ({ page, context, site }) => {
  await site.setFlag("forum_enabled", true);
  await setConsentCookie(context, false);
  await gotoHydrated(page, "/en/auth/login");
  await page.getByLabel(tr("en", "auth:fields.email")).fill("lucia.juega@demo.nexoindie.test");
  await page.getByLabel(tr("en", "auth:fields.password")).fill("demo-creator-2026");
  await page.getByRole("button", { name: tr("en", "auth:login.submit") }).click();
  await expect(page).not.toHaveURL(/login/);
  for (const theme of ["light", "dark"] as const) {
    await setThemeCookie(context, theme);
    await gotoHydrated(page, "/en/");
    const hero = page.getByTestId("hero-actions");
    await expect(hero.getByRole("link")).toHaveText([
      tr("en", "site:home.action.dashboard"),
      tr("en", "site:home.action.community"),
      tr("en", "site:home.action.progress"),
    ]);
    await expect(page.getByRole("link", { name: tr("en", "site:home.audience.player.join") })).toHaveCount(0);
    await expectAvatarsDecoded(page);
  }
});
