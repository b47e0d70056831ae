import type { BrowserContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { ACCOUNT_TABS } from "#app/features/account/tabs";
import {
  BASE_URL,
  expect,
  expectNoViolationsInBothThemes,
  fullTitle,
  gotoHydrated,
  LOCALES,
  setConsentCookie,
  setLanguageCookie,
  setThemeCookie,
  test,
  tr,
  type Locale,
} from "./fixtures";
import { registerMember } from "./members";

/**
 * In Chromium, in both languages: the file field speaks the page's language (not the browser's) and still
 * uploads, with and without JavaScript; dates are the browser's date field, checked by the server; the account's
 * tabs are one scrollable row on a phone; the resources wiki has a table of contents that jumps to its
 * sections (sticky beside the text on a wide screen, a disclosure on a phone); the 404 page's title has the
 * site's suffix like every other page.
 */
const CREATOR = { email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026" };
const ADMIN = { email: "admin@demo.nexoindie.test", password: "demo-admin-2026" };

type State = Awaited<ReturnType<BrowserContext["storageState"]>>;
const states = new Map<"creator" | "admin", State>();
/** One API sign-in per person per worker (sign-in is rate limited), each from its own client address. */
test.beforeAll(async ({ playwright }) => {
  let n = 0;
  for (const [who, account] of [
    ["creator", CREATOR],
    ["admin", ADMIN],
  ] as const) {
    const ctx = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.93.${Date.now() % 200}.${++n}` },
    });
    const res = await ctx.post("/api/auth/sign-in/email", { data: account });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await ctx.storageState());
    await ctx.dispose();
  }
});

async function pageAs(newContext: (o?: object) => Promise<BrowserContext>, who: "creator" | "admin" | null, locale: Locale, width = 1280) {
  const context = await newContext({
    storageState: who ? states.get(who) : undefined,
    viewport: { width, height: 900 },
  });
  await setLanguageCookie(context, locale);
  await setConsentCookie(context, false);
  return context.newPage();
}

/** Does the document scroll sideways? */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

for (const locale of LOCALES) {
  test.describe(`controls and pages in ${locale}`, () => {
    test("the avatar's file field says everything in the page's language and uploads, with and without JavaScript", async ({
      page,
      context,
      newContext,
    }) => {
      await registerMember(context, page, locale, "filer");
      await gotoHydrated(page, `/${locale}/account`);
      const input = page.getByLabel(tr(locale, "account:profile.avatar.file"));
      const field = input.locator("xpath=../..");
      // The browser's own control is there (focusable, named by the field's label) but not seen.
      await expect(input).toHaveAttribute("type", "file");
      const box = await input.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(1);
      // Our button and our sentence instead, in the page's language.
      await expect(field.getByText(tr(locale, "ui.fileInput.choose"), { exact: true })).toBeVisible();
      await expect(field.getByText(tr(locale, "ui.fileInput.none"), { exact: true })).toBeVisible();

      await input.setInputFiles({ name: "pixel-hero.png", mimeType: "image/png", buffer: await png() });
      await expect(field.getByText(tr(locale, "ui.fileInput.chosen", { name: "pixel-hero.png" }), { exact: true })).toBeVisible();
      await expect(field.getByText(tr(locale, "ui.fileInput.change"), { exact: true })).toBeVisible();
      // The file's name is read with the field.
      await expect(input).toHaveAccessibleDescription(new RegExp(tr(locale, "ui.fileInput.chosen", { name: "pixel-hero.png" })));

      await page.getByRole("button", { name: tr(locale, "account:profile.avatar.submit") }).click();
      await expect(page.getByText(tr(locale, "account:profile.avatar.saved"))).toBeVisible();
      // The form is reset after the upload: nothing chosen any more.
      await expect(field.getByText(tr(locale, "ui.fileInput.none"), { exact: true })).toBeVisible();
      await expect(page.locator("figure img").first()).toHaveAttribute("src", /^\/media\/avatars\//);

      // Before any JavaScript: the label opens the picker and the form posts the file.
      const noJs = await newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
      await setLanguageCookie(noJs, locale);
      const plain = await noJs.newPage();
      await plain.goto(`/${locale}/account`);
      const plainInput = plain.getByLabel(tr(locale, "account:profile.avatar.file"));
      await expect(plain.getByText(tr(locale, "ui.fileInput.choose"), { exact: true })).toBeVisible();
      await plainInput.setInputFiles({ name: "second.png", mimeType: "image/png", buffer: await png() });
      await plain.getByRole("button", { name: tr(locale, "account:profile.avatar.submit") }).click();
      await expect(plain.getByText(tr(locale, "account:profile.avatar.saved"))).toBeVisible();
    });

    test("the ban's date is the platform's date field; the server refuses a missing or impossible date and keeps what was typed", async ({
      page,
      context,
      newContext,
      diagnostics,
    }) => {
      // The refused date answers 400, as it should.
      diagnostics.allowResponse(/\/admin\/forum\/users\.data/, 400);
      const member = await registerMember(context, page, locale, "dated");
      const admin = await pageAs(newContext, "admin", locale);
      await gotoHydrated(admin, `/${locale}/admin/forum/users?q=${member}`);
      const row = admin.getByRole("article").filter({ has: admin.getByRole("heading", { name: member, exact: true }) });
      await row
        .locator("summary", { hasText: tr(locale, "admin:forum.users.ban") })
        .first()
        .click();
      const reason = locale === "es" ? "Prueba de fecha" : "Date check";
      await row.getByLabel(tr(locale, "admin:forum.users.reasonLabel")).fill(reason);
      await row.getByLabel(tr(locale, "admin:forum.users.durationUntil")).check();
      // One field, the browser's own date control (a picker on phones), filled with the suggested day.
      const until = row.getByLabel(tr(locale, "admin:forum.users.untilLabel"), { exact: true });
      await expect(until).toHaveAttribute("type", "date");
      await expect(until).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      await until.fill("");
      await row.getByRole("button", { name: tr(locale, "admin:forum.users.confirmBanButton") }).click();

      // Refused, said in the page's language before the field, the rest of the form as typed.
      await expect(row.getByText(tr(locale, "errors:input.date_required"))).toBeVisible();
      await expect(until).toHaveAttribute("aria-invalid", "true");
      await expect(row.getByLabel(tr(locale, "admin:forum.users.reasonLabel"))).toHaveValue(reason);
      await expect(row.locator("summary", { hasText: tr(locale, "admin:forum.users.unban") })).toHaveCount(0);

      // A real day is accepted: the ban ends when that day begins (UTC).
      await until.fill("2031-03-01");
      await row.getByRole("button", { name: tr(locale, "admin:forum.users.confirmBanButton") }).click();
      const shown = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { timeZone: "UTC", dateStyle: "medium" }).format(
        new Date("2031-03-01T00:00:00Z"),
      );
      await expect(admin.getByText(tr(locale, "admin:forum.users.bannedUntil", { name: member, date: shown }))).toBeVisible();

      // The audit log's date filters (a GET form): a day that does not exist is no filter, and says so.
      await gotoHydrated(admin, `/${locale}/admin/audit?from=2026-04-31`);
      const from = admin.getByLabel(tr(locale, "admin:audit.from"), { exact: true });
      await expect(from).toHaveAttribute("type", "date");
      await expect(admin.getByText(tr(locale, "errors:input.date_invalid"))).toBeVisible();
      await expect(from).toHaveAttribute("aria-invalid", "true");
      // A real day filters: nothing happened before 2000.
      await admin.getByLabel(tr(locale, "admin:audit.to"), { exact: true }).fill("2000-01-01");
      await admin.getByRole("button", { name: tr(locale, "admin:audit.apply") }).click();
      await expect(admin).toHaveURL(/to=2000-01-01/);
      await expect(admin.getByText(tr(locale, "admin:audit.noResults"))).toBeVisible();
    });

    test("the account's tabs are one row that scrolls on its own at 390 px, with the current tab in view", async ({ newContext }) => {
      const page = await pageAs(newContext, "creator", locale, 390);
      await gotoHydrated(page, `/${locale}/account/avatar`);
      const nav = page.getByRole("navigation", { name: tr(locale, "account:tabs.label") });
      const row = nav.getByRole("list");
      const tabs = nav.getByRole("link");
      await expect(tabs).toHaveCount(ACCOUNT_TABS.length);
      const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(new Set(tops).size, `tab tops ${tops.join(", ")}`).toBe(1);
      // The row is wider than the screen and scrolls itself; the page does not.
      expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await pageScrollsSideways(page)).toBe(false);
      // The current tab (the last one) was brought into view.
      const current = nav.locator('[aria-current="page"]');
      await expect(current).toHaveText(tr(locale, "account:tabs.avatar"));
      const inside = (tab: Locator) =>
        tab.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const box = el.closest("ul")!.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1;
        });
      expect(await inside(current)).toBe(true);

      // From the keyboard: each tab comes into view with a visible focus ring drawn inside it.
      const first = tabs.first();
      for (let i = 0; i < 60 && !(await first.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect(first).toBeFocused();
      expect(await inside(first)).toBe(true);
      const ring = await first.evaluate((el) => {
        const cs = getComputedStyle(el);
        return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), offset: parseFloat(cs.outlineOffset) };
      });
      expect(ring.style).not.toBe("none");
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.offset).toBeLessThan(0);
      expect(await pageScrollsSideways(page)).toBe(false);
      await tabs.first().click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/account$`));
      await expect(nav.locator('[aria-current="page"]')).toHaveText(tr(locale, "account:tabs.profile"));
    });

    test("the resources wiki: a sticky table of contents at 1280 px, a disclosure at 390 px, links that jump to their sections", async ({
      newContext,
    }) => {
      const wide = await pageAs(newContext, null, locale, 1280);
      await gotoHydrated(wide, `/${locale}/resources`);
      const aside = wide.getByRole("navigation", { name: tr(locale, "site:resources.toc") });
      await expect(aside).toHaveCount(1);
      await expect(aside).toBeVisible();
      await expect(wide.locator('[data-toc="details"]')).toBeHidden();
      await aside.getByRole("link", { name: tr(locale, "site:resources.gamificationGuide.title") }).click();
      await expect(wide).toHaveURL(/#xp$/);
      const heading = wide.getByRole("heading", { level: 2, name: tr(locale, "site:resources.gamificationGuide.title") });
      await expect(heading).toBeInViewport();
      // Still in view far down the page, beside the text (at the very end the footer takes the bottom of the
      // screen and the table of contents leaves with the column it belongs to, as sticky elements do).
      await wide.evaluate(() => document.querySelector("#jobs")!.scrollIntoView());
      await expect(aside).toBeInViewport();
      const top = (await aside.boundingBox())!.y;
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(120);
      // A comfortable reading width: the text column is at most about 70 characters wide.
      const text = await wide
        .locator("#flags p")
        .first()
        .evaluate((el) => {
          const ch = parseFloat(getComputedStyle(el).fontSize) * 0.55;
          return el.getBoundingClientRect().width / ch;
        });
      expect(text).toBeLessThanOrEqual(80);

      const phone = await pageAs(newContext, null, locale, 390);
      await gotoHydrated(phone, `/${locale}/resources`);
      expect(await pageScrollsSideways(phone)).toBe(false);
      const details = phone.locator('[data-toc="details"]');
      await expect(details).toBeVisible();
      await expect(phone.locator('[data-toc="aside"]')).toBeHidden();
      await expect(details).not.toHaveAttribute("open", "");
      await details.locator("summary").click();
      await details.getByRole("link", { name: tr(locale, "site:resources.forumAdmin.title") }).click();
      await expect(phone).toHaveURL(/#forum-admin$/);
      await expect(phone.getByRole("heading", { level: 2, name: tr(locale, "site:resources.forumAdmin.title") })).toBeInViewport();
      // Every level reads differently in the level table.
      await phone.locator("#xp details summary").click();
      const names = await phone.locator("#xp table tbody td:nth-child(2)").allInnerTexts();
      expect(names.length).toBeGreaterThan(10);
      expect(new Set(names).size).toBe(names.length);
      expect(await pageScrollsSideways(phone)).toBe(false);
    });

    test("axe finds nothing on the new controls and pages, light and dark", async ({ newContext, diagnostics }) => {
      diagnostics.allowResponse(/\/admin\/forum\/users\.data/, 400);
      const themed = async (who: "creator" | "admin" | null, width: number) => {
        const page = await pageAs(newContext, who, locale, width);
        // Loaded light; each check switches to dark for the colour rules (axe.ts).
        await setThemeCookie(page.context(), "light");
        return page;
      };
      // The file field with a file chosen, and the account's tabs on a phone.
      const phone = await themed("creator", 390);
      await gotoHydrated(phone, `/${locale}/account`);
      await phone
        .getByLabel(tr(locale, "account:profile.avatar.file"))
        .setInputFiles({ name: "a.png", mimeType: "image/png", buffer: await png() });
      await expectNoViolationsInBothThemes(phone, `account profile tab at 390 px (${locale})`);
      // The resources wiki: the disclosure opened on a phone, the sticky contents on a wide screen.
      await gotoHydrated(phone, `/${locale}/resources`);
      await phone.locator('[data-toc="details"] summary').click();
      await expectNoViolationsInBothThemes(phone, `resources at 390 px (${locale})`);
      // The date fields refused, in the ban panel and in the audit log's filters.
      const admin = await themed("admin", 1280);
      await gotoHydrated(admin, `/${locale}/admin/audit?from=2026-04-31`);
      await expect(admin.getByText(tr(locale, "errors:input.date_invalid"))).toBeVisible();
      await expectNoViolationsInBothThemes(admin, `audit log with a refused date (${locale})`);
      await gotoHydrated(admin, `/${locale}/admin/forum/users?q=pixel_pete`);
      const row = admin.getByRole("article").first();
      await row
        .locator("summary", { hasText: tr(locale, "admin:forum.users.ban") })
        .first()
        .click();
      await row.getByLabel(tr(locale, "admin:forum.users.reasonLabel")).fill("axe check");
      await row.getByLabel(tr(locale, "admin:forum.users.durationUntil")).check();
      await row.getByLabel(tr(locale, "admin:forum.users.untilLabel"), { exact: true }).fill("");
      await row.getByRole("button", { name: tr(locale, "admin:forum.users.confirmBanButton") }).click();
      await expect(row.getByText(tr(locale, "errors:input.date_required"))).toBeVisible();
      // Back at the top: where the page happens to be scrolled, the sticky header may cover part of a control
      // for a moment (axe counts that as a small target); what is checked is the panel, not the scroll position.
      await admin.evaluate(() => window.scrollTo(0, 0));
      await expectNoViolationsInBothThemes(admin, `ban panel with a refused date (${locale})`);
      const wide = await themed(null, 1280);
      await gotoHydrated(wide, `/${locale}/resources`);
      await expectNoViolationsInBothThemes(wide, `resources at 1280 px (${locale})`);
    });

    test("the 404 page's title ends with the site's suffix, as every page's does", async ({ page }) => {
      const res = await page.goto(`/${locale}/no-such-page-${Date.now()}`);
      expect(res!.status()).toBe(404);
      await expect(page).toHaveTitle(fullTitle(locale, tr(locale, "errors.notFoundTitle")));
    });
  });
}
