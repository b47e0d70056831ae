import { asOwnClient, expect, expectNoViolations, gotoHydrated, LOCALES, setConsentCookie, test, toasts, tr } from "./fixtures";

/**
 * In Chromium and in both languages: a person who only wants to play signs up as a player
 * under a username they choose (checked as they type), gets past a failed attempt without its error following
 * them to the welcome page, and later becomes a creator from /account.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test.beforeEach(async ({ context }) => {
  await setConsentCookie(context, false);
  await asOwnClient(context);
});

for (const locale of LOCALES) {
  test(`sign up as a player, then become a creator (${locale})`, async ({ page, diagnostics }) => {
    diagnostics.allowResponse(/\/auth\/register\.data/, 409);
    const name = `player_${unique()}`;
    const email = `${name}@e2e.test`;
    await gotoHydrated(page, `/${locale}/auth/register`);

    // "Player" is offered, and chosen unless the person picks another role.
    const player = page.getByRole("radio", { name: new RegExp(tr(locale, "auth:register.role.player")) });
    await expect(player).toBeChecked();
    await expect(page.getByText(tr(locale, "auth:register.role.playerHint"))).toBeVisible();

    // The username is asked for, and checked as it is typed: reserved, taken by a demo creator, free.
    await expectNoViolations(page, `/${locale}/auth/register (player)`);
    const username = page.getByLabel(tr(locale, "auth:fields.username"));
    const status = page.locator("p[aria-live=polite]").filter({ hasNotText: /^$/ });
    await username.fill("admin");
    await expect(status).toHaveText(tr(locale, "errors:accounts.username_reserved"));
    await username.fill("LUCIA_JUEGA");
    await expect(status).toHaveText(tr(locale, "errors:accounts.username_taken"));
    await expectNoViolations(page, `/${locale}/auth/register (a taken username)`);
    await username.fill(name);
    await expect(status).toHaveText(tr(locale, "auth:register.usernameAvailable"));

    // A failed attempt: the name is taken. The error is said beside the field and in a toast; nothing typed is lost.
    await username.fill("lucia_juega");
    await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
    await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("player-pass-64");
    await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("player-pass-64");
    await page.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();
    const failed = toasts(page, locale).filter({ hasText: tr(locale, "auth:register.failedTitle") });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText(tr(locale, "errors:accounts.username_taken"));
    await expect(page.locator("p[id$='-username-error']")).toHaveText(tr(locale, "errors:accounts.username_taken"));
    await expect(username).toHaveAttribute("aria-invalid", "true");
    // Said above the form and beside the field, not a third time by the check as it is typed.
    await expect(page.getByRole("main").getByText(tr(locale, "errors:accounts.username_taken"), { exact: true })).toHaveCount(2);
    await expect(username).toHaveValue("lucia_juega");
    await expect(page.getByLabel(tr(locale, "auth:fields.email"))).toHaveValue(email);
    await expect(player).toBeChecked();

    // The pointer rests on the error (which pauses its timer), and the person fixes the name and sends the form
    // again from the keyboard: the success must clear the earlier error, not leave it on the welcome page.
    await failed.hover();
    await username.fill(name);
    await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("player-pass-64");
    await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("player-pass-64");
    await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard\\?welcome=1$`));
    await expect(page.getByText(tr(locale, "dashboard:welcome", { email }))).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "dashboard:hello", { name }));
    await expect(page.getByText(tr(locale, "dashboard:lead.member"))).toBeVisible();
    await expect(failed).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: tr(locale, "errors:accounts.username_taken") })).toHaveCount(0);

    // The public profile says "Player".
    await gotoHydrated(page, `/${locale}/u/${name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("main").getByText(tr(locale, "profile:role.player"), { exact: true })).toBeVisible();

    // Later, from /account: become a creator, after a confirmation.
    await gotoHydrated(page, `/${locale}/account`);
    const section = page.getByRole("region", { name: tr(locale, "account:profile.role.heading") });
    await expect(section.getByText(tr(locale, "account:profile.role.player"))).toBeVisible();
    const confirm = section.getByRole("button", { name: tr(locale, "account:profile.role.confirm") });
    await expect(confirm).toBeHidden();
    await section.getByText(tr(locale, "account:profile.role.become"), { exact: true }).click();
    await expect(section.getByText(tr(locale, "account:profile.role.confirmText"))).toBeVisible();
    await expectNoViolations(page, `/${locale}/account (a player, confirming)`);
    await confirm.click();
    await expect(section.getByText(tr(locale, "account:profile.role.done"))).toBeVisible();
    await expect(section.getByText(tr(locale, "account:profile.role.become"), { exact: true })).toHaveCount(0);

    await gotoHydrated(page, `/${locale}/u/${name}`);
    await expect(page.getByRole("main").getByText(tr(locale, "profile:role.creator"), { exact: true })).toBeVisible();
  });
}
