import type { BrowserContext, Page } from "@playwright/test";
import { BASE_URL, expect, LOCALES, setConsentCookie, setLanguageCookie, test, tr, type Locale } from "./fixtures";

/**
 * The admin pages a moderator reads (and the admin parts of points 2 and 3), in Chromium:
 * the achievements table sorts and edits without JavaScript (the dialog opened by the address, the outcome a
 * toast rendered by the server), the header names roles in the page's language and keeps the logo apart from
 * the area's badge at every width, and the audit log, the report queue and the achievements never scroll
 * sideways on a phone.
 */
const ADMIN = { email: "admin@demo.nexoindie.test", password: "demo-admin-2026", username: "admin" };
const MODERATOR = { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026", username: "moderadora" };

type State = Awaited<ReturnType<BrowserContext["storageState"]>>;
const states = new Map<"admin" | "moderator", State>();
let ip = 0;
test.beforeAll(async ({ playwright }) => {
  for (const [who, account] of [
    ["admin", ADMIN],
    ["moderator", MODERATOR],
  ] as const) {
    const ctx = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.87.${Date.now() % 200}.${++ip}` },
    });
    const res = await ctx.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password } });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await ctx.storageState());
    await ctx.dispose();
  }
});

const a = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `admin:${key}`, vars);

/** Nothing wider than the window: the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(width);
}

for (const locale of LOCALES) {
  test(`${locale}: without JavaScript, the achievements table sorts, and the edit dialog saves with a toast`, async ({ newContext }) => {
    const context = await newContext({ storageState: states.get("admin"), javaScriptEnabled: false });
    await setConsentCookie(context, false);
    await setLanguageCookie(context, locale);
    const page = await context.newPage();
    const path = `/${locale}/admin/gamification/achievements`;
    await page.goto(path);
    const earned = page.getByRole("columnheader", { name: new RegExp(`^${a(locale, "gamification.achievements.columns.earned")}`) });
    await expect(earned).toHaveAttribute("aria-sort", "none");
    await earned.getByRole("link").click();
    await expect(page).toHaveURL(`${BASE_URL}${path}?sort=earned`);
    await expect(
      page.getByRole("columnheader", { name: new RegExp(`^${a(locale, "gamification.achievements.columns.earned")}`) }),
    ).toHaveAttribute("aria-sort", "ascending");
    const name = page.getByRole("columnheader", { name: new RegExp(`^${a(locale, "gamification.achievements.columns.name")}`) });
    await name.getByRole("link").click();
    await name.getByRole("link").click();
    await expect(page).toHaveURL(`${BASE_URL}${path}?sort=name&dir=desc`);
    const names = await page.locator("tbody th p.font-semibold").allInnerTexts();
    expect(names).toEqual([...names].sort((x, y) => y.localeCompare(x, locale, { sensitivity: "base", numeric: true })));

    // The edit dialog is opened by the address and rendered by the server.
    const first = (locale === "es" ? "Primer hilo" : "First thread") as string;
    await page.getByRole("link", { name: a(locale, "gamification.achievements.edit", { name: first }) }).click();
    await expect(page).toHaveURL(`${BASE_URL}${path}?sort=name&dir=desc&edit=threads_1`);
    const dialog = page.getByRole("dialog", { name: a(locale, "gamification.achievements.edit", { name: first }) });
    await expect(dialog).toBeVisible();
    // Its × leads back to the list, keeping the order.
    await dialog.getByRole("link", { name: a(locale, "dialog.close") }).click();
    await expect(page).toHaveURL(`${BASE_URL}${path}?sort=name&dir=desc`);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: a(locale, "gamification.achievements.edit", { name: first }) }).click();
    const reward = dialog.getByLabel(a(locale, "gamification.achievements.fields.rewardXp"), { exact: true });
    const before = await reward.inputValue();
    await reward.fill(String(Number(before) + 1));
    await dialog.getByRole("button", { name: a(locale, "gamification.achievements.save") }).click();
    const toast = page.getByTestId("action-toast");
    await expect(toast.getByRole("status")).toHaveText(a(locale, "gamification.achievements.saved", { name: first }));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader").filter({ hasText: first }) });
    await expect(row).toContainText(`+${Number(before) + 1} XP`);
    // The toast closes with its × without JavaScript too.
    await toast.getByLabel(tr(locale, "toast.close")).click();
    await expect(toast.getByRole("status")).toBeHidden();

    // Put the reward back.
    await page.goto(`${path}?edit=threads_1`);
    await dialog.getByLabel(a(locale, "gamification.achievements.fields.rewardXp"), { exact: true }).fill(before);
    await dialog.getByRole("button", { name: a(locale, "gamification.achievements.save") }).click();
    await expect(row).toContainText(`+${before} XP`);
  });

  test(`${locale}: the admin header names the role in the page's language and fits from 320 to 1920 px`, async ({ newContext }) => {
    const context = await newContext({ storageState: states.get("moderator") });
    await setConsentCookie(context, false);
    const page = await context.newPage();
    for (const width of [320, 390, 768, 1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/${locale}/admin/audit`);
      const header = page.locator("body > header, header.sticky").first();
      const logo = header.locator("a").first();
      const badge = header.getByText(a(locale, "title"), { exact: true });
      const [l, b] = [await logo.boundingBox(), await badge.boundingBox()];
      expect(l && b, `${width}px: logo and badge shown`).toBeTruthy();
      expect(l!.x + l!.width, `${width}px: the logo ends before the badge`).toBeLessThanOrEqual(b!.x);
      expect(b!.x + b!.width, `${width}px: the badge fits`).toBeLessThanOrEqual(width);
      await expectNoSidewaysScroll(page, `${width}px header`);
      if (width >= 1024) {
        await expect(header).toContainText(`${MODERATOR.username} · ${a(locale, "roleNames.Moderator")}`);
        if (locale === "es") await expect(header).not.toContainText("Moderator");
      }
    }
  });

  test(`${locale}: the audit log, the report queue and the achievements fit a 390 px phone`, async ({ newContext }) => {
    const context = await newContext({ storageState: states.get("admin"), viewport: { width: 390, height: 844 } });
    await setConsentCookie(context, false);
    const page = await context.newPage();
    for (const path of ["/admin/audit", "/admin/forum/moderation?status=resolved", "/admin/gamification/achievements?edit=threads_1"]) {
      await page.goto(`/${locale}${path}`);
      await expectNoSidewaysScroll(page, path);
    }
    // The resolve panel has room: as wide as its card, with the note field inside the window.
    await page.goto(`/${locale}/admin/forum/moderation`);
    const report = page.getByRole("article").first();
    if ((await report.count()) > 0) {
      await report.locator("summary", { hasText: a(locale, "forum.moderation.resolve") }).click();
      const note = report.getByLabel(a(locale, "forum.moderation.noteLabel")).first();
      const box = (await note.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(250);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expectNoSidewaysScroll(page, "resolve panel");
    }
  });
}
