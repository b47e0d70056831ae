import type { Page } from "@playwright/test";
import {
  asOwnClient,
  BASE_URL,
  expect,
  gotoHydrated,
  isSameDocument,
  LOCALES,
  markDocument,
  setConsentCookie,
  test,
  toasts,
  tr,
} from "./fixtures";
import { registerMember } from "./members";

/**
 * The forum's feedback in Chromium, in both languages: a new thread is confirmed
 * with a toast; the reply box empties after a reply and keeps its text when the reply is refused; a member
 * sees unread threads in the list and the "new posts since your last visit" line in the thread; the list's
 * filters apply as they change; a like shows at once and is rolled back with a toast when the server
 * refuses it; on a phone the post actions are one line inside the card and forum links are 44 px tall.
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const FORUM = "charla-general";
/** Demo members (old accounts: replies 5 s apart, where a new member waits 30 s), one per language. */
const REPLIERS = {
  es: { email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026" },
  en: { email: "pixel.pete@demo.nexoindie.test", password: "demo-creator-2026" },
} as const;
let ip = 0;

/** Selects an option as a person does (the change event is what applies the filter). */
async function choose(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).selectOption(value);
}

for (const locale of LOCALES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => tr(locale, `forum:${key}`, vars);

  test.describe(`forum feedback in ${locale}`, () => {
    test("a new thread is confirmed; the reply box empties; unread markers and the new-posts line; filters apply on change", async ({
      page,
      context,
      newContext,
      site,
      playwright,
      diagnostics,
    }) => {
      test.setTimeout(180_000);
      // The second, refused reply answers 429 (too soon after the first): that is the point.
      diagnostics.allowResponse(/\/community\/charla-general\/[^/]+\.data$/, 429);
      await site.setFlag("forum_enabled", true);
      const title = `${locale === "es" ? "Hilo de prueba de avisos" : "Feedback test thread"} ${unique()}`;

      // 1. A member starts a thread: a toast confirms it, and the address loses its ?created=1.
      await registerMember(context, page, locale, "aviso");
      await gotoHydrated(page, `/${locale}/community/${FORUM}/new`);
      await page.getByLabel(L("newThread.titleLabel")).fill(title);
      await page.getByLabel(L("newThread.bodyLabel")).fill("Does the forum say the thread is published?");
      await page.getByRole("button", { name: L("newThread.submit") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(toasts(page, locale)).toContainText(L("newThread.created"));
      await expect(page).not.toHaveURL(/created=1/);
      const threadPath = new URL(page.url()).pathname;
      const slug = threadPath.split("/").pop()!;

      // 2. Another member sees it unread in the list, opens it (no "new posts" line on a first visit): read.
      const readerContext = await newContext();
      const reader = await readerContext.newPage();
      await registerMember(readerContext, reader, locale, "lector");
      await gotoHydrated(reader, `/${locale}/community/${FORUM}`);
      const row = reader.locator(`li[data-thread="${slug}"]`);
      await expect(row).toHaveAttribute("data-unread", "true");
      await expect(row).toContainText(L("list.unreadNew"));
      await row.getByRole("link", { name: title }).click();
      await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(reader.locator("#new-posts")).toHaveCount(0);
      await gotoHydrated(reader, `/${locale}/community/${FORUM}`);
      await expect(reader.locator(`li[data-thread="${slug}"]`)).not.toHaveAttribute("data-unread", /.*/);

      // 3. A member replies: the box empties once the reply is posted (no double post by a second press)…
      const api = await playwright.request.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.79.0.${++ip}` },
      });
      expect((await api.post("/api/auth/sign-in/email", { data: REPLIERS[locale] })).status()).toBe(200);
      const replierContext = await newContext({ storageState: await api.storageState() });
      await api.dispose();
      await asOwnClient(replierContext);
      await setConsentCookie(replierContext, false);
      const replier = await replierContext.newPage();
      await gotoHydrated(replier, threadPath);
      await markDocument(replier);
      const box = replier.getByLabel(L("thread.replyLabel"));
      const text = `${locale === "es" ? "Una respuesta nueva" : "A new reply"} ${unique()}`;
      await box.fill(text);
      await replier.getByRole("button", { name: L("thread.replySubmit") }).click();
      await expect(replier.locator("#post-2")).toContainText(text);
      await expect(box).toHaveValue("");
      expect(await isSameDocument(replier), "posted without a reload").toBe(true);
      // …and keeps it when the reply is refused (the same text again, a moment later).
      await box.fill(text);
      await replier.getByRole("button", { name: L("thread.replySubmit") }).click();
      await expect(replier.locator("#reply").getByRole("alert").first()).toBeVisible();
      await expect(replier.locator("#post-3")).toHaveCount(0);
      await expect(box).toHaveValue(text);

      // 4. The reader's list marks the thread again, with how many posts are new; its title leads to the first.
      await gotoHydrated(reader, `/${locale}/community/${FORUM}`);
      const again = reader.locator(`li[data-thread="${slug}"]`);
      await expect(again).toHaveAttribute("data-unread", "true");
      await expect(again).toContainText(L("list.unreadCount_one", { count: 1 }));
      await again.getByRole("link", { name: title }).click();
      await expect(reader).toHaveURL(/#post-2$/);
      const line = reader.locator("#new-posts");
      await expect(line).toHaveText(L("thread.newSince"));
      // Right before the first new post.
      expect(await line.evaluate((el) => el.nextElementSibling?.id)).toBe("post-2");

      // 5. The list's filters apply as soon as they change: no Apply button to press.
      await gotoHydrated(reader, `/${locale}/community/${FORUM}`);
      await expect(reader.getByRole("button", { name: L("filters.apply") })).toHaveCount(0);
      await markDocument(reader);
      await choose(reader, L("filters.status"), "resolved");
      await expect(reader).toHaveURL(new RegExp(`/community/${FORUM}\\?status=resolved$`));
      await choose(reader, L("filters.sort"), "newest");
      await expect(reader).toHaveURL(new RegExp(`/community/${FORUM}\\?status=resolved&sort=newest$`));
      await choose(reader, L("filters.status"), "");
      await expect(reader).toHaveURL(new RegExp(`/community/${FORUM}\\?sort=newest$`));
      await expect(reader.locator(`li[data-thread="${slug}"]`)).toBeVisible();
      expect(await isSameDocument(reader), "filters applied without a reload").toBe(true);
    });

    test("a like shows at once and is rolled back with a toast when refused; post actions fit a phone's line", async ({
      page,
      context,
      admin,
      site,
      diagnostics,
    }) => {
      test.setTimeout(150_000);
      // The banned member's like answers 403: that is the point.
      diagnostics.allowResponse(/\/community\/charla-general\/[^/]+\.data$/, 403);
      await site.setFlag("forum_enabled", true);
      const username = await registerMember(context, page, locale, "fan");
      const threadPath = `/${locale}/community/${FORUM}/cual-es-el-mejor-indie-de-2025`;

      // 1. The server answers slowly: the new state and count show before it does.
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoHydrated(page, threadPath);
      const post = page.locator("#post-2");
      const like = post.getByRole("button", { name: L("interact.like"), exact: true });
      const before = Number((await post.locator('[id^="likes-"] [aria-hidden="true"]').textContent()) || 0);
      let slowed = false;
      await page.route(`**${threadPath}*`, async (route) => {
        if (route.request().method() === "POST" && !slowed) {
          slowed = true;
          await new Promise((r) => setTimeout(r, 1500));
        }
        await route.continue().catch(() => {});
      });
      const pressed = Date.now();
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(threadPath));
      await like.click();
      await expect(like).toHaveAttribute("aria-pressed", "true", { timeout: 400 });
      await expect(post.locator('[id^="likes-"]')).toContainText(
        L(before === 0 ? "interact.likes_one" : "interact.likes_other", { count: before + 1 }),
        {
          timeout: 400,
        },
      );
      expect(Date.now() - pressed, "shown before the server answered").toBeLessThan(1500);
      await answered;
      await expect(like).toHaveAttribute("aria-pressed", "true");

      // 2. On a phone the post's actions are one line, inside the card with its padding.
      for (const id of ["#post-1", "#post-2"]) {
        const card = (await page.locator(id).boundingBox())!;
        const actions = (await page
          .locator(id)
          .getByRole("list", { name: L("thread.postActions", { number: Number(id.slice(6)) }) })
          .boundingBox())!;
        expect(actions.height, `${id}: one line`).toBeLessThanOrEqual(48);
        expect(actions.x + actions.width, `${id}: inside the card`).toBeLessThanOrEqual(card.x + card.width - 12);
        expect(actions.x).toBeGreaterThanOrEqual(card.x + 12);
      }
      const controls = post
        .getByRole("list", { name: L("thread.postActions", { number: 2 }) })
        .locator(":scope > li > a, :scope > li > button, :scope > li > form > button, :scope > li > details > summary");
      expect(await controls.count()).toBeGreaterThanOrEqual(3);
      for (const button of await controls.all()) {
        const box = (await button.boundingBox())!;
        expect(box.height, "44 px tap targets on a phone").toBeGreaterThanOrEqual(44);
      }

      // 3. A moderator bans the member meanwhile: the next like is refused, rolled back, and a toast says why.
      const users = await (await admin.request.get(`/en/admin/forum/users?q=${username}`)).text();
      const userId = new RegExp(`name="userId" value="([^"]+)"`).exec(users)?.[1];
      expect(userId, "the member's id on the admin's users page").toBeTruthy();
      const ban = await admin.request.post("/en/admin/forum/users", {
        form: { intent: "ban", userId: userId!, name: username, reason: "Spam in an end-to-end test", duration: "forever" },
        headers: { origin: BASE_URL },
      });
      expect(ban.status()).toBe(200);
      const other = page.locator("#post-3");
      const otherLike = other.getByRole("button", { name: L("interact.like"), exact: true });
      await expect(otherLike).toHaveAttribute("aria-pressed", "false");
      await otherLike.click();
      const toast = toasts(page, locale);
      await expect(toast).toContainText(L("interact.likeRefused"));
      await expect(toast).toContainText(tr(locale, "errors:forum.banned", { reason: "Spam in an end-to-end test" }));
      await expect(toast).toHaveAttribute("data-variant", "destructive");
      await expect(otherLike).toHaveAttribute("aria-pressed", "false");
    });

    test("forum links on /community are at least 44 px tall, at 390 and 1280 px", async ({ page, site }) => {
      await site.setFlag("forum_enabled", true);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, `/${locale}/community`);
        const links = page.getByRole("heading", { level: 3 }).getByRole("link");
        expect(await links.count()).toBeGreaterThanOrEqual(6);
        for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });
  });
}
