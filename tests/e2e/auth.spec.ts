import { asOwnClient, expect, gotoHydrated, LOCALES, setConsentCookie, test, toasts, tr } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

/**
 * Registration, email verification, sign-in, sign-out and recovery in Chromium, in both languages, with
 * JavaScript (the same forms work without it: see server/http/auth-pages.test.ts).
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ context }) => {
  await setConsentCookie(context, false);
  await asOwnClient(context);
});

for (const locale of LOCALES) {
  test.describe(`auth in ${locale}`, () => {
    test("register a creator, confirm the email from the mail, sign out and sign in again", async ({ page }) => {
      const email = `creator-${unique()}@e2e.test`;
      await gotoHydrated(page, `/${locale}/auth/register`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "auth:register.title"));
      // The company fields show only for the company role.
      await expect(page.getByLabel(tr(locale, "auth:fields.companyName"))).toBeHidden();
      await page.getByRole("radio", { name: new RegExp(tr(locale, "auth:register.role.company")) }).check();
      await expect(page.getByLabel(tr(locale, "auth:fields.companyName"))).toBeVisible();
      await page.getByRole("radio", { name: new RegExp(tr(locale, "auth:register.role.creator")) }).check();

      await page.getByLabel(tr(locale, "auth:fields.username")).fill(`creator_${unique()}`);
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("lantern-fish-42");
      await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("lantern-fish-42");
      await page.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();

      await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard\\?welcome=1$`));
      await expect(page.getByText(tr(locale, "dashboard:welcome", { email }))).toBeVisible();
      await expect(page.getByText(tr(locale, "auth.unverifiedNotice"))).toBeVisible();

      const mail = await latestMailTo(email);
      expect(mail.subject).toBe(tr(locale, "mail:verify-email.subject"));
      await page.goto(linkIn(mail));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "auth:callback.verified.title"));
      await expect(page.getByText(tr(locale, "auth.unverifiedNotice"))).toHaveCount(0);

      // Sign out from the user menu: to the login page.
      await page.getByLabel(new RegExp(tr(locale, "auth.userMenu", { name: "" }).trim())).click();
      await page.getByRole("button", { name: tr(locale, "auth.signOut") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login$`));

      // A protected page sends a visitor to /login and back after signing in.
      await page.goto(`/${locale}/dashboard`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/login\\?redirectTo=%2Fdashboard$`));
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await page.getByLabel(tr(locale, "auth:fields.password")).fill("lantern-fish-42");
      await page.getByRole("button", { name: tr(locale, "auth:login.submit") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(tr(locale, "dashboard:hello", { name: "" }).trim());
    });

    test("a failed sign-out says 'Sign out Failed' and keeps the person signed in", async ({ page, diagnostics }) => {
      diagnostics.allowResponse(/\/api\/v1\/session\/sign-out/, 500);
      const email = `stay-${unique()}@e2e.test`;
      await gotoHydrated(page, `/${locale}/auth/register`);
      await page.getByLabel(tr(locale, "auth:fields.username")).fill(`stay_${unique()}`);
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("stay-pass-81");
      await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("stay-pass-81");
      await page.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();
      await expect(page).toHaveURL(/dashboard/);
      // The server cannot be reached for the sign-out (a network or server failure).
      await page.route("**/api/v1/session/sign-out", (route) => route.fulfill({ status: 500, body: "{}" }));
      await page.getByLabel(new RegExp(tr(locale, "auth.userMenu", { name: "" }).trim())).click();
      await page.getByRole("button", { name: tr(locale, "auth.signOut") }).click();
      await expect(toasts(page, locale)).toContainText(tr(locale, "auth.signOutFailed"));
      await expect(page).toHaveURL(/dashboard/);
    });

    test("a failed sign-in shows 'Sign in Failed' with the server's message and keeps the email", async ({ page, diagnostics }) => {
      diagnostics.allowResponse(/\/auth\/login\.data/, 400);
      diagnostics.allowResponse(/\/auth\/login\.data/, 401);
      await gotoHydrated(page, `/${locale}/auth/login`);
      await page.getByLabel(tr(locale, "auth:fields.email")).fill("nobody-here@e2e.test");
      await page.getByLabel(tr(locale, "auth:fields.password")).fill("not-the-password");
      await page.getByRole("button", { name: tr(locale, "auth:login.submit") }).click();
      const toast = toasts(page, locale);
      await expect(toast).toContainText(tr(locale, "auth:login.failedTitle"));
      await expect(toast).toContainText(tr(locale, "errors:auth.invalid_credentials"));
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(tr(locale, "errors:auth.invalid_credentials"));
      await expect(page.getByLabel(tr(locale, "auth:fields.email"))).toHaveValue("nobody-here@e2e.test");
    });

    test("registration errors are shown beside their fields and nothing typed is lost", async ({ page, diagnostics }) => {
      diagnostics.allowResponse(/\/register\.data/, 400);
      await gotoHydrated(page, `/${locale}/register`);
      await page.getByRole("radio", { name: new RegExp(tr(locale, "auth:register.role.company")) }).check();
      const name = `mismatch_${unique()}`;
      await page.getByLabel(tr(locale, "auth:fields.username")).fill(name);
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(`mismatch-${unique()}@e2e.test`);
      await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("lantern-fish-42");
      await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("lantern-fish-43");
      await page.getByLabel(tr(locale, "auth:fields.companyName")).fill("Estudio Prueba");
      await page.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();
      await expect(toasts(page, locale)).toContainText(tr(locale, "auth:register.failedTitle"));
      const confirm = page.getByLabel(tr(locale, "auth:fields.confirmPassword"));
      await expect(confirm).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(tr(locale, "errors:auth.password_mismatch"))).toBeVisible();
      await expect(page.getByText(tr(locale, "errors:auth.representative_required"))).toBeVisible();
      await expect(page.getByLabel(tr(locale, "auth:fields.companyName"))).toHaveValue("Estudio Prueba");
      await expect(page.getByLabel(tr(locale, "auth:fields.username"))).toHaveValue(name);
      await expect(page.getByRole("radio", { name: new RegExp(tr(locale, "auth:register.role.company")) })).toBeChecked();
    });

    test("recover a password by email link", async ({ page, newContext }) => {
      const email = `recover-${unique()}@e2e.test`;
      // An account made through the page, then forgotten.
      const maker = await newContext();
      await asOwnClient(maker);
      const p = await maker.newPage();
      await gotoHydrated(p, `/${locale}/auth/register`);
      await p.getByLabel(tr(locale, "auth:fields.username")).fill(`recover_${unique()}`);
      await p.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await p.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("first-pass-81");
      await p.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("first-pass-81");
      await p.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();
      await expect(p).toHaveURL(/dashboard/);

      const asked = Date.now();
      await gotoHydrated(page, `/${locale}/auth/forgot-password`);
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await page.getByRole("button", { name: tr(locale, "auth:forgot.submit") }).click();
      await expect(page.getByText(tr(locale, "auth:forgot.sent", { email }))).toBeVisible();
      const mail = await latestMailTo(email, asked);
      expect(mail.subject).toBe(tr(locale, "mail:reset-password.subject"));
      await page.goto(linkIn(mail));
      await page.getByLabel(tr(locale, "auth:fields.newPassword")).fill("second-pass-82");
      await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("second-pass-82");
      await page.getByRole("button", { name: tr(locale, "auth:reset.submit") }).click();
      await expect(page.getByText(tr(locale, "auth:reset.done"))).toBeVisible();
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await page.getByLabel(tr(locale, "auth:fields.password")).fill("second-pass-82");
      await page.getByRole("button", { name: tr(locale, "auth:login.submit") }).click();
      await expect(page).toHaveURL(/dashboard$/);
      // The other browser was signed out by the reset.
      await p.goto(`/${locale}/dashboard`);
      await expect(p).toHaveURL(/auth\/login\?expired=1/);
    });

    test("sign in with a one-time code", async ({ page }) => {
      const email = `code-${unique()}@e2e.test`;
      await gotoHydrated(page, `/${locale}/auth/register`);
      await page.getByLabel(tr(locale, "auth:fields.username")).fill(`code_${unique()}`);
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("code-pass-81");
      await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("code-pass-81");
      await page.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();
      await expect(page).toHaveURL(/dashboard/);
      await page.context().clearCookies({ name: "better-auth.session_token" });

      const asked = Date.now();
      await gotoHydrated(page, `/${locale}/auth/code`);
      await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
      await page.getByRole("button", { name: tr(locale, "auth:code.send") }).click();
      const mail = await latestMailTo(email, asked);
      const code = /\b(\d{6})\b/.exec(mail.text)![1];
      await page.getByLabel(tr(locale, "auth:fields.code")).fill(code);
      await page.getByRole("button", { name: tr(locale, "auth:code.submit") }).click();
      await expect(page).toHaveURL(/dashboard$/);
    });
  });
}
