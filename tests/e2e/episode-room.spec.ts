import type { Page } from "@playwright/test";
import { expect, gotoHydrated, LOCALES, test, toasts, tr } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

/**
 * An episode room end to end, in Chromium and both languages, with two browsers: an Admin opens a room and the
 * guest opens the link the real SMTP server received; both see each other in the room, chat live, the guest
 * proposes two times and the host confirms one (the calendar invitation arrives), both type in the script and
 * the notes at once and keep each other's text, the host compares and restores a version, and a file uploaded
 * by the guest is downloaded by the host. Then a used link and a withdrawn one say so, and the guest's open
 * page hears that its access ended.
 */
const DAY = 86_400_000;
/** A day next week, as the date field takes it (yyyy-mm-dd). */
const dayAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function typeAt(page: Page, label: string, where: "start" | "end", text: string) {
  const box = page.getByLabel(label, { exact: true });
  await expect(box).toBeEditable();
  await box.focus();
  await page.keyboard.press(where === "start" ? "Control+Home" : "Control+End");
  await page.keyboard.type(text, { delay: 15 });
}

for (const locale of LOCALES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => tr(locale, key, vars);

  test(`a host and a guest prepare an episode together, live (${locale})`, async ({ newContext, adminState, diagnostics }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const title = `E2E episode ${locale} ${stamp}`;
    const guestName = locale === "es" ? "Ana Prueba" : "Ann Test";
    const guestEmail = `room-guest-${locale}-${stamp}@example.test`;

    // The host opens the room from the admin tab; the invitation goes out.
    const hostContext = await newContext({ storageState: adminState });
    const host = await hostContext.newPage();
    await gotoHydrated(host, `/${locale}/admin/episode-rooms`);
    await host
      .locator("summary")
      .filter({ hasText: L("admin-rooms:create.summary") })
      .click();
    await host.getByLabel(L("admin-rooms:create.title"), { exact: true }).fill(title);
    await host.getByLabel(L("admin-rooms:create.guestName"), { exact: true }).fill(guestName);
    await host.getByLabel(L("admin-rooms:create.guestEmail"), { exact: true }).fill(guestEmail);
    await host.getByLabel(L("admin-rooms:create.guestLocale"), { exact: true }).selectOption(locale);
    await host.getByRole("button", { name: L("admin-rooms:create.submit") }).click();
    await expect(toasts(host, locale).filter({ hasText: L("admin-rooms:done.created", { title, email: guestEmail }) })).toBeVisible();
    const invitation = await latestMailTo(guestEmail, stamp);
    const link = linkIn(invitation);
    const roomId = /episode-panel\/([0-9a-f-]{36})\/join\?token=/.exec(link)?.[1];
    expect(roomId, link).toBeTruthy();
    const roomPath = `/${locale}/episode-panel/${roomId}`;

    // The guest follows the link: the token leaves the address bar at once.
    const guestContext = await newContext();
    const guest = await guestContext.newPage();
    await guest.goto(link);
    await expect(guest).toHaveURL(new RegExp(`${roomPath}$`));
    await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await gotoHydrated(host, roomPath);

    // Both see each other in the room.
    const hostName = L("rooms-docs:live.person", { name: "admin", role: L("rooms-docs:live.role.host") });
    const guestPerson = L("rooms-docs:live.person", { name: guestName, role: L("rooms-docs:live.role.guest") });
    const presence = (page: Page) => page.getByRole("status").filter({ hasText: L("rooms-docs:live.status.live") });
    await expect(presence(host)).toContainText(guestPerson);
    await expect(presence(guest)).toContainText(hostName);

    // Chat, live: the host sees the guest's message without reloading.
    const hello = locale === "es" ? "¡Hola! Ya estoy en la sala." : "Hi! I am in the room.";
    await guest.getByLabel(L("rooms:chat.label"), { exact: true }).fill(hello);
    await guest.getByRole("button", { name: L("rooms:chat.send"), exact: true }).click();
    await expect(guest.getByText(L("rooms:chat.sent"))).toBeVisible();
    await expect(host.getByRole("region", { name: L("rooms:sections.chat") }).getByText(hello)).toBeVisible();

    // The schedule: the guest proposes two times, the host accepts one and confirms it.
    for (const [days, time] of [
      [8, "18:00"],
      [9, "19:30"],
    ] as const) {
      await guest.getByLabel(L("rooms-schedule:propose.date"), { exact: true }).fill(dayAhead(days));
      await guest.getByLabel(L("rooms-schedule:propose.time"), { exact: true }).fill(time);
      await guest.getByRole("button", { name: L("rooms-schedule:propose.submit") }).click();
      await expect(guest.getByText(L("rooms-schedule:done.proposed"))).toBeVisible();
    }
    const openSlots = host.getByRole("region", { name: L("rooms-schedule:open.title") });
    await expect(openSlots.getByRole("button", { name: L("rooms-schedule:actions.accept") })).toHaveCount(2);
    await openSlots
      .getByRole("button", { name: L("rooms-schedule:actions.accept") })
      .first()
      .click();
    await expect(host.getByText(L("rooms-schedule:done.accepted"))).toBeVisible();
    await openSlots.getByRole("button", { name: L("rooms-schedule:actions.confirm") }).click();
    await expect(host.getByText(L("rooms-schedule:done.confirmed"))).toBeVisible();
    const invite = await latestMailTo(guestEmail, stamp + 1);
    const ics = invite.attachments?.find((a) => a.contentType.startsWith("text/calendar"));
    expect(ics?.text, "the calendar invitation").toContain("BEGIN:VEVENT");
    expect(ics?.text).toContain(`SUMMARY:${title}`);

    // Both type in the script at once: neither loses the other's text, and both end with the same document.
    const script = L("rooms-docs:script.label");
    const hostLine = `Host line ${stamp}`;
    const guestLine = `Guest line ${stamp}`;
    const together = async (label: string, hostText: string, guestText: string) => {
      await Promise.all([typeAt(host, label, "end", hostText), typeAt(guest, label, "start", guestText)]);
      for (const page of [host, guest]) {
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(new RegExp(hostText.trim()));
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(new RegExp(guestText.trim()));
      }
      const both = async () => [
        await host.getByLabel(label, { exact: true }).inputValue(),
        await guest.getByLabel(label, { exact: true }).inputValue(),
      ];
      await expect.poll(async () => new Set(await both()).size, { message: "both pages hold the same document" }).toBe(1);
    };
    await together(script, `\n${hostLine}`, `${guestLine}\n`);
    // The notes likewise.
    await together(L("rooms-docs:notes.label"), "host note", "guest note ");

    // Versions: saved, changed, saved again, compared, and the first restored as a new version.
    const save = async (summary: string, number: number) => {
      await host.getByLabel(L("rooms-docs:versions.summary"), { exact: true }).fill(summary);
      await host.getByRole("button", { name: L("rooms-docs:versions.save") }).click();
      await expect(host.getByText(L("rooms-docs:versions.saved", { number }))).toBeVisible();
    };
    await save("both lines", 1);
    const extra = `Extra segment ${stamp}`;
    await typeAt(host, script, "end", `\n${extra}`);
    await expect(guest.getByLabel(script, { exact: true })).toHaveValue(new RegExp(extra));
    await save("extra segment", 2);
    await host.getByLabel(L("rooms-docs:compare.from"), { exact: true }).selectOption("1");
    await host.getByLabel(L("rooms-docs:compare.to"), { exact: true }).selectOption("2");
    await host.getByRole("button", { name: L("rooms-docs:compare.submit") }).click();
    await expect(host.getByText(L("rooms-docs:compare.summary", { from: 1, to: 2 }))).toBeVisible();
    await expect(host.locator("ins").filter({ hasText: extra })).toBeVisible();
    const versionOne = host.getByRole("listitem").filter({ hasText: L("rooms-docs:versions.number", { number: 1 }) });
    await versionOne.getByText(L("rooms-docs:versions.restore"), { exact: true }).click();
    await versionOne.getByRole("button", { name: L("rooms-docs:versions.restoreConfirm", { number: 1 }) }).click();
    await expect(host.getByText(L("rooms-docs:versions.restored", { from: 1, number: 3 }))).toBeVisible();
    for (const page of [host, guest]) await expect(page.getByLabel(script, { exact: true })).not.toHaveValue(new RegExp(extra));

    // A file uploaded by the guest is downloaded by the host.
    const fileName = `notes-${locale}.txt`;
    await guest
      .getByLabel(L("rooms:files.label"), { exact: true })
      .setInputFiles({ name: fileName, mimeType: "text/plain", buffer: Buffer.from(`room file ${stamp}`) });
    await guest.getByRole("button", { name: L("rooms:files.upload") }).click();
    await expect(guest.getByText(L("rooms:files.uploaded"))).toBeVisible();
    const downloadLink = host.getByRole("link", { name: L("rooms:files.download", { name: fileName }) });
    await expect(downloadLink).toBeVisible();
    const [download] = await Promise.all([host.waitForEvent("download"), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const body = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    expect(body).toBe(`room file ${stamp}`);

    // The used link says so; so does a withdrawn one, and the guest's open page hears its access ended.
    diagnostics.allowResponse(/\/episode-panel\/[^/]+\/join/, 410);
    diagnostics.allowResponse(/\/episode-panel\/[^/?]+$/, 403);
    const stranger = await (await newContext()).newPage();
    await stranger.goto(link);
    await expect(stranger.getByText(L("errors:rooms.token_invalid"))).toBeVisible();
    await gotoHydrated(host, `/${locale}/admin/episode-rooms`);
    const row = host.getByRole("row").filter({ hasText: title });
    await row.getByText(L("admin-rooms:reissue.label"), { exact: true }).click();
    await row.getByRole("button", { name: L("admin-rooms:reissue.confirm") }).click();
    await expect(toasts(host, locale).filter({ hasText: L("admin-rooms:done.reissued", { title, email: guestEmail }) })).toBeVisible();
    const second = linkIn(await latestMailTo(guestEmail, Date.now() - 5_000));
    expect(second).not.toBe(link);
    await row.getByText(L("admin-rooms:revoke.label"), { exact: true }).click();
    await row.getByRole("button", { name: L("admin-rooms:revoke.confirm") }).click();
    await expect(toasts(host, locale).filter({ hasText: L("admin-rooms:done.revoked", { title }) })).toBeVisible();
    await expect(guest.getByText(L("rooms-docs:live.status.ended"))).toBeVisible();
    await stranger.goto(second);
    await expect(stranger.getByText(L("errors:rooms.token_invalid"))).toBeVisible();
    await guest.reload();
    await expect(guest.getByText(L("errors:rooms.forbidden"))).toBeVisible();
  });
}
