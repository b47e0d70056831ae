import { expect, gotoHydrated, LOCALES, test, tr, type Locale } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * In Chromium, both languages: a visitor writes to the team on /contact and gets the copy in their language;
 * an Admin finds the message on the Contacts tab, replies from the panel, and the reply arrives by email (the e2e
 * site's real SMTP server) and shows in the message's history.
 */
const k = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `contact:${key}`, vars);
const posted = (path: string) => (r: { url(): string; request(): { method(): string } }) =>
  r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(path);

for (const locale of LOCALES) {
  test(`contact in ${locale}: a visitor sends a message and gets the copy; an admin replies from the panel`, async ({
    page,
    newContext,
    adminState,
  }) => {
    test.setTimeout(60_000);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `contact-${id}@example.com`;
    const name = `Visitor ${id}`;
    const message = `Hello team (${id}), we would like to sponsor the next indie event.`;

    // 1. The visitor writes a business message.
    await gotoHydrated(page, `/${locale}/contact`);
    await expect(page.getByRole("heading", { level: 1, name: k(locale, "title") })).toBeVisible();
    await page.getByLabel(k(locale, "form.name"), { exact: true }).fill(name);
    await page.getByLabel(k(locale, "form.email"), { exact: true }).fill(email);
    await page.getByLabel(k(locale, "form.company")).fill("Bright Pixel");
    await page.getByRole("radio", { name: k(locale, "types.business") }).check();
    await page.getByLabel(k(locale, "form.message")).fill(message);
    const sent = page.waitForResponse(posted(`/${locale}/contact`));
    await page.getByRole("button", { name: k(locale, "form.send") }).click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByRole("heading", { name: k(locale, "sent.title") })).toBeVisible();
    await expect(page.getByText(k(locale, "sent.copy", { email }))).toBeVisible();

    // 2. The copy arrives in the page's language.
    const copy = await latestMailTo(email);
    expect(copy.subject).toBe(tr(locale, "mail:contact-copy.subject"));
    expect(copy.text).toContain(message);

    // 3. An Admin opens it from the business tab and replies.
    const admin = await (await newContext({ storageState: adminState })).newPage();
    await gotoHydrated(admin, `/${locale}/admin/contacts?type=business`);
    await admin.getByRole("link", { name, exact: true }).click();
    await expect(admin.getByRole("heading", { level: 1, name: k(locale, "admin.messageTitle", { name }) })).toBeVisible();
    await expect(admin.getByText(message)).toBeVisible();
    const reply = `Thanks ${id}, the sponsorship is open.`;
    const since = Date.now();
    await admin.getByLabel(k(locale, "admin.replyLabel")).fill(reply);
    const replied = admin.waitForResponse(posted(`/${locale}/admin/contacts/`));
    await admin.getByRole("button", { name: k(locale, "admin.replySend") }).click();
    expect((await replied).status()).toBe(200);
    await expect(admin.getByText(k(locale, "admin.done.reply", { email }))).toBeVisible();
    await expect(admin.getByRole("region", { name: k(locale, "admin.historyTitle") }).getByText(reply)).toBeVisible();

    // 4. The reply arrives, in the sender's language.
    const answer = await latestMailTo(email, since);
    expect(answer.subject).toBe(tr(locale, "mail:contact-reply.subject"));
    expect(answer.text).toContain(reply);
  });
}
