import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#server/db/schema";
import type { DatabaseHandle } from "#server/db/client";
import { testDatabase } from "#tests/support/db";
import { startSmtpServer } from "#tests/support/smtp";
import { createLogger, type LogFields } from "./logger";
import { Mailer } from "./mail";
import { renderEmail } from "#server/modules/accounts/emails/render";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

const message = (to: string) => ({
  template: "verify-email",
  locale: "en",
  to,
  ...renderEmail({ template: "verify-email", url: "https://site.test/v?t=1" }, "en", "Nexo Indie"),
});

describe("Mailer", () => {
  it("without SMTP_URL keeps the message in the outbox and prints it to the log", async () => {
    const logs: LogFields[] = [];
    const mailer = new Mailer(
      database.db,
      { smtpUrl: undefined, mailFrom: "Nexo <no-reply@nexo.test>" },
      createLogger("info", {}, (l) => logs.push(JSON.parse(l))),
    );
    const r = await mailer.send(message("outbox@example.test"));
    expect(r.status).toBe("stored");
    expect(logs.find((l) => l.msg === "mail stored in the outbox (no SMTP_URL)")).toMatchObject({ to: "outbox@example.test" });
  });

  it("delivers through a real SMTP server, HTML and text", async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = new Mailer(database.db, { smtpUrl: smtp.url, mailFrom: "Nexo <no-reply@nexo.test>" }, createLogger("silent"));
      expect((await mailer.send(message("inbox@example.test"))).status).toBe("sent");
      const [m] = smtp.received;
      expect(m.from).toContain("no-reply@nexo.test");
      expect(m.subject).toBe("Confirm your email for Nexo Indie");
      expect(m.text).toContain("Confirm my email: https://site.test/v?t=1");
      expect(m.html).toContain('href="https://site.test/v?t=1"');
    } finally {
      await smtp.close();
    }
  });

  it("sends attachments, and keeps them out of the outbox", async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = new Mailer(database.db, { smtpUrl: smtp.url, mailFrom: "Nexo <no-reply@nexo.test>" }, createLogger("silent"));
      const ics = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
      const r = await mailer.send({
        ...message("invite@example.test"),
        attachments: [{ filename: "invite.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
      });
      expect(r.status).toBe("sent");
      const [m] = smtp.received;
      expect(m.attachments).toEqual([{ filename: "invite.ics", contentType: "text/calendar", content: ics }]);
      expect(m.text).toContain("Confirm my email");
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, r.id));
      expect(row).toMatchObject({ to: "invite@example.test", status: "sent" });
    } finally {
      await smtp.close();
    }
  });

  it("marks a refused message failed and the retry job delivers it once the server accepts", async () => {
    const down = await startSmtpServer({ failWith: "try later" });
    const mailer = new Mailer(database.db, { smtpUrl: down.url, mailFrom: "Nexo <no-reply@nexo.test>" }, createLogger("silent"));
    const r = await mailer.send(message("later@example.test"));
    expect(r.status).toBe("failed");
    await down.close();
    const up = await startSmtpServer();
    try {
      const healed = new Mailer(database.db, { smtpUrl: up.url, mailFrom: "Nexo <no-reply@nexo.test>" }, createLogger("silent"));
      expect(await healed.retryFailed()).toBeGreaterThanOrEqual(1);
      expect(up.received.map((m) => m.to[0])).toContain("later@example.test");
      const rows = await database.db.select().from(mailOutbox);
      expect(rows.find((x) => x.id === r.id)).toMatchObject({ status: "sent", attempts: 2, error: null });
    } finally {
      await up.close();
    }
  });

  it("escapes what people typed in the HTML version", () => {
    const html = renderEmail(
      { template: "company-rejected", companyName: "<b>Evil</b>", reason: "<script>x</script>", url: "https://s.test" },
      "es",
      "Nexo",
    ).html;
    expect(html).not.toContain("<script>x</script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('lang="es"');
  });
});
