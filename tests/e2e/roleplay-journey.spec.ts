import type { Page } from "@playwright/test";
import { BASE_URL, expect, gotoHydrated, LOCALES, test, toasts, tr } from "./fixtures";
import { registerMember } from "./members";

/**
 * The role-play layer end to end, in Chromium and both languages, with two signed-in members: the first is
 * given XP as an admin does it (two levels: gold and stat points), picks a class, spends the points after the
 * review, buys an item and equips it after seeing what it does to the stats, and watches the avatar page draw
 * the new look live; then both enter the arena, the first hears the match found live, and the match page
 * shows both ratings moved and the fight turn by turn.
 */
const userIdOf = async (page: Page) =>
  ((await (await page.context().request.get("/api/auth/get-session")).json()) as { user: { id: string } }).user.id;

for (const locale of LOCALES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => tr(locale, key, vars);

  test(`a member builds a character, is drawn anew live, and fights another member in the arena (${locale})`, async ({
    newContext,
    admin,
  }) => {
    test.setTimeout(90_000);
    const heroContext = await newContext();
    const hero = await heroContext.newPage();
    await registerMember(heroContext, hero, locale, "hero");
    // 150 XP: level 3, so two levels' gold (2 × 50) and stat points (2 × 3), set as an admin does it.
    const adjusted = await admin.request.post(`/${locale}/admin/gamification/ranking`, {
      headers: { origin: BASE_URL },
      form: { intent: "adjust-xp", userId: await userIdOf(hero), amount: "150", reason: "End-to-end set-up" },
      maxRedirects: 0,
    });
    expect(adjusted.status(), "the adjustment's post").toBe(303);

    // The class, then the stat points after their review.
    await gotoHydrated(hero, `/${locale}/account/character`);
    await hero.getByRole("radio", { name: new RegExp(L("character:classes.warrior.name")) }).check();
    await hero.getByRole("button", { name: L("character:pick.submit") }).click();
    await expect(
      toasts(hero, locale).filter({ hasText: L("character:pick.done", { class: L("character:classes.warrior.label") }) }),
    ).toBeVisible();
    await expect(hero.getByText(L("character:points.available_other", { count: 6 }))).toBeVisible();
    await hero.getByLabel(L("character:stats.strength")).fill("4");
    await hero.getByLabel(L("character:stats.agility")).fill("2");
    await hero.getByRole("button", { name: L("character:points.review") }).click();
    await expect(hero.getByRole("heading", { name: L("character:points.reviewHeading") })).toBeVisible();
    await expect(hero.getByText(L("character:points.line", { stat: L("character:stats.strength"), from: 5, to: 9 }))).toBeVisible();
    await hero.getByRole("button", { name: L("character:points.confirm") }).click();
    await expect(toasts(hero, locale).filter({ hasText: L("character:points.done_other", { count: 6 }) })).toBeVisible();

    // The avatar page, open in a tab of its own, shows the drawing of the warrior once it is done.
    const avatarTab = await heroContext.newPage();
    await gotoHydrated(avatarTab, `/${locale}/account/avatar`);
    const picture = avatarTab.getByRole("img", { name: L("avatar:current.alt") });
    await expect(async () => {
      await avatarTab.reload();
      await expect(picture).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await gotoHydrated(avatarTab, `/${locale}/account/avatar`);
    const before = await picture.getAttribute("src");

    // Buy the leather cap (30 gold of 100) and put it on, told first what it does to the stats.
    await gotoHydrated(hero, `/${locale}/account/inventory`);
    const cap = L("character:item.price", { price: 30 });
    const available = hero.getByRole("region", { name: L("character:inventory.available.heading") });
    const capRow = available
      .getByRole("listitem")
      .filter({ hasText: cap })
      .filter({ hasText: locale === "es" ? "Gorro de cuero" : "Leather cap" });
    await capRow.getByText(L("character:inventory.available.buy", { price: 30 })).click();
    await expect(capRow.getByText(/70/)).toBeVisible();
    await capRow.getByRole("button", { name: L("character:inventory.available.confirm") }).click();
    const name = locale === "es" ? "Gorro de cuero" : "Leather cap";
    await expect(toasts(hero, locale).filter({ hasText: L("character:inventory.available.done", { name }) })).toBeVisible();
    const owned = hero.getByRole("region", { name: L("character:inventory.owned.heading") });
    const ownedCap = owned.getByRole("listitem").filter({ hasText: name });
    await ownedCap
      .locator("summary")
      .filter({ hasText: L("character:inventory.owned.equip") })
      .click();
    await expect(ownedCap.getByText(new RegExp(L("character:inventory.owned.effect", { effect: ".+" })))).toBeVisible();
    await ownedCap.getByRole("button", { name: L("character:inventory.owned.confirm") }).click();
    await expect(toasts(hero, locale).filter({ hasText: L("character:inventory.owned.done", { name }) })).toBeVisible();

    // The avatar tab draws the new look without a reload.
    await expect(avatarTab.getByText(L("avatar:state.arrived"))).toBeVisible({ timeout: 20_000 });
    await expect(picture).not.toHaveAttribute("src", before ?? "");

    // A second member, with a class, in a context of their own.
    const rivalContext = await newContext();
    const rival = await rivalContext.newPage();
    const rivalName = await registerMember(rivalContext, rival, locale, "rival");
    await gotoHydrated(rival, `/${locale}/account/character`);
    await rival.getByRole("radio", { name: new RegExp(L("character:classes.rogue.name")) }).check();
    await rival.getByRole("button", { name: L("character:pick.submit") }).click();
    await expect(
      toasts(rival, locale).filter({ hasText: L("character:pick.done", { class: L("character:classes.rogue.label") }) }),
    ).toBeVisible();

    // The hero waits in the queue; the rival's entry finds the match; the hero hears it live.
    await gotoHydrated(hero, `/${locale}/arena`);
    await hero.getByRole("button", { name: L("arena:queue.join") }).click();
    await expect(hero.getByText(L("arena:queue.waiting"))).toBeVisible();
    await gotoHydrated(rival, `/${locale}/arena`);
    await rival.getByRole("button", { name: L("arena:queue.join") }).click();
    await expect(rival.getByText(L("arena:queue.matched"))).toBeVisible({ timeout: 15_000 });
    await expect(hero.getByText(L("arena:queue.matched"))).toBeVisible({ timeout: 15_000 });

    // The match: both ratings moved from 1500, and the fight is there turn by turn.
    await hero.getByRole("link", { name: L("arena:queue.seeMatch") }).click();
    await expect(hero.getByRole("heading", { level: 1 })).toContainText(rivalName);
    // Each fighter's "Rating (all time)": before → after.
    const moved = await hero
      .locator("dt", { hasText: L("arena:match.ratingAll") })
      .locator("xpath=following-sibling::dd[1]")
      .allInnerTexts();
    const ratingMoves = moved.map((text) => text.match(/([\d.,\s]+)\s*→\s*([\d.,\s]+)/)).filter((m) => m !== null);
    expect(ratingMoves.length, `rating changes shown: ${moved.join(" | ")}`).toBe(2);
    for (const [, from, to] of ratingMoves) expect(from!.trim()).not.toBe(to!.trim());
    const turns = new RegExp(L("arena:match.turnsCaption_other", { count: 0 }).replace("0", "\\d+"));
    await expect(hero.getByRole("table", { name: turns })).toBeVisible();

    await heroContext.close();
    await rivalContext.close();
  });
}
