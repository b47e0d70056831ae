import type { Page } from "@playwright/test";
import {
  BASE_URL,
  expect,
  expectNoViolations,
  gotoHydrated,
  LOCALES,
  setConsentCookie,
  setThemeCookie,
  test,
  toasts,
  tr,
  type Locale,
} from "./fixtures";
import { registerMember } from "./members";

/**
 * The public gamification pages in Chromium: the leaderboard in both languages and themes (axe), its
 * period tabs by keyboard, the side panel's cards 2 and 3 with the demo members' XP and achievements (the
 * achievement's name in a tooltip that keyboard users reach too), and the toast that arrives live when a
 * member's own action unlocks an achievement while a page of theirs is open.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const panel = (page: Page, locale: Locale) => page.getByRole("complementary", { name: tr(locale, "sidePanel.label") });
const levelText = (locale: Locale) => new RegExp(`^${escape(tr(locale, "levels:level", { level: 999 })).replace("999", "\\d+")}$`);

for (const locale of LOCALES) {
  test.describe(`leaderboard in ${locale}`, () => {
    test("lists the demo members by XP in a captioned table, light and dark, without axe violations", async ({ page, context }) => {
      await setConsentCookie(context, false);
      for (const theme of ["light", "dark"] as const) {
        await setThemeCookie(context, theme);
        await gotoHydrated(page, `/${locale}/leaderboard`);
        await expect(page).toHaveTitle(new RegExp(`^${escape(tr(locale, "leaderboard:title"))} \\| `));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "leaderboard:title"));
        const table = page.getByRole("table", { name: new RegExp(`^${escape(tr(locale, "leaderboard:caption.all"))}`) });
        await expect(table).toBeVisible();
        const rows = table.locator("tbody tr");
        expect(await rows.count()).toBeGreaterThan(2);
        await expect(rows.first().locator("td").first()).toHaveText(tr(locale, "leaderboard:rank", { rank: 1 }));
        await expect(rows.first().getByRole("link")).toHaveAttribute("href", new RegExp(`^/${locale}/u/`));
        await expect(rows.first().locator("td").nth(1)).toHaveText(levelText(locale));
        await expect(page.getByText(tr(locale, "leaderboard:me.visitor"))).toBeVisible();
        await expectNoViolations(page, `/leaderboard (${locale}, ${theme})`);
      }
    });

    test("period tabs are links the keyboard follows, the current one marked", async ({ page, context }) => {
      await setConsentCookie(context, false);
      await gotoHydrated(page, `/${locale}/leaderboard`);
      const tabs = page.getByRole("navigation", { name: tr(locale, "leaderboard:periods.label") });
      await expect(tabs.getByRole("link", { name: tr(locale, "leaderboard:periods.all") })).toHaveAttribute("aria-current", "page");
      await tabs.getByRole("link", { name: tr(locale, "leaderboard:periods.all") }).focus();
      await page.keyboard.press("Tab");
      await expect(tabs.getByRole("link", { name: tr(locale, "leaderboard:periods.month") })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(tabs.getByRole("link", { name: tr(locale, "leaderboard:periods.week") })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${locale}/leaderboard\\?period=week$`));
      await expect(tabs.getByRole("link", { name: tr(locale, "leaderboard:periods.week") })).toHaveAttribute("aria-current", "page");
      await expect(tabs.getByRole("link", { name: tr(locale, "leaderboard:periods.all") })).not.toHaveAttribute("aria-current", "page");
      // This week: a table of who earned XP in it, or the week's empty text (the demo's XP is dated in the past).
      await expect(
        page
          .getByRole("table", { name: new RegExp(`^${escape(tr(locale, "leaderboard:caption.week"))}`) })
          .or(page.getByText(tr(locale, "leaderboard:empty.week"))),
      ).toBeVisible();
      await expectNoViolations(page, `/leaderboard?period=week (${locale})`);
    });

    test("the side panel shows the top members with their level and the newest achievements", async ({ page, context }) => {
      await setConsentCookie(context, false);
      await gotoHydrated(page, `/${locale}/about`);
      const aside = panel(page, locale);
      const members = aside.locator("section", { has: page.getByRole("heading", { name: tr(locale, "sidePanel.activeMembers") }) });
      await expect(members.locator("ol > li")).toHaveCount(5);
      for (const item of await members.locator("ol > li").all()) {
        await expect(item.getByRole("link")).toHaveAttribute("href", new RegExp(`^/${locale}/u/`));
        await expect(item.locator("span.shrink-0")).toHaveText(levelText(locale));
      }
      await members.getByRole("link", { name: tr(locale, "sidePanel.seeLeaderboard") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/leaderboard$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "leaderboard:title"));

      await gotoHydrated(page, `/${locale}/about`);
      const recent = panel(page, locale).locator("section", {
        has: page.getByRole("heading", { name: tr(locale, "sidePanel.recentAchievements") }),
      });
      await expect(recent.locator("ul > li")).toHaveCount(3);
      await expect(recent.locator("ul > li").first()).toContainText(tr(locale, "sidePanel.unlocked"));
      // The icon is named by the achievement; keyboard focus shows the same name in its tooltip, Escape hides it.
      const icon = recent.getByRole("img").first();
      const name = (await icon.getAttribute("aria-label")) ?? "";
      expect(name.length).toBeGreaterThan(0);
      const tip = recent.locator("ul > li").first().getByText(name, { exact: true });
      // The pointer stays where the last click left it, which may be over the icon: keyboard only here.
      await page.mouse.move(0, 0);
      await expect(tip).toBeHidden();
      await icon.focus();
      await expect(tip).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(tip).toBeHidden();
      await expectNoViolations(page, `side panel (${locale})`);
    });
  });
}

test("an achievement unlocked by one's own action arrives live as a toast", async ({ page, context, site }) => {
  test.setTimeout(120_000);
  await site.setFlag("forum_enabled", true);
  const locale: Locale = "es";
  await registerMember(context, page, locale, "board");

  // An open page of theirs, subscribed to its live messages.
  let ready = false;
  page.on("websocket", (ws) => ws.on("framereceived", (f) => void (String(f.payload).includes('"ready"') && (ready = true))));
  await gotoHydrated(page, `/${locale}/about`);
  await expect.poll(() => ready, { timeout: 15_000 }).toBe(true);

  // Their first thread, posted from the same person (another tab would do the same): threads_1 unlocks.
  const res = await context.request.post(`/${locale}/community/programacion/new`, {
    form: { intent: "create", title: `Mi primer hilo ${Date.now().toString(36)}`, body: "Hola a todo el mundo." },
    headers: { origin: BASE_URL },
  });
  expect(res.status()).toBeLessThan(400);

  const name = tr(locale, "badges:threads_1.name");
  await expect(toasts(page, locale).filter({ hasText: tr(locale, "badges:unlockedToast", { name }) })).toBeVisible({ timeout: 10_000 });
  await expectNoViolations(page, "achievement toast");
});

test("a level-up arrives live as a toast, with the stat points it granted", async ({ page, context, admin }) => {
  test.setTimeout(120_000);
  const locale: Locale = "en";
  const username = await registerMember(context, page, locale, "climber");

  let ready = false;
  page.on("websocket", (ws) => ws.on("framereceived", (f) => void (String(f.payload).includes('"ready"') && (ready = true))));
  await gotoHydrated(page, `/${locale}/about`);
  await expect.poll(() => ready, { timeout: 15_000 }).toBe(true);

  // An admin finds the member on the ranking tab and gives them 60 XP (level 2 needs 50).
  const found = await admin.request.get(`/en/admin/gamification/ranking?q=${encodeURIComponent(username)}`);
  // The board's own rows link to members too: take the link that follows the found member's name (ids are
  // better-auth's, not UUIDs).
  const html = await found.text();
  const memberId = html.slice(html.indexOf(`<strong>${username}</strong>`)).match(/[?&](?:amp;)?member=([\w-]+)/)?.[1];
  expect(memberId, "the ranking's search finds the new member").toBeTruthy();
  const adjusted = await admin.request.post("/en/admin/gamification/ranking", {
    form: { intent: "adjust-xp", userId: memberId!, amount: "60", reason: "Welcome bonus for the e2e climber" },
    headers: { origin: BASE_URL },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(200);

  const sentence = tr(locale, "levels:levelUp_other", { level: 2, count: 3 });
  await expect(toasts(page, locale).filter({ hasText: sentence })).toBeVisible({ timeout: 10_000 });
  await expectNoViolations(page, "level-up toast");
});
