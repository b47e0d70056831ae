import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser, ensureRoles } from "#server/db/factories";
import { auditLog, contactMessageEvents, contactMessages, mailOutbox } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { issueFormTicket } from "#server/platform/form-guard";
import { createLogger } from "#server/platform/logger";
import { Mailer } from "#server/platform/mail";
import { RateLimiter } from "#server/platform/rate-limit";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { startSmtpServer } from "#tests/support/smtp";
import { setMessageArchived } from "./archive-message";
import { CONTACT_FORM, type ContactDeps } from "./deps";
import { contactExportSection } from "./export-section";
import { getMessage } from "./get-message";
import { contactArea } from "./index";
import { countUnreadMessages, listMessages } from "./list-messages";
import { setMessageRead } from "./mark-message";
import { replyToMessage } from "./reply-message";
import { sendContactMessage } from "./send-message";

const SECRET = "test-secret-test-secret-test-secret-0123";
const TEAM = "team@example.com";

describe("contact messages", () => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let failing: Awaited<ReturnType<typeof startSmtpServer>>;
  let deps: ContactDeps;
  let failingDeps: ContactDeps;
  const clock = testClock(new Date("2026-12-01T10:00:00Z"));
  let admin: NonNullable<Actor>;
  let moderator: NonNullable<Actor>;
  const creator = testActor();
  let client = 0;

  const log = createLogger("error", {}, () => {});
  const depsFor = (smtpUrl: string): ContactDeps => ({
    db: database.db,
    mailer: new Mailer(database.db, { smtpUrl, mailFrom: "Nexo Indie <no-reply@example.com>" }, log),
    rateLimiter: new RateLimiter(database.db, () => clock.now().getTime()),
    formSecret: SECRET,
    formMinSeconds: 3,
    contactEmail: TEAM,
    siteName: "Nexo Indie",
    baseUrl: "http://localhost:3999",
    now: clock.now,
    log,
  });
  /** A form served 10 s ago, from its own address unless told. */
  const form = (over: Record<string, unknown> = {}) => ({
    name: "Ada Lovelace",
    email: "ada@example.com",
    company: "",
    inquiryType: "personal",
    message: "Hello team, I have a question about the forum.",
    locale: "en",
    ticket: issueFormTicket(SECRET, CONTACT_FORM, new Date(clock.now().getTime() - 10_000)),
    honeypot: "",
    clientKey: `198.51.100.${++client}`,
    ...over,
  });
  const send = (over: Record<string, unknown> = {}, d = deps) => sendContactMessage(d, null, form(over));

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    smtp = await startSmtpServer();
    failing = await startSmtpServer({ failWith: "mailbox unavailable" });
    deps = depsFor(smtp.url);
    failingDeps = depsFor(failing.url);
    const a = await createUser(database.db, { email: "admin@example.com", username: "admin_ana" });
    admin = testActor({ userId: a.id, roles: ["Admin"], email: "admin@example.com", username: "admin_ana" });
    const m = await createUser(database.db, { email: "mod@example.com", username: "mod_max" });
    moderator = testActor({ userId: m.id, roles: ["Moderator"], email: "mod@example.com", username: "mod_max" });
  });
  afterAll(async () => {
    await smtp.close();
    await failing.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(contactMessages);
    smtp.received.length = 0;
  });

  describe("sending from /contact", () => {
    it("keeps the message, tells the team and sends the sender a copy in their language", async () => {
      const out = await send({ locale: "es", email: "Ada@Example.com", company: "Pine Studio", inquiryType: "business" });
      expect(out.email).toBe("ada@example.com");
      const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, out.messageId));
      expect(row).toMatchObject({ name: "Ada Lovelace", company: "Pine Studio", inquiryType: "business", locale: "es", readAt: null });
      const team = smtp.received.find((m) => m.to.includes(TEAM))!;
      expect(team.subject).toBe("Nuevo mensaje de empresa de Ada Lovelace");
      expect(team.replyTo).toContain("ada@example.com");
      expect(team.text).toContain(`/es/admin/contacts/${out.messageId}`);
      const copy = smtp.received.find((m) => m.to.includes("ada@example.com"))!;
      expect(copy.subject).toBe("Hemos recibido tu mensaje");
      expect(copy.text).toContain("Hello team, I have a question about the forum.");
      expect(copy.replyTo).toContain(TEAM);
    });

    it("writes the copy in English for a message sent from the English page", async () => {
      await send({ locale: "en" });
      expect(smtp.received.find((m) => m.to.includes("ada@example.com"))?.subject).toBe("We received your message");
    });

    it("refuses a filled hidden field, a missing or forged ticket, a form sent too fast and one too old", async () => {
      expect(await codeOf(send({ honeypot: "http://spam.example" }))).toBe("form.refused");
      expect(await codeOf(send({ ticket: undefined }))).toBe("form.refused");
      expect(await codeOf(send({ ticket: issueFormTicket("another-secret-another-secret-0123456789", CONTACT_FORM, clock.now()) }))).toBe(
        "form.refused",
      );
      expect(await codeOf(send({ ticket: issueFormTicket(SECRET, CONTACT_FORM, clock.now()) }))).toBe("form.too_fast");
      expect(await codeOf(send({ ticket: issueFormTicket(SECRET, CONTACT_FORM, new Date(clock.now().getTime() - 25 * 3600_000)) }))).toBe(
        "form.expired",
      );
      expect(await database.db.select().from(contactMessages)).toHaveLength(0);
    });

    it("checks every field and says which", async () => {
      const err = await errorOf(
        send({ name: " ", email: "not-an-email", company: "x".repeat(121), inquiryType: "other", message: "short" }),
      );
      expect(err.code).toBe("input.invalid");
      expect(err.details?.fieldErrors).toEqual({
        name: "errors:contact.name_required",
        email: "errors:contact.email_invalid",
        company: "errors:contact.company_too_long",
        inquiryType: "errors:contact.inquiry_type_required",
        message: "errors:contact.message_too_short",
      });
      const long = await errorOf(send({ name: "n".repeat(101), email: "", message: "m".repeat(5001), inquiryType: undefined }));
      expect(long.details?.fieldErrors).toEqual({
        name: "errors:contact.name_too_long",
        email: "errors:contact.email_required",
        message: "errors:contact.message_too_long",
        inquiryType: "errors:contact.inquiry_type_required",
      });
    });

    it("refuses the sixth message in a minute from one address, and takes it again a minute later", async () => {
      for (let i = 0; i < 5; i++) await send({ clientKey: "203.0.113.9" });
      const err = await errorOf(send({ clientKey: "203.0.113.9" }));
      expect(err.code).toBe("rate_limited");
      expect(await codeOf(send({ clientKey: "203.0.113.10" }))).toBe("no error");
      clock.advance(61_000);
      expect(await codeOf(send({ clientKey: "203.0.113.9" }))).toBe("no error");
    });

    it("keeps nothing when the mail server refuses, and never sends those mails later", async () => {
      expect(await codeOf(send({ email: "lost@example.com" }, failingDeps))).toBe("contact.send_failed");
      expect(await database.db.select().from(contactMessages)).toHaveLength(0);
      const outbox = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, TEAM));
      expect(outbox.at(-1)).toMatchObject({ status: "failed", attempts: 5 });
      expect(await failingDeps.mailer.retryFailed()).toBe(0);
    });
  });

  describe("the team's tab", () => {
    const ids: Record<string, string> = {};
    beforeEach(async () => {
      ids.old = (await send({ name: "Old", inquiryType: "personal" })).messageId;
      clock.advance(1000);
      ids.newer = (await send({ name: "Newer", inquiryType: "personal" })).messageId;
      clock.advance(1000);
      ids.biz = (await send({ name: "Biz", inquiryType: "business", locale: "es", email: "biz@example.com" })).messageId;
      smtp.received.length = 0;
    });

    it("lists one kind at a time, unread first, with each kind's unread count", async () => {
      await setMessageRead(deps, admin, { messageId: ids.newer, read: true });
      const list = await listMessages(deps, moderator, { type: "personal" });
      expect(list.items.map((m) => m.name)).toEqual(["Old", "Newer"]);
      expect(list.unread).toEqual({ personal: 1, business: 1 });
      expect((await listMessages(deps, admin, { type: "business" })).items.map((m) => m.name)).toEqual(["Biz"]);
      expect((await listMessages(deps, admin, { type: "personal", filter: "read" })).items.map((m) => m.name)).toEqual(["Newer"]);
      expect((await listMessages(deps, admin, { type: "personal", filter: "unread" })).items.map((m) => m.name)).toEqual(["Old"]);
      await setMessageArchived(deps, admin, { messageId: ids.old, archived: true });
      expect((await listMessages(deps, admin, { type: "personal" })).items.map((m) => m.name)).toEqual(["Newer"]);
      expect((await listMessages(deps, admin, { type: "personal", filter: "archived" })).items.map((m) => m.name)).toEqual(["Old"]);
      expect(await countUnreadMessages(deps)).toBe(1);
    });

    it("marks read and unread, archives and brings back, each in the history and the audit log, once", async () => {
      expect(await setMessageRead(deps, moderator, { messageId: ids.old, read: true })).toEqual({ changed: true });
      expect(await setMessageRead(deps, moderator, { messageId: ids.old, read: true })).toEqual({ changed: false });
      await setMessageRead(deps, admin, { messageId: ids.old, read: false });
      await setMessageArchived(deps, admin, { messageId: ids.old, archived: true });
      await setMessageArchived(deps, admin, { messageId: ids.old, archived: false });
      const detail = await getMessage(deps, admin, { messageId: ids.old });
      expect(detail.history.map((h) => [h.kind, h.actorName])).toEqual([
        ["read", "mod_max"],
        ["unread", "admin_ana"],
        ["archived", "admin_ana"],
        ["unarchived", "admin_ana"],
      ]);
      const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, ids.old));
      expect(audit.map((a) => a.action)).toEqual([
        "contact.marked_read",
        "contact.marked_unread",
        "contact.archived",
        "contact.unarchived",
      ]);
    });

    it("replies by email in the sender's language, Reply-To the team, and records who and when", async () => {
      const out = await replyToMessage(deps, admin, { messageId: ids.biz, body: "Gracias, os escribimos esta semana." });
      expect(out.sentTo).toBe("biz@example.com");
      const mail = smtp.received.find((m) => m.to.includes("biz@example.com"))!;
      expect(mail.subject).toBe("Respuesta a tu mensaje a Nexo Indie");
      expect(mail.text).toContain("Gracias, os escribimos esta semana.");
      expect(mail.from).toContain("no-reply@example.com");
      expect(mail.replyTo).toContain(TEAM);
      const detail = await getMessage(deps, moderator, { messageId: ids.biz });
      expect(detail.read).toBe(true);
      expect(detail.history).toMatchObject([{ kind: "reply", actorName: "admin_ana", body: "Gracias, os escribimos esta semana." }]);
      const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, ids.biz));
      expect(audit).toMatchObject({ action: "contact.replied", actorName: "admin_ana", targetName: "Biz <biz@example.com>" });
    });

    it("records nothing when the reply cannot be sent, and refuses an empty reply", async () => {
      expect(await codeOf(replyToMessage(failingDeps, admin, { messageId: ids.biz, body: "Hello" }))).toBe("contact.reply_failed");
      const err = await errorOf(replyToMessage(deps, admin, { messageId: ids.biz, body: "  " }));
      expect(err.details?.fieldErrors).toEqual({ body: "errors:contact.reply_required" });
      expect((await getMessage(deps, admin, { messageId: ids.biz })).history).toEqual([]);
    });

    it("answers not found for an unknown or malformed id", async () => {
      expect(await codeOf(getMessage(deps, admin, { messageId: "00000000-0000-4000-8000-000000000000" }))).toBe("contact.not_found");
      expect(await codeOf(getMessage(deps, admin, { messageId: "x' or 1=1" }))).toBe("contact.not_found");
      expect(await codeOf(setMessageRead(deps, admin, { messageId: "nope", read: true }))).toBe("contact.not_found");
    });

    it("refuses a visitor and a member without a team role, for every read and write", async () => {
      const calls = (actor: Actor) => [
        listMessages(deps, actor, {}),
        getMessage(deps, actor, { messageId: ids.old }),
        setMessageRead(deps, actor, { messageId: ids.old, read: true }),
        setMessageArchived(deps, actor, { messageId: ids.old, archived: true }),
        replyToMessage(deps, actor, { messageId: ids.old, body: "Hi" }),
      ];
      for (const p of calls(null)) expect(await codeOf(p)).toBe("auth.unauthenticated");
      for (const p of calls(creator)) expect(await codeOf(p)).toBe("auth.forbidden");
      expect(await database.db.select().from(contactMessageEvents)).toHaveLength(0);
      expect(smtp.received).toHaveLength(0);
    });
  });

  it("exports a person's messages sent with their account's email, with the team's replies", async () => {
    const user = await createUser(database.db, { email: "Reader@example.com", username: "reader" });
    const { messageId } = await send({ email: "reader@example.com" });
    await send({ email: "someone-else@example.com" });
    await replyToMessage(deps, admin, { messageId, body: "Thanks!" });
    const section = await contactExportSection(database.db, user.id);
    expect(section.messages).toHaveLength(1);
    expect(section.messages[0]).toMatchObject({ email: "reader@example.com", replies: [{ text: "Thanks!" }] });
    expect(contactArea.exportSection).toBe(contactExportSection);
  });

  it("counts unread messages for the quick view, only for the team", async () => {
    await send();
    const [counter] = contactArea.adminCounters!;
    expect(counter.visible(moderator)).toBe(true);
    expect(counter.visible(creator)).toBe(false);
    expect(counter.visible(null)).toBe(false);
    expect(await counter.count(database.db)).toBe(1);
  });
});
