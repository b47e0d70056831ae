import type { BrowserContext, Page } from "@playwright/test";
import {
  expect,
  expectNoViolations,
  gotoHydrated,
  isSameDocument,
  LOCALES,
  markDocument,
  setConsentCookie,
  setThemeCookie,
  test,
  toasts,
  unreadInBell,
  tr,
  type Locale,
} from "./fixtures";
import { registerMember } from "./members";

/**
 * The notifications in Chromium, in both languages: member A has a page open, member B replies to A's
 * thread, and A's bell count rises without a reload (and is announced); the bell's menu lists the reply and
 * marks everything read; the notifications page lists it; the settings tab saves with a toast. axe checks
 * the menu, /notifications and the settings tab, light and dark.
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** Registers a creator through the page and confirms the email from the mail. */
const newMember = (context: BrowserContext, page: Page, locale: Locale) => registerMember(context, page, locale, "notes");

/** The bell: a menu toggle once hydrated, named by the unread count. */
const bell = (page: Page, locale: Locale, count: number) =>
  page
    .locator("header summary")
    .and(page.getByLabel(tr(locale, count === 1 ? "notifications.unread_one" : "notifications.unread_other", { count }), { exact: true }));

async function axeInThemes(page: Page, context: BrowserContext, url: string, label: string) {
  for (const theme of ["light", "dark"] as const) {
    await setThemeCookie(context, theme);
    await gotoHydrated(page, url);
    await expectNoViolations(page, `${label}, ${theme}`);
  }
}

for (const locale of LOCALES) {
  test.describe(`notifications in ${locale}`, () => {
    test("a reply raises the author's bell live; the menu and the page list it; mark all read; settings save", async ({
      page,
      context,
      newContext,
      site,
    }) => {
      test.setTimeout(150_000);
      await site.setFlag("forum_enabled", true);
      const title = `${locale === "es" ? "Paletas para pixel art" : "Palettes for pixel art"} ${unique()}`;

      // A starts a thread (and so follows it), then keeps a page open.
      await newMember(context, page, locale);
      await gotoHydrated(page, `/${locale}/community/programacion/new`);
      await page.getByLabel(tr(locale, "forum:newThread.titleLabel")).fill(title);
      await page.getByLabel(tr(locale, "forum:newThread.bodyLabel")).fill("Which palettes do you use?");
      await page.getByRole("button", { name: tr(locale, "forum:newThread.submit") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const threadUrl = page.url();
      await gotoHydrated(page, `/${locale}/about`);
      // Starting the thread may already have told A something (the first-thread achievement): count from here.
      const before = await unreadInBell(page, locale);
      await markDocument(page);

      // B replies.
      const other = await newContext();
      const otherPage = await other.newPage();
      const replier = await newMember(other, otherPage, locale);
      await gotoHydrated(otherPage, threadUrl);
      await otherPage.getByLabel(tr(locale, "forum:thread.replyLabel")).fill("Endesga 32, always.");
      await otherPage.getByRole("button", { name: tr(locale, "forum:thread.replySubmit") }).click();
      await expect(otherPage).toHaveURL(/#post-2$/);

      // A's bell rises without a reload, and the news is announced politely.
      await expect(bell(page, locale, before + 1)).toBeVisible({ timeout: 10_000 });
      await expect(page.locator("header [role=status][aria-live=polite]")).toHaveText(
        tr(locale, "notifications.live_one", { count: before + 1 }),
      );
      expect(await isSameDocument(page)).toBe(true);

      // The menu lists the reply; keyboard: it opens with Enter and Escape gives focus back.
      const sentence = tr(locale, "notifications:sentence.reply", { actor: replier, thread: title });
      await bell(page, locale, before + 1).focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("list", { name: tr(locale, "notifications:menu.label") });
      await expect(menu.getByRole("link", { name: new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })).toBeVisible();
      await expectNoViolations(page, `bell menu open (${locale})`);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(bell(page, locale, before + 1)).toBeFocused();

      // Mark all read from the menu: the count drops to zero, still without a reload.
      await bell(page, locale, before + 1).click();
      await page.getByRole("button", { name: tr(locale, "notifications:markAllRead") }).click();
      await expect(bell(page, locale, 0)).toBeVisible();
      expect(await isSameDocument(page)).toBe(true);

      // The page lists it (read now); opening it leads to the reply.
      await gotoHydrated(page, `/${locale}/notifications`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "notifications:title"));
      await expect(page.getByText(tr(locale, "notifications:leadNone"))).toBeVisible();
      const item = page.getByRole("link", { name: sentence, exact: true });
      await expect(item).toBeVisible();
      await axeInThemes(page, context, `/${locale}/notifications`, `/notifications (${locale})`);
      await page.getByRole("link", { name: sentence, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${new URL(threadUrl).pathname}#post-2$`));

      // Settings: one checkbox per kind; turning likes off is saved and confirmed with a toast.
      await axeInThemes(page, context, `/${locale}/account/notifications`, `notification settings (${locale})`);
      const likes = page.getByRole("checkbox", { name: tr(locale, "notifications:settings.types.like") });
      await expect(likes).toBeChecked();
      await likes.uncheck();
      await page.getByRole("button", { name: tr(locale, "notifications:settings.submit") }).click();
      await expect(toasts(page, locale).filter({ hasText: tr(locale, "notifications:settings.saved") })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("checkbox", { name: tr(locale, "notifications:settings.types.like") })).not.toBeChecked();
      await expect(page.getByRole("checkbox", { name: tr(locale, "notifications:settings.types.reply") })).toBeChecked();
    });
  });
}

test("visitors have no bell and no socket; /notifications sends them to sign in", async ({ page }) => {
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  await setConsentCookie(page.context(), false);
  await gotoHydrated(page, "/en/about");
  await expect(page.locator("header").getByLabel(/unread notification/)).toHaveCount(0);
  expect(sockets).toEqual([]);
  await page.goto("/en/notifications");
  await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fnotifications$/);
});
