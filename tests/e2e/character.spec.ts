import { expect, expectNoViolationsInBothThemes, gotoHydrated, LOCALES, test, toasts, tr } from "./fixtures";
import { registerMember } from "./members";

/**
 * The character and inventory tabs in Chromium, both languages, for a new member: the class is picked from
 * the four choices with a success toast, the sheet, stat points, class change and perks pass axe light and dark,
 * the class change asks before it spends, and the inventory lists the eleven slots. (Buying and equipping with
 * the demo's items are in the role-play journey.)
 */
for (const locale of LOCALES) {
  test(`a new member picks a class and sees the sheet and the inventory (${locale})`, async ({ page, context }) => {
    await registerMember(context, page, locale, "hero");
    await gotoHydrated(page, `/${locale}/account/character`);
    await expect(page.getByRole("link", { name: tr(locale, "account:tabs.character") })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: tr(locale, "character:pick.heading") })).toBeVisible();
    await expectNoViolationsInBothThemes(page, `class choice (${locale})`);

    await page.getByRole("radio", { name: new RegExp(tr(locale, "character:classes.trader.name")) }).check();
    await page.getByRole("button", { name: tr(locale, "character:pick.submit") }).click();
    const label = tr(locale, "character:classes.trader.label");
    await expect(toasts(page, locale).filter({ hasText: tr(locale, "character:pick.done", { class: label }) })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: tr(locale, "character:sheet.heading") })).toBeVisible();
    await expect(page.getByText(tr(locale, "character:points.none"))).toBeVisible();

    // The class change asks first, says what it costs, and that the gold is missing.
    await page
      .getByText(tr(locale, "character:change.become", { class: tr(locale, "character:classes.mage.label") }), { exact: true })
      .click();
    await expect(
      page.getByText(tr(locale, "character:change.question", { class: tr(locale, "character:classes.mage.label"), cost: "200" })),
    ).toBeVisible();
    await expect(page.getByText(tr(locale, "character:change.short"), { exact: true })).toBeVisible();
    await expectNoViolationsInBothThemes(page, `character sheet (${locale})`);

    await gotoHydrated(page, `/${locale}/account/inventory`);
    const equipped = page.getByRole("region", { name: tr(locale, "character:inventory.equipped.heading") });
    await expect(equipped.getByText(tr(locale, "character:inventory.equipped.empty"), { exact: true })).toHaveCount(11);
    await expectNoViolationsInBothThemes(page, `inventory (${locale})`);
  });
}
