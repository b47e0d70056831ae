import type { BrowserContext, Locator, Page } from "@playwright/test";
import {
  expect,
  expectNoViolationsInBothThemes,
  gotoHydrated,
  LOCALES,
  setConsentCookie,
  setLanguageCookie,
  test,
  tr,
  type Locale,
} from "./fixtures";
import { registerMember } from "./members";
import { signInStates, type Who } from "./site-pages";

/**
 * Phones (390 px), in Chromium, in both languages: the side panel comes after the page's content as one closed
 * disclosure that opens by keyboard (beside the content from 1024 px, before any JavaScript at both widths), and
 * the home page lists its threads and members once; the studio's campaign table shows its pending requests and a
 * wide table says it scrolls; the creator dashboard's game names and dates do not overlap; the notifications'
 * text has room for whole words; the collaborate page's "start from a game" field takes the form's width.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
let states: Map<Who, StorageState | undefined>;

test.beforeAll(async ({ playwright }) => {
  states = await signInStates(playwright, ["creator", "verifiedCompany"], 87);
});

const box = async (l: Locator) => (await l.boundingBox())!;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function phoneAs(newContext: (o?: object) => Promise<BrowserContext>, who: Who, locale: Locale, options: object = {}) {
  const context = await newContext({ storageState: states?.get(who), viewport: PHONE, ...options });
  await setLanguageCookie(context, locale);
  await setConsentCookie(context, false);
  return context.newPage();
}

const sidePanel = (page: Page, locale: Locale) => page.getByRole("complementary", { name: tr(locale, "sidePanel.label") });

/** The links to one thread that a person can see on the page (the home page's list, the panel's card). */
const visibleLinks = (page: Page, href: string) =>
  page.locator(`a[href="${href}"]`).evaluateAll((links) => links.filter((a) => (a as HTMLElement).checkVisibility()).length);

