import type { Page } from "@playwright/test";
import { expect, gotoHydrated, setConsentCookie, test, toasts, tr, type Locale } from "./fixtures";

/** Saves cookie preferences from the reopened banner, which confirms with a success toast. */
async function showSavedToast(page: Page, locale: Locale = "en") {
  const region = page.getByRole("region", { name: tr(locale, "consent.title") });
  await region.getByRole("button", { name: tr(locale, "consent.save") }).click();
  // Keep the pointer away from the toast: hovering pauses Radix's timer.
  await page.mouse.move(1, 1);
  const toast = toasts(page, locale).filter({ hasText: tr(locale, "consent.saved") });
  await expect(toast).toBeVisible();
  return toast;
}

test.beforeEach(async ({ context }) => {
  await setConsentCookie(context, false);
});

test("a toast stays about 5 seconds, then goes away by itself", async ({ page }) => {
  await gotoHydrated(page, "/en/about?cookies=preferences");
  const toast = await showSavedToast(page);
  const shownAt = Date.now();
  await expect(toast).toHaveAttribute("data-variant", "success");

  await page.waitForTimeout(Math.max(0, shownAt + 4000 - Date.now()));
  await expect(toast, "still there after 4 s").toBeVisible({ timeout: 100 });

  await expect(toast).toHaveCount(0, { timeout: 3000 });
  const goneAfter = Date.now() - shownAt;
  expect(goneAfter, "dismissed after ~5 s").toBeGreaterThanOrEqual(4500);
  expect(goneAfter, "dismissed after ~5 s").toBeLessThanOrEqual(6500);
});

test("F8 moves the focus to the notifications region (en and es)", async ({ page }) => {
  for (const locale of ["en", "es"] as const) {
    await gotoHydrated(page, `/${locale}/connect?cookies=preferences`);
    const label = tr(locale, "toast.region", { hotkey: "F8" });
    expect(label).toBe(locale === "en" ? "Notifications (F8)" : "Notificaciones (F8)");
    await showSavedToast(page, locale);
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    const focusedInRegion = () => page.evaluate((l) => !!document.activeElement?.closest(`[aria-label="${l}"]`), label);
    expect(await focusedInRegion()).toBe(false);
    await page.keyboard.press("F8");
    await expect.poll(focusedInRegion, { message: "focus inside the labelled notifications region" }).toBe(true);
    await page.mouse.move(1, 1);
  }
});

test("only one toast is shown at a time", async ({ page }) => {
  await gotoHydrated(page, "/en/about?cookies=preferences");
  await showSavedToast(page);
  // Reopen and save again: the new toast replaces the old one.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" }).click();
  await showSavedToast(page);
  await expect(toasts(page)).toHaveCount(1);
});

test("the close button dismisses a toast at once", async ({ page }) => {
  await gotoHydrated(page, "/en/about?cookies=preferences");
  const toast = await showSavedToast(page);
  await toast.getByRole("button", { name: tr("en", "toast.close") }).click();
  await expect(toast).toHaveCount(0, { timeout: 1000 });
});
