import { expect, gotoHydrated, LOCALES, test, tr } from "./fixtures";
import { registerMember } from "./members";

/**
 * The rendered avatar arriving live in Chromium: a new member asks for a drawing on /account/avatar, the job
 * queue renders it, and the page shows it (and says so) from the realtime message, without a reload; choosing
 * it makes it the member's picture in the header.
 */
for (const locale of LOCALES) {
  test(`a render requested on /account/avatar arrives live and can become the picture (${locale})`, async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    await registerMember(context, page, locale, "avatar");
    await gotoHydrated(page, `/${locale}/account/avatar`);
    await expect(page.getByText(tr(locale, "avatar:current.none"))).toBeVisible();
    await expect(page.locator('main img[src^="/media/avatars/rendered/"]')).toHaveCount(0);

    await page.getByRole("button", { name: tr(locale, "avatar:render.submit") }).click();
    await expect(page.getByText(tr(locale, "avatar:state.arrived"))).toBeVisible({ timeout: 20_000 });
    const picture = page.getByRole("img", { name: tr(locale, "avatar:current.alt") });
    await expect(picture).toBeVisible();
    // The new picture's file may still be on its way when the image element appears: wait for it to load.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(256);

    await page.getByText(tr(locale, "avatar:choice.rendered")).click();
    await page.getByRole("button", { name: tr(locale, "avatar:choice.submit") }).click();
    await expect(page.getByText(tr(locale, "avatar:choice.saved")).first()).toBeVisible();
    await page.reload();
    await expect(page.locator('header img[src^="/media/avatars/rendered/"]').first()).toBeVisible();
    await context.close();
  });
}
