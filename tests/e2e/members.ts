import type { BrowserContext, Page } from "@playwright/test";
import { asOwnClient, expect, gotoHydrated, setConsentCookie, tr, type Locale } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * A new member as people become one: registers through the page (from its own client address), confirms the
 * email from the real mailbox, and returns the username it chose (`<prefix>_<unique>`), as a player. New members are not held by
 * the demo accounts' first-day posting limits.
 */
export async function registerMember(context: BrowserContext, page: Page, locale: Locale, prefix: string): Promise<string> {
  await asOwnClient(context);
  await setConsentCookie(context, false);
  const username = `${prefix}_${unique()}`;
  const email = `${username}@e2e.test`;
  await gotoHydrated(page, `/${locale}/auth/register`);
  await page.getByLabel(tr(locale, "auth:fields.username")).fill(username);
  await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
  await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("member-pass-64");
  await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("member-pass-64");
  await page.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();
  await expect(page).toHaveURL(/dashboard\?welcome=1$/);
  await page.goto(linkIn(await latestMailTo(email)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "auth:callback.verified.title"));
  return username;
}