for (const locale of LOCALES) {
  test.describe(`at 390 px in ${locale}`, () => {
    test("the side panel comes after the content, closed, opens by keyboard; the home page lists threads and members once", async ({
      newContext,
      site,
    }) => {
      await site.setFlag("forum_enabled", true);
      const page = await phoneAs(newContext, "visitor", locale);
      await gotoHydrated(page, `/${locale}/`);
      const panel = sidePanel(page, locale);
      const summary = panel.locator("summary");
      await expect(summary).toBeVisible();
      await expect(summary).toHaveText(tr(locale, "sidePanel.summaryLean"));
      // After the page's content, not beside it.
      expect((await box(panel)).y).toBeGreaterThanOrEqual((await box(page.locator("main"))).y + (await box(page.locator("main"))).height);
      await expect(panel.locator("details")).not.toHaveAttribute("open");
      await expect(panel.getByRole("heading", { name: tr(locale, "sidePanel.recentAchievements") })).toBeHidden();

      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(panel.locator("details")).toHaveAttribute("open", "");
      await expect(panel.getByRole("heading", { name: tr(locale, "sidePanel.recentAchievements") })).toBeVisible();
      await expect(panel.getByRole("heading", { name: tr(locale, "sidePanel.announcements") })).toBeVisible();
      await expectNoViolationsInBothThemes(page, `home at 390 px, side panel open (${locale})`);

      // Open or not, the threads and the members are listed once: by the home page's own sections.
      const threadsHeadings = [tr(locale, "site:home.communityTitle"), tr(locale, "sidePanel.latestThreads")];
      const membersHeadings = [tr(locale, "site:home.membersTitle"), tr(locale, "sidePanel.activeMembers")];
      const visibleHeadings = async (names: string[]) => {
        let n = 0;
        for (const name of names) if (await page.getByRole("heading", { name, exact: true }).isVisible()) n++;
        return n;
      };
      expect(await visibleHeadings(threadsHeadings)).toBe(1);
      expect(await visibleHeadings(membersHeadings)).toBe(1);
      const firstThread = await page.locator('section[aria-labelledby="community-heading"] ul a').first().getAttribute("href");
      expect(await visibleLinks(page, firstThread!)).toBe(1);
      await expect(page.getByRole("heading", { name: tr(locale, "site:home.communityTitle"), exact: true })).toBeVisible();

      // Another page keeps the whole panel: the threads card opens with it.
      await gotoHydrated(page, `/${locale}/about`);
      await expect(sidePanel(page, locale).locator("summary")).toHaveText(tr(locale, "sidePanel.summary"));
      await sidePanel(page, locale).locator("summary").click();
      await expect(sidePanel(page, locale).getByRole("heading", { name: tr(locale, "sidePanel.latestThreads") })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // On a desktop the same markup is the panel beside the content: its cards shown, their links reached by
      // keyboard; the home page still lists its threads and members once.
      await page.setViewportSize(DESKTOP);
      await gotoHydrated(page, `/${locale}/`);
      await expect(sidePanel(page, locale).locator("summary")).toBeHidden();
      await expect(sidePanel(page, locale).getByRole("heading", { name: tr(locale, "sidePanel.recentAchievements") })).toBeVisible();
      expect(await visibleHeadings(threadsHeadings)).toBe(1);
      expect(await visibleHeadings(membersHeadings)).toBe(1);
      await expectNoViolationsInBothThemes(page, `home at 1280 px (${locale})`);
      await gotoHydrated(page, `/${locale}/about`);
      await expect(sidePanel(page, locale).getByRole("heading", { name: tr(locale, "sidePanel.latestThreads") })).toBeVisible();
      const leaderboard = sidePanel(page, locale).getByRole("link", { name: tr(locale, "sidePanel.seeLeaderboard") });
      await leaderboard.focus();
      await expect(leaderboard).toBeFocused();
    });

    test("before any JavaScript, the panel opens on a phone and stands beside the content on a desktop", async ({ newContext }) => {
      const page = await phoneAs(newContext, "visitor", locale, { javaScriptEnabled: false });
      await page.goto(`/${locale}/about`);
      const panel = sidePanel(page, locale);
      const achievements = panel.getByRole("heading", { name: tr(locale, "sidePanel.recentAchievements") });
      await expect(achievements).toBeHidden();
      await panel.locator("summary").click();
      await expect(achievements).toBeVisible();

      await page.setViewportSize(DESKTOP);
      await page.reload();
      await expect(panel.locator("summary")).toBeHidden();
      await expect(panel.getByRole("heading", { name: tr(locale, "sidePanel.latestThreads") })).toBeVisible();
      await expect(achievements).toBeVisible();
      const [main, aside] = [await box(page.locator("main")), await box(panel)];
      expect(aside.x).toBeGreaterThanOrEqual(main.x + main.width);
      expect(aside.y).toBeLessThan(main.y + 200);
    });

    test("the studio's campaign table shows its pending requests; a wide table says it scrolls and scrolls by keyboard", async ({
      newContext,
    }) => {
      const page = await phoneAs(newContext, "verifiedCompany", locale);
      await gotoHydrated(page, `/${locale}/company/campaigns`);
      const frame = page.getByRole("region", { name: tr(locale, "company-campaigns:campaigns.caption") });
      const pending = frame.getByRole("columnheader", { name: tr(locale, "company-campaigns:campaigns.pending") });
      const [f, p] = [await box(frame), await box(pending)];
      // In view without scrolling.
      expect(p.x).toBeGreaterThanOrEqual(f.x);
      expect(p.x + p.width).toBeLessThanOrEqual(f.x + f.width);
      // The other columns are there to scroll to, and the page says so.
      const sizes = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      await expect(page.getByText(tr(locale, "ui.table.scrollHint"))).toBeVisible();
      await expectNoViolationsInBothThemes(page, `studio campaigns at 390 px (${locale})`);
      await frame.focus();
      await expect(frame).toBeFocused();
      // The arrow key scrolls it to its last column.
      await expect
        .poll(
          async () => {
            await page.keyboard.press("ArrowRight");
            return frame.evaluate((el) => Math.ceil(el.scrollLeft + el.clientWidth) >= el.scrollWidth);
          },
          { intervals: [50], timeout: 15_000 },
        )
        .toBe(true);
      await expect(frame.getByRole("columnheader", { name: tr(locale, "company-campaigns:campaigns.keys") })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Scrolled to its end, the hint stays in view; a table that fits does not say it scrolls.
      await expect(page.getByText(tr(locale, "ui.table.scrollHint"))).toBeInViewport();
      await page.setViewportSize(DESKTOP);
      await expect(page.getByText(tr(locale, "ui.table.scrollHint"))).toBeHidden();
    });

    test("the collaborate page's start-from-a-game field takes the form's width, its button under it", async ({ newContext }) => {
      const page = await phoneAs(newContext, "verifiedCompany", locale);
      await gotoHydrated(page, `/${locale}/collaborate`);
      const select = page.getByLabel(tr(locale, "collaborate:form.fromGame"));
      const form = page.locator("form").filter({ has: select });
      const button = form.getByRole("button", { name: tr(locale, "collaborate:form.fromGameUse") });
      const [s, f, b] = [await box(select), await box(form), await box(button)];
      expect(s.width).toBeGreaterThanOrEqual(f.width - 2 * 16 - 2);
      expect(b.y).toBeGreaterThanOrEqual(s.y + s.height);
      // Every field of the submission form starts at the same edge: one column.
      const lefts = await page
        .locator("form[method=post] label")
        .evaluateAll((labels) => [
          ...new Set(
            labels
              .filter((l) => (l as HTMLElement).checkVisibility() && !l.closest(".card"))
              .map((l) => Math.round(l.getBoundingClientRect().x)),
          ),
        ]);
      expect(lefts).toHaveLength(1);
    });
  });
}

test("the creator dashboard's game names and coverage dates do not overlap at 390 px (en)", async ({ newContext }) => {
  const page = await phoneAs(newContext, "creator", "en");
  await gotoHydrated(page, "/en/dashboard");
  const rows = page
    .getByRole("heading", { name: tr("en", "dashboard:campaigns.creator.waitingHeading") })
    .locator("xpath=..")
    .getByRole("listitem");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    // The row: the game's name, the date its coverage is due, the link to add it.
    const [name, due] = [row.locator("> span").nth(0), row.locator("> span").nth(1)];
    await expect(due).toContainText(tr("en", "dashboard:campaigns.creator.due", { date: "" }).trim());
    expect(overlap(await box(name), await box(due))).toBe(false);
    // The name is whole words on its lines: as wide as its longest word at least.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
});

test("the notifications page's text has room for whole words at 390 px (es)", async ({ page, context, site }) => {
  test.setTimeout(90_000);
  await site.setFlag("forum_enabled", true);
  await page.setViewportSize(PHONE);
  // A new member's first thread unlocks an achievement, which notifies them.
  await registerMember(context, page, "es", "phone");
  await gotoHydrated(page, "/es/community/programacion/new");
  await page.getByLabel(tr("es", "forum:newThread.titleLabel")).fill(`Paletas en el móvil ${Date.now().toString(36)}`);
  await page.getByLabel(tr("es", "forum:newThread.bodyLabel")).fill("¿Qué paletas usáis para pixel art?");
  await page.getByRole("button", { name: tr("es", "forum:newThread.submit") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Paletas en el móvil");
  await expect
    .poll(async () => {
      await page.goto("/es/notifications");
      return page.locator("main li.card").count();
    })
    .toBeGreaterThan(0);
  const row = page.locator("main li.card").first();
  const text = row.locator("> div").first();
  expect((await box(text)).width).toBeGreaterThanOrEqual(200);
  // The mark-as-read button goes under the text, not beside it.
  const mark = row.getByRole("button");
  await expect(mark).toHaveCount(1);
  expect((await box(mark)).y).toBeGreaterThanOrEqual((await box(text)).y + (await box(text)).height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
