import type { BrowserContext, Locator, Page } from "@playwright/test";
import {
  BASE_URL,
  expect,
  expectNoViolations,
  expectNoViolationsInDark,
  gotoHydrated,
  LOCALES,
  setConsentCookie,
  setLanguageCookie,
  setThemeCookie,
  test,
  toasts,
  tr,
  waitForQuiet,
  type Locale,
} from "./fixtures";

/**
 * The gamification admin tabs in Chromium, in both languages: an admin changes a setting, adds an
 * achievement with both languages' names (and deletes it again), adjusts a member's XP with a reason and finds
 * it in the member's history and the audit log; a moderator reads the ranking without adjusting. Then axe on
 * every tab, light and dark, with its forms open.
 */
const MODERATOR = { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026" };
const ADMIN = { email: "admin@demo.nexoindie.test", password: "demo-admin-2026" };

let ip = 0;
type State = Awaited<ReturnType<BrowserContext["storageState"]>>;
const states = new Map<"moderator" | "admin", State>();
/** A member on the demo leaderboard, for the history page's accessibility check. */
let memberId = "";

/** One API sign-in per person per worker (sign-in is rate limited), each from its own client address. */
test.beforeAll(async ({ playwright }) => {
  for (const [who, account] of [
    ["moderator", MODERATOR],
    ["admin", ADMIN],
  ] as const) {
    const ctx = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.89.${Date.now() % 200}.${++ip}` },
    });
    const res = await ctx.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password } });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await ctx.storageState());
    if (who === "admin") {
      const html = await (await ctx.get("/en/admin/gamification/ranking")).text();
      memberId = html.match(/[?&amp;]+member=([0-9a-f-]{36})/)?.[1] ?? "";
      expect(memberId, "the demo leaderboard lists someone").not.toBe("");
    }
    await ctx.dispose();
  }
});

const a = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `admin:${key}`, vars);
/** The action's answer, announced in the page's live region. */
const outcome = (page: Page) => page.locator('main [aria-live="polite"]').first();
/** The toast on screen (the site's toast region). */
const toast = (page: Page, locale: Locale) => toasts(page, locale).first();

/** Opens a disclosure (a <details> button) inside `scope` and returns its panel. */
async function open(scope: Locator, label: string) {
  const summary = scope.locator("summary", { hasText: label }).first();
  await summary.click();
  return summary.locator("xpath=..");
}

for (const locale of LOCALES) {
  test.describe(`gamification admin in ${locale}`, () => {
    test("an admin changes a setting, adds an achievement in both languages, and adjusts a member's XP with a reason", async ({
      newContext,
    }) => {
      const context = await newContext({ storageState: states.get("admin") });
      await setConsentCookie(context, false);
      const page = await context.newPage();

      // Settings: the pair cap, saved, kept after a reload, and set back.
      await gotoHydrated(page, `/${locale}/admin/gamification`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a(locale, "gamification.settings.title"));
      const nav = page.getByRole("navigation", { name: a(locale, "nav.label") }).last();
      for (const key of ["gamificationSettings", "gamificationLevels", "gamificationAchievements", "gamificationRanking"]) {
        await expect(nav.getByRole("link", { name: a(locale, `nav.${key}`), exact: true })).toBeVisible();
      }
      const pair = () => page.getByLabel(a(locale, "gamification.settings.fields.pairDailyCap.label"), { exact: true });
      await expect(pair()).toHaveValue("10");
      await pair().fill("12");
      await page.getByRole("button", { name: a(locale, "gamification.settings.save") }).click();
      await expect(outcome(page)).toHaveText(a(locale, "gamification.settings.saved"));
      await page.reload();
      await expect(pair()).toHaveValue("12");
      await pair().fill("10");
      await page.getByRole("button", { name: a(locale, "gamification.settings.save") }).click();
      await expect(outcome(page)).toHaveText(a(locale, "gamification.settings.saved"));

      // Achievements: a new one with both languages' names, shown in both; then deleted after confirming.
      await nav.getByRole("link", { name: a(locale, "nav.gamificationAchievements") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a(locale, "gamification.achievements.title"));
      const names = { es: `Cronista ${locale}`, en: `Chronicler ${locale}` };
      // "Add" opens the dialog (a modal <dialog> once hydrated); Escape would close it.
      await page.getByRole("link", { name: a(locale, "gamification.achievements.add") }).click();
      const form = page.getByRole("dialog", { name: a(locale, "gamification.achievements.addTitle") });
      await expect(form).toBeVisible();
      await expect(page).toHaveURL(/\?edit=new$/);
      await form.getByLabel(a(locale, "gamification.achievements.fields.key"), { exact: true }).fill(`e2e_chronicler_${locale}`);
      await form.getByLabel(a(locale, "gamification.achievements.fields.type"), { exact: true }).selectOption("posts");
      await form.getByLabel(a(locale, "gamification.achievements.fields.threshold"), { exact: true }).fill("500");
      await form.getByLabel(a(locale, "gamification.achievements.fields.rewardXp"), { exact: true }).fill("120");
      await form.getByLabel(a(locale, "gamification.achievements.fields.rarity"), { exact: true }).selectOption("Legendary");
      await form.getByLabel(a(locale, "gamification.achievements.fields.icon"), { exact: true }).selectOption("trophy");
      const es = form.getByRole("group", { name: a(locale, "forum.content.languages.es") });
      const en = form.getByRole("group", { name: a(locale, "forum.content.languages.en") });
      await es.getByLabel(a(locale, "gamification.achievements.fields.name"), { exact: true }).fill(names.es);
      await es.getByLabel(a(locale, "gamification.achievements.fields.description"), { exact: true }).fill("Publica 500 respuestas.");
      await en.getByLabel(a(locale, "gamification.achievements.fields.name"), { exact: true }).fill(names.en);
      await en.getByLabel(a(locale, "gamification.achievements.fields.description"), { exact: true }).fill("Post 500 replies.");
      await form.getByRole("button", { name: a(locale, "gamification.achievements.create") }).click();
      await expect(toast(page, locale)).toContainText(a(locale, "gamification.achievements.created", { name: names[locale] }));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).not.toHaveURL(/edit=/);
      const card = page.getByRole("row").filter({ has: page.getByRole("rowheader").filter({ hasText: names[locale] }) });
      await expect(card).toContainText(names.es);
      await expect(card).toContainText(names.en);
      await expect(card).toContainText(tr(locale, "badges:rarity.Legendary"));
      // Sorted by reward, most first: the new 120 XP achievement comes before the 100 XP ones.
      await page.getByRole("link", { name: new RegExp(`^${a(locale, "gamification.achievements.columns.xp")}`) }).click();
      await expect(page).toHaveURL(/sort=xp$/);
      await page.getByRole("link", { name: new RegExp(`^${a(locale, "gamification.achievements.columns.xp")}`) }).click();
      await expect(page).toHaveURL(/sort=xp&dir=desc$/);
      const xpHeader = page.getByRole("columnheader", { name: new RegExp(`^${a(locale, "gamification.achievements.columns.xp")}`) });
      await expect(xpHeader).toHaveAttribute("aria-sort", "descending");
      const rewards = (await page.locator("tbody td.sm\\:table-cell").allInnerTexts()).filter((r) => r.includes("XP"));
      const amounts = rewards.map((r) => Number(r.replace(/\D/g, "")));
      expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
      // Edit, keeping the order; the dialog closes with a toast and the row shows the change.
      await card.getByRole("link", { name: a(locale, "gamification.achievements.edit", { name: names[locale] }) }).click();
      const dialog = page.getByRole("dialog", { name: a(locale, "gamification.achievements.edit", { name: names[locale] }) });
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/sort=xp&dir=desc$/);
      await card.getByRole("link", { name: a(locale, "gamification.achievements.edit", { name: names[locale] }) }).click();
      await dialog.getByLabel(a(locale, "gamification.achievements.fields.rarity"), { exact: true }).selectOption("Epic");
      await dialog.getByRole("button", { name: a(locale, "gamification.achievements.save") }).click();
      await expect(toast(page, locale)).toContainText(a(locale, "gamification.achievements.saved", { name: names[locale] }));
      await expect(page).toHaveURL(/sort=xp&dir=desc$/);
      await expect(card).toContainText(tr(locale, "badges:rarity.Epic"));
      // Deleted from its dialog, after confirming.
      await card.getByRole("link", { name: a(locale, "gamification.achievements.edit", { name: names[locale] }) }).click();
      const confirm = await open(dialog, a(locale, "gamification.achievements.delete"));
      await confirm.getByRole("button", { name: a(locale, "gamification.achievements.confirmDeleteButton") }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(card).toHaveCount(0);

      // Ranking: the first member on the board gets XP with a reason; the confirmation says the new XP.
      await nav.getByRole("link", { name: a(locale, "nav.gamificationRanking") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a(locale, "gamification.ranking.title"));
      const row = page
        .getByRole("list", {
          name: a(locale, "gamification.ranking.boardLabel", { period: a(locale, "gamification.ranking.periods.all") }),
        })
        .getByRole("listitem")
        .first();
      const name = (await row.getByRole("link").first().innerText()).trim();
      const adjust = await open(row, a(locale, "gamification.ranking.adjust"));
      await adjust.getByLabel(a(locale, "gamification.ranking.amountLabel")).fill("25");
      // The reason is required: the browser keeps the form until it is written.
      await adjust.getByRole("button", { name: a(locale, "gamification.ranking.adjustSubmit") }).click();
      await expect(adjust.getByLabel(a(locale, "gamification.ranking.reasonLabel"))).toBeFocused();
      const reason = locale === "es" ? "Premio del torneo de la comunidad" : "Community tournament prize";
      await adjust.getByLabel(a(locale, "gamification.ranking.reasonLabel")).fill(reason);
      // The post itself is waited for, so that a click that sent nothing fails here, not as a missing message.
      const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/gamification/ranking"), {
        timeout: 15_000,
      });
      await adjust.getByRole("button", { name: a(locale, "gamification.ranking.adjustSubmit") }).click();
      expect((await posted).status(), "the adjustment's post").toBeLessThan(400);
      await expect(outcome(page)).toContainText(`${name}: +25 XP`);

      // The member's history explains the number with the reason.
      await row.getByRole("link", { name: new RegExp(a(locale, "gamification.ranking.showHistory")) }).click();
      const panel = page.locator("#member-panel");
      await expect(panel.getByRole("heading", { level: 2 })).toHaveText(a(locale, "gamification.ranking.historyTitle", { name }));
      await expect(panel.locator("tbody tr").first()).toContainText(reason);

      // The audit log has the adjustment, with its reason.
      await gotoHydrated(page, `/${locale}/admin/audit?action=gamification.xp.adjust`);
      const audit = page.locator("tbody tr").filter({ hasText: reason });
      // A sentence with the member as a link to their profile, never the raw action key.
      await expect(audit.first().getByRole("link", { name, exact: true })).toHaveAttribute("href", `/${locale}/u/${name}`);
      await expect(audit.first()).toContainText("25 XP");
      await expect(audit.first()).not.toContainText("gamification.xp.adjust");
    });

    test("a moderator reads the ranking and a member's history, without the admin tabs or the adjustment", async ({ newContext }) => {
      const context = await newContext({ storageState: states.get("moderator") });
      await setConsentCookie(context, false);
      const page = await context.newPage();
      await gotoHydrated(page, `/${locale}/admin/gamification/ranking`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a(locale, "gamification.ranking.title"));
      const nav = page.getByRole("navigation", { name: a(locale, "nav.label") }).last();
      await expect(nav.getByRole("link", { name: a(locale, "nav.gamificationRanking") })).toBeVisible();
      await expect(nav.getByRole("link", { name: a(locale, "nav.gamificationSettings") })).toHaveCount(0);
      await expect(page.locator("main summary", { hasText: a(locale, "gamification.ranking.adjust") })).toHaveCount(0);
      await page
        .getByRole("link", { name: new RegExp(a(locale, "gamification.ranking.showHistory")) })
        .first()
        .click();
      await expect(page.locator("#member-panel tbody tr").first()).toBeVisible();
      const res = await page.goto(`/${locale}/admin/gamification/levels`);
      expect(res?.status()).toBe(403);
    });
  });
}

/** Every tab, for the person it is for, in both languages and both themes. */
const PAGES: ["moderator" | "admin", string, () => string][] = [
  ["admin", "settings", () => "/admin/gamification"],
  ["admin", "levels, editing one", () => "/admin/gamification/levels?level=5"],
  ["admin", "achievements", () => "/admin/gamification/achievements"],
  ["admin", "achievements sorted, editing one", () => "/admin/gamification/achievements?sort=earned&dir=desc&edit=threads_1"],
  ["admin", "achievements, adding one", () => "/admin/gamification/achievements?edit=new"],
  ["admin", "ranking with a member's history", () => `/admin/gamification/ranking?member=${memberId}`],
  ["admin", "weekly ranking with a search", () => "/admin/gamification/ranking?period=week&q=demo"],
  ["moderator", "ranking", () => "/admin/gamification/ranking"],
];

test.describe("gamification admin accessibility", () => {
  // Each state is loaded once in the light theme the server renders, checked, then switched to dark the way the
  // theme menu does it and checked again with the colour rules (theme.spec.ts proves the server renders dark).
  for (const locale of LOCALES) {
    for (const [who, label, path] of PAGES) {
      test(`${locale}: ${who}, ${label}, with its forms open, light and dark`, async ({ newContext }) => {
        const context = await newContext({ storageState: states.get(who), colorScheme: "light" });
        await setThemeCookie(context, "light");
        await setLanguageCookie(context, locale);
        await setConsentCookie(context, false);
        const page = await context.newPage();
        const res = await page.goto(`/${locale}${path()}`);
        expect(res?.status(), path()).toBe(200);
        await waitForQuiet(page);
        // Open every disclosure (add and edit forms, confirmations, adjustments), so their contents are checked too.
        await page.evaluate(() => document.querySelectorAll("main details").forEach((d) => d.setAttribute("open", "")));
        await expectNoViolations(page, `${who} ${path()} (${locale}, light)`);
        await expectNoViolationsInDark(page, `${who} ${path()} (${locale}, dark)`);
      });
    }
  }
});
