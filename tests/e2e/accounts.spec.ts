import sharp from "sharp";
import type { Page } from "@playwright/test";
import { ADMIN, asOwnClient, expect, gotoHydrated, LOCALES, setConsentCookie, test, tr, type Locale } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

/**
 * In Chromium and in both languages: a creator registers, confirms the email from the
 * mail, signs in, changes username and avatar and sees the public profile; a company registers, is held on
 * its verification page, an admin verifies it and the company's pages open; the admin panel link shows only
 * for Admin and Moderator.
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

test.beforeEach(async ({ context }) => {
  await setConsentCookie(context, false);
  await asOwnClient(context);
});

async function register(page: Page, locale: Locale, email: string, company?: { name: string; rep: string }) {
  await gotoHydrated(page, `/${locale}/auth/register`);
  if (company) {
    await page.getByRole("radio", { name: new RegExp(tr(locale, "auth:register.role.company")) }).check();
    await page.getByLabel(tr(locale, "auth:fields.companyName")).fill(company.name);
    await page.getByLabel(tr(locale, "auth:fields.representativeName")).fill(company.rep);
  } else {
    await page.getByRole("radio", { name: new RegExp(tr(locale, "auth:register.role.creator")) }).check();
  }
  await page.getByLabel(tr(locale, "auth:fields.username")).fill(
    email
      .split("@")[0]
      .replace(/[^A-Za-z0-9_-]/g, "_")
      .slice(0, 30),
  );
  await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
  await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill("journey-pass-64");
  await page.getByLabel(tr(locale, "auth:fields.confirmPassword")).fill("journey-pass-64");
  await page.getByRole("button", { name: tr(locale, "auth:register.submit") }).click();
}

async function signInAs(page: Page, locale: Locale, email: string, password: string) {
  await gotoHydrated(page, `/${locale}/auth/login`);
  await page.getByLabel(tr(locale, "auth:fields.email")).fill(email);
  await page.getByLabel(tr(locale, "auth:fields.password")).fill(password);
  await page.getByRole("button", { name: tr(locale, "auth:login.submit") }).click();
}

const openUserMenu = (page: Page, locale: Locale) => page.getByLabel(new RegExp(tr(locale, "auth.userMenu", { name: "" }).trim())).click();

async function signOut(page: Page, locale: Locale) {
  await openUserMenu(page, locale);
  await page.getByRole("button", { name: tr(locale, "auth.signOut") }).click();
  await expect(page).toHaveURL(/auth\/login$/);
}

for (const locale of LOCALES) {
  test.describe(`accounts in ${locale}`, () => {
    test("a creator registers, confirms, signs in, changes username and avatar, and sees the public profile", async ({ page }) => {
      const email = `journey-${unique()}@e2e.test`;
      await register(page, locale, email);
      await expect(page).toHaveURL(/dashboard\?welcome=1$/);
      await signOut(page, locale);

      // The link from the mail confirms the address and signs the person in.
      await page.goto(linkIn(await latestMailTo(email)));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "auth:callback.verified.title"));
      await signOut(page, locale);
      await signInAs(page, locale, email, "journey-pass-64");
      await expect(page).toHaveURL(/dashboard$/);

      // Username, checked while typing.
      const name = `hero_${unique()}`;
      await gotoHydrated(page, `/${locale}/account`);
      const field = page.getByRole("textbox", { name: tr(locale, "account:profile.username.label"), exact: true });
      await field.fill("admin");
      await expect(page.getByText(tr(locale, "errors:accounts.username_reserved"))).toBeVisible();
      await field.fill(name);
      await expect(page.getByText(tr(locale, "account:profile.username.available"))).toBeVisible();
      await page.getByRole("button", { name: tr(locale, "account:profile.username.submit") }).click();
      await expect(page.getByText(tr(locale, "account:profile.username.saved", { username: name }))).toBeVisible();

      // Avatar: a 900×600 PNG becomes a 512×512 WebP.
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 160, b: 90 } } })
        .png()
        .toBuffer();
      await page
        .getByLabel(tr(locale, "account:profile.avatar.file"))
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
      await page.getByRole("button", { name: tr(locale, "account:profile.avatar.submit") }).click();
      await expect(page.getByText(tr(locale, "account:profile.avatar.saved"))).toBeVisible();

      await gotoHydrated(page, `/${locale}/u/${name}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
      const img = page.locator("main img[src^='/media/avatars/']").first();
      await expect(img).toBeVisible();
      const res = await page.request.get((await img.getAttribute("src"))!);
      expect(res.headers()["content-type"]).toBe("image/webp");
      const meta = await sharp(await res.body()).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([512, 512, "webp"]);
      // Own menu: the profile link goes to the new name; no admin panel for a creator.
      await openUserMenu(page, locale);
      await expect(page.locator("details[open]").getByRole("link", { name: tr(locale, "auth.profile") })).toHaveAttribute(
        "href",
        `/${locale}/u/${name}`,
      );
      await expect(page.getByRole("link", { name: tr(locale, "auth.admin") })).toHaveCount(0);
    });

    test("a company is held on its verification page until an admin verifies it", async ({ page, newContext }) => {
      const email = `studio-${unique()}@e2e.test`;
      const companyName = `Estudio ${unique()}`;
      await register(page, locale, email, { name: companyName, rep: "Ana Rep" });
      await expect(page).toHaveURL(new RegExp(`/${locale}/company/verification$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      for (const path of ["/", "/about", "/dashboard", "/account"]) {
        await page.goto(`/${locale}${path === "/" ? "/" : path}`);
        await expect(page, path).toHaveURL(new RegExp(`/${locale}/company/verification$`));
      }

      // The admin verifies it from the companies tab (with its confirmation step).
      const adminCtx = await newContext();
      await asOwnClient(adminCtx);
      await setConsentCookie(adminCtx, false);
      const admin = await adminCtx.newPage();
      await signInAs(admin, locale, ADMIN.email, ADMIN.password);
      await expect(admin).toHaveURL(/dashboard$/);
      await openUserMenu(admin, locale);
      await admin
        .locator("details[open]")
        .getByRole("link", { name: tr(locale, "auth.admin") })
        .click();
      await expect(admin).toHaveURL(new RegExp(`/${locale}/admin$`));
      await gotoHydrated(admin, `/${locale}/admin/companies?q=${encodeURIComponent(companyName)}`);
      const card = admin.locator("article").filter({ hasText: companyName });
      await card
        .locator("summary")
        .filter({ hasText: tr(locale, "admin:companies.verify") })
        .click();
      await card.getByRole("button", { name: tr(locale, "admin:companies.confirmVerifyButton") }).click();
      await expect(admin.getByText(tr(locale, "admin:companies.verified", { name: companyName }))).toBeVisible();
      const mail = await latestMailTo(email);
      expect(mail.subject).toBe(tr(locale, "mail:company-verified.subject", { companyName }));

      // The company's pages open now.
      await gotoHydrated(page, `/${locale}/dashboard`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard$`));
      await expect(page.getByText(tr(locale, "dashboard:lead.company"))).toBeVisible();
      await page.getByRole("link", { name: new RegExp(tr(locale, "dashboard:actions.companyPage.title")) }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(companyName);
      await openUserMenu(page, locale);
      await expect(page.locator("details[open]").getByRole("link", { name: tr(locale, "auth.campaigns") })).toHaveAttribute(
        "href",
        `/${locale}/company/campaigns`,
      );
      await expect(page.getByRole("link", { name: tr(locale, "auth.admin") })).toHaveCount(0);
    });

    test("a person downloads their data and deletes the account after confirming the password", async ({ page, diagnostics }) => {
      diagnostics.allowResponse(/\/auth\/login\.data/, 401);
      const email = `leaver-${unique()}@e2e.test`;
      await register(page, locale, email);
      await expect(page).toHaveURL(/dashboard\?welcome=1$/);
      await gotoHydrated(page, `/${locale}/account/data`);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: tr(locale, "account:data.export.link") }).click();
      const file = await (await download).path();
      const exported = JSON.parse((await import("node:fs")).readFileSync(file!, "utf8"));
      expect(JSON.stringify(exported)).toContain(email);
      expect(JSON.stringify(exported)).not.toMatch(/\$argon2id\$/);

      await page.getByLabel(tr(locale, "account:data.delete.password")).fill("journey-pass-64");
      await page.getByLabel(tr(locale, "account:data.delete.confirm")).check();
      await page.getByRole("button", { name: tr(locale, "account:data.delete.submit") }).click();
      await expect(page.locator(".toast")).toContainText(tr(locale, "flash.accountDeleted"));
      await expect(page).toHaveURL(new RegExp(`/${locale}/?$`));
      await expect(page.getByRole("link", { name: tr(locale, "auth.signIn") }).first()).toBeVisible();
      await signInAs(page, locale, email, "journey-pass-64");
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(tr(locale, "errors:auth.invalid_credentials"));
    });

    test("the admin panel link shows for a Moderator, and the panel hides what a Moderator cannot use", async ({ page }) => {
      await signInAs(page, locale, "moderator@demo.nexoindie.test", "demo-moderator-2026");
      await expect(page).toHaveURL(/dashboard$/);
      await openUserMenu(page, locale);
      await page
        .locator("details[open]")
        .getByRole("link", { name: tr(locale, "auth.admin") })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/admin$`));
      const nav = page
        .getByRole("navigation")
        .filter({ has: page.getByRole("link", { name: tr(locale, "admin:nav.roles") }) })
        .first();
      await expect(nav.getByRole("link", { name: tr(locale, "admin:nav.companies") })).toBeVisible();
      await expect(nav.getByRole("link", { name: tr(locale, "admin:nav.mail") })).toHaveCount(0);
      await expect(nav.getByRole("link", { name: tr(locale, "admin:nav.settings") })).toHaveCount(0);
    });
  });
}
