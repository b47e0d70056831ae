import type { Page } from "@playwright/test";
import { expect, expectNoViolations, gotoHydrated, LOCALES, test, tr, type Locale } from "./fixtures";
import { registerMember } from "./members";

/**
 * The gamification journey in Chromium, in both languages: a new member's first thread, written through
 * the new-thread form, unlocks the first-thread achievement; the side panel's card 3 shows it (name in the
 * icon's tooltip, "unlocked"), the account's progress tab shows it unlocked with the XP it brought in the
 * history, the public profile lists it, and the leaderboard gives the member their place.
 */
const recentCard = (page: Page, locale: Locale) =>
  page
    .getByRole("complementary", { name: tr(locale, "sidePanel.label") })
    .locator("section", { has: page.getByRole("heading", { name: tr(locale, "sidePanel.recentAchievements") }) });

for (const locale of LOCALES) {
  test(`a first thread unlocks the first-thread achievement, shown in the side panel and the account (${locale})`, async ({
    page,
    context,
    site,
  }) => {
    test.setTimeout(120_000);
    await site.setFlag("forum_enabled", true);
    const username = await registerMember(context, page, locale, locale === "es" ? "primero" : "first");
    const achievement = tr(locale, "badges:threads_1.name");

    // Before: nothing unlocked on the progress tab.
    await gotoHydrated(page, `/${locale}/account/progress`);
    await expect(page.locator("#achievement-threads_1")).toContainText(tr(locale, "badges:locked"));

    // The first thread, through the real form.
    await gotoHydrated(page, `/${locale}/community/programacion/new`);
    const title = `${locale === "es" ? "Mi primer hilo" : "My first thread"} ${Date.now().toString(36)}`;
    await page.getByLabel(tr(locale, "forum:newThread.titleLabel")).fill(title);
    await page.getByLabel(tr(locale, "forum:newThread.bodyLabel")).fill(locale === "es" ? "¡Hola a todo el mundo!" : "Hello, everyone!");
    await page.getByRole("button", { name: tr(locale, "forum:newThread.submit"), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // Side panel card 3: the newest unlock is this member's, the name in the icon's tooltip, and "unlocked".
    await gotoHydrated(page, `/${locale}/about`);
    const newest = recentCard(page, locale).locator("ul > li").first();
    await expect(newest.getByRole("link", { name: username, exact: true })).toBeVisible();
    await expect(newest).toContainText(tr(locale, "sidePanel.unlocked"));
    const icon = newest.getByRole("img", { name: achievement });
    await icon.focus();
    await expect(newest.getByText(achievement, { exact: true })).toBeVisible();

    // The progress tab: unlocked, with its date; the history explains the XP (the thread and the reward).
    await gotoHydrated(page, `/${locale}/account/progress`);
    const item = page.locator("#achievement-threads_1");
    await expect(item).toContainText(achievement);
    await expect(item).not.toContainText(tr(locale, "badges:locked"));
    await expect(item).toContainText(tr(locale, "badges:unlockedOn", { date: "" }).trim());
    const history = page.getByRole("region", { name: tr(locale, "progress:history.heading"), exact: true });
    await expect(history).toContainText(tr(locale, "progress:ledger.reason.thread_create"));
    await expect(history).toContainText(tr(locale, "progress:ledger.reason.achievement", { name: achievement }));
    await expectNoViolations(page, `progress tab after the first thread (${locale})`);

    // The public profile lists it.
    await gotoHydrated(page, `/${locale}/u/${username}`);
    await expect(page.getByRole("region", { name: tr(locale, "progress:profile.heading") })).toContainText(achievement);

    // The leaderboard (this week) gives the member a place.
    await gotoHydrated(page, `/${locale}/leaderboard?period=week`);
    await expect(page.locator("main")).toContainText(username);
  });
}
