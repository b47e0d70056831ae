import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, gotoHydrated, setConsentCookie, test, toasts, tr } from "./fixtures";

/**
 * An admin announces an event in Chromium (the banner uploaded through the form); a visitor in New York then
 * finds it in the side panel and on the home page at New York's time, the zone named, in both languages. The
 * server rendered Madrid's time: the switch after hydration raises no hydration error (the diagnostics fixture
 * fails the test on any console error).
 */
const ZONE = "America/New_York";
const a = (key: string, vars: Record<string, string | number> = {}) => tr("en", `admin:${key}`, vars);

/** The day and time, and the zone's name, as the browser formats them (its own ICU data, not Node's). */
const inBrowser = (page: Page, iso: string, locale: "en" | "es") =>
  page.evaluate(
    ([date, lng, zone]) => {
      const parts = new Intl.DateTimeFormat(lng === "es" ? "es-ES" : "en-GB", {
        timeZone: zone,
        hour: "2-digit",
        minute: "2-digit",
        timeZoneName: "longGeneric",
      }).formatToParts(new Date(date));
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
      return { time: `${part("hour")}:${part("minute")}`, zone: part("timeZoneName") };
    },
    [iso, locale, ZONE] as const,
  );

test("an admin announces an event; the side panel and the home page show it in the visitor's zone, named", async ({
  newContext,
  adminState,
}) => {
  const context = await newContext({ storageState: adminState, timezoneId: ZONE, viewport: { width: 1280, height: 900 } });
  await setConsentCookie(context, false);
  const page = await context.newPage();
  const title = { es: `Directo de prueba ${Date.now()}`, en: `Test stream ${Date.now()}` };
  // Two days ahead, 21:00 in Madrid: before the demo's coming events, so it is the side panel's next event.
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  await gotoHydrated(page, "/en/admin/announcements");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(a("announcements.title"));
  await page.getByRole("link", { name: a("announcements.add") }).click();
  const form = page.getByRole("dialog", { name: a("announcements.addTitle") });
  await expect(form).toBeVisible();
  await form.getByLabel(a("announcements.fields.titleEs"), { exact: true }).fill(title.es);
  await form.getByLabel(a("announcements.fields.titleEn"), { exact: true }).fill(title.en);
  await form.getByLabel(a("announcements.fields.startsLocal"), { exact: true }).fill(`${day}T21:00`);
  await expect(form.getByLabel(a("announcements.fields.timeZone"), { exact: true })).toHaveValue("Europe/Madrid");
  await form.getByLabel(a("announcements.fields.videoUrl"), { exact: true }).fill("https://www.youtube.com/@nexoindie");
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 90, g: 40, b: 160 } } })
    .png()
    .toBuffer();
  await form
    .getByLabel(a("announcements.fields.image"), { exact: true })
    .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: png });
  await form.getByRole("button", { name: a("announcements.create") }).click();
  await expect(toasts(page).first()).toContainText(a("announcements.created", { title: title.en }));
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader").filter({ hasText: title.en }) });
  await expect(row).toContainText(a("announcements.upcoming"));
  const editHref = (await row.getByRole("link").first().getAttribute("href")) ?? "";
  const id = new URLSearchParams(editHref.split("?")[1]).get("edit") ?? "";
  expect(id).not.toBe("");

  // The side panel (card 4: the next event), at New York's time.
  await gotoHydrated(page, "/en/about");
  const panel = page.getByRole("complementary", { name: tr("en", "sidePanel.label") });
  const card = panel.getByTestId("announcement").filter({ hasText: title.en });
  const ny = await inBrowser(page, (await card.locator("time").getAttribute("datetime")) ?? "", "en");
  await expect(card.locator("time")).toHaveAttribute("data-zone", ZONE);
  await expect(card.locator("time")).toContainText(ny.time);
  await expect(card.locator("time")).toContainText(ny.zone);
  await expect(card.getByRole("link")).toHaveAttribute("href", "https://www.youtube.com/@nexoindie");
  await expect(card.getByRole("img")).toHaveAttribute("src", /^\/media\/announcements\//);

  // The home page, in both languages.
  for (const locale of ["en", "es"] as const) {
    await gotoHydrated(page, `/${locale}/`);
    const section = page.getByRole("region", { name: tr(locale, "site:home.eventsTitle") });
    const event = section.getByTestId("announcement").filter({ hasText: title[locale] });
    const when = await inBrowser(page, (await event.locator("time").getAttribute("datetime")) ?? "", locale);
    await expect(event.locator("time")).toContainText(when.time);
    await expect(event.locator("time")).toContainText(when.zone);
  }

  // Tidy up: deleted after confirming, gone from the home page.
  await gotoHydrated(page, `/en/admin/announcements?edit=${id}`);
  const dialog = page.getByRole("dialog");
  await dialog.locator("summary", { hasText: a("announcements.delete") }).click();
  await dialog.getByRole("button", { name: a("announcements.confirmDeleteButton") }).click();
  await expect(toasts(page).first()).toContainText(a("announcements.deleted", { title: title.en }));
  await gotoHydrated(page, "/en/");
  await expect(page.getByText(title.en)).toHaveCount(0);
});
