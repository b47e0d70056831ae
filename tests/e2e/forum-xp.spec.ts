import { overloadedDataAnswer } from "#tests/support/overload-answer";
import { BASE_URL, expect, gotoHydrated, isSameDocument, LOCALES, markDocument, test, toasts, tr } from "./fixtures";
import { registerMember } from "./members";

/**
 * Where people post, in Chromium and both languages: a reply that earns XP says so in its toast (+5 XP), and
 * the reply that crosses a level shows the level's own toast after it (the live channel may say it too: it is
 * told once); the author's post then shows the new level beside the name. And a page refused by the load
 * shedder during a client-side navigation shows a translated notice inside the site's frame, which tries again
 * by itself or at once with its button.
 */
const THREAD = "/community/programacion/godot-4-pathfinding-for-hundreds-of-units";

for (const locale of LOCALES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => tr(locale, key, vars);

  test(`a reply says its +5 XP, and the level it reaches in a toast of its own (${locale})`, async ({ page, context, site, admin }) => {
    test.setTimeout(60_000);
    await site.setFlag("forum_enabled", true);
    await registerMember(context, page, locale, locale === "es" ? "nivel" : "level");
    const session = await context.request.get("/api/auth/get-session");
    const userId = ((await session.json()) as { user: { id: string } }).user.id;
    // 47 XP: one reply (5 XP) from level 2 (50 XP), set as an admin does it on the ranking tab.
    const adjusted = await admin.request.post(`/${locale}/admin/gamification/ranking`, {
      headers: { origin: BASE_URL },
      form: { intent: "adjust-xp", userId, amount: "47", reason: "End-to-end set-up" },
      maxRedirects: 0,
    });
    expect(adjusted.status(), "the adjustment's post").toBe(303);

    await gotoHydrated(page, `/${locale}${THREAD}`);
    await markDocument(page);
    await page.getByLabel(L("forum:thread.replyLabel")).fill(locale === "es" ? "Mi respuesta con experiencia." : "My reply that earns XP.");
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(".data"));
    await page.getByRole("button", { name: L("forum:thread.replySubmit") }).click();
    expect((await sent).status(), "the reply's post").toBeLessThan(400);

    // The reply's toast says the XP; the level's own toast comes next (closing the first shows it at once).
    const toast = toasts(page, locale);
    await expect(toast).toContainText(L("forum:thread.repliedXp_other", { count: 5 }));
    await toast.getByRole("button", { name: L("toast.close") }).click();
    await expect(toast).toContainText(L("levels:levelUp_other", { level: 2, count: 3 }));
    expect(await isSameDocument(page), "replied without a reload").toBe(true);
    // The address loses what the redirect said, and the author's new post shows the new level beside the name.
    await expect(page).not.toHaveURL(/replied=/);
    const mine = page.locator("ol > li.post-card").last();
    await expect(mine.getByRole("img", { name: L("levels:level", { level: 2 }), exact: true })).toHaveText(L("levels:short", { level: 2 }));
  });

  test(`a navigation refused under load shows a translated notice in the frame that tries again (${locale})`, async ({
    page,
    site,
    diagnostics,
  }) => {
    test.setTimeout(60_000);
    await site.setFlag("forum_enabled", true);
    diagnostics.allowResponse(/\.data(\?|$)/, 503);
    diagnostics.allowConsole(/503|Service Unavailable/);
    await gotoHydrated(page, `/${locale}/leaderboard`);
    await markDocument(page);
    // The load shedder's own answer to a data request (load-shedder.test.ts proves it sends exactly this),
    // twice: the first refusal is tried again with the button, the second by itself.
    const refusal = overloadedDataAnswer(L("errors:overloaded.text"));
    let refused = 0;
    // Only the navigation's own fetch: a link's prefetch is not a navigation.
    await page.route(/\/community\.data(\?|$)/, (route) =>
      route.request().resourceType() === "fetch" && refused++ < 2 ? route.fulfill(refusal) : route.fallback(),
    );

    await page
      .getByRole("banner")
      .getByRole("link", { name: L("nav.community"), exact: true })
      .click();
    const notice = page.locator("main [data-busy-notice]");
    await expect(notice.getByRole("alert")).toContainText(L("errors:overloaded.title"));
    await expect(notice).toContainText(L("errors:overloaded.text"));
    await expect(notice).toContainText(new RegExp(L("errors.retryingIn_other", { count: "\\d" }).replace("…", "")));
    // The frame stays: the header and its navigation are there, in the page's language.
    await expect(page.getByRole("banner").getByRole("link", { name: L("nav.community"), exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);

    // "Try again now": refused again, so a new countdown; then it tries by itself and the page comes.
    await notice.getByRole("button", { name: L("errors.retryNow") }).click();
    await expect.poll(() => refused).toBe(2);
    await expect(notice).toContainText(L("errors:overloaded.title"));
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(L("errors:overloaded.title"), { timeout: 10_000 });
    await expect(notice).toHaveCount(0);
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(await isSameDocument(page), "no reload").toBe(true);
  });
}
