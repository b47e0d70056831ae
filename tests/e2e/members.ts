import type { BrowserContext, Page } from "@playwright/test";
import { asOwnClient, BASE_URL, decodeEntities, expect, setConsentCookie, tr, type Locale } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * A new member, made as a browser without JavaScript makes one: the registration form posted from the
 * browser context (its cookies, its own client address), then the link of the verification email from the
 * real mailbox opened in the same context, which signs it in. Returns the username it chose
 * (`<prefix>_<unique>`), as a player. New members are not held by the demo accounts' first-day posting limits.
 * The page itself, in Chromium with JavaScript, is sign-up.spec.ts's and auth.spec.ts's subject; the flows that
 * only need a new member do not pay for it again.
 */
export async function registerMember(context: BrowserContext, _page: Page, locale: Locale, prefix: string): Promise<string> {
  await asOwnClient(context);
  await setConsentCookie(context, false);
  const username = `${prefix}_${unique()}`;
  const email = `${username}@e2e.test`;
  const res = await context.request.post(`/${locale}/auth/register`, {
    headers: { origin: BASE_URL },
    form: { redirectTo: "/dashboard", role: "player", username, email, password: "member-pass-64", confirmPassword: "member-pass-64" },
    maxRedirects: 0,
  });
  expect(res.status(), `registration of ${username}: ${res.status() === 303 ? "" : (await res.text()).slice(0, 300)}`).toBe(303);
  expect(res.headers().location).toMatch(/dashboard\?welcome=1$/);
  const verified = await context.request.get(linkIn(await latestMailTo(email)));
  expect(verified.status()).toBe(200);
  expect(new URL(verified.url()).pathname).toBe(`/${locale}/auth/callback`);
  expect(decodeEntities(await verified.text())).toContain(tr(locale, "auth:callback.verified.title"));
  return username;
}
