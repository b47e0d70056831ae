import { and, eq, lt, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import type { Env } from "#server/env";
import type { Logger } from "./logger";

export type MailMessage = {
  template: string;
  locale: string;
  to: string;
  /** Where a reply goes instead of the sender (MAIL_FROM). */
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /**
   * Files sent with the message (a calendar invitation), by `send` only. Not kept in the outbox: a queued
   * message, or one SMTP refused and retried later, goes without them.
   */
  attachments?: MailAttachment[];
};
export type MailAttachment = { filename: string; content: string | Buffer; contentType: string };
/**
 * `retry: false`: a message whose failure the caller tells the person about at once ("please try again") is
 * not tried again later by `mail.retry`, so it never arrives after they were told it failed.
 */
export type SendOptions = { retry?: boolean };
export type MailResult = { id: number; status: "sent" | "failed" | "stored" };

const MAX_ATTEMPTS = 5;

/**
 * Writes every message to the outbox first, then hands it to SMTP when SMTP_URL is set. Without SMTP the
 * outbox is the delivery (the admin mail log shows it) and the text is printed to the log for development.
 * A message SMTP refused stays `failed` and is retried by the `mail.retry` job.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly env: Pick<Env, "smtpUrl" | "mailFrom">,
    private readonly log: Logger,
  ) {
    this.transport = env.smtpUrl ? nodemailer.createTransport(env.smtpUrl) : null;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  async send(message: MailMessage, options: SendOptions = {}): Promise<MailResult> {
    const { attachments: _attachments, ...stored } = message;
    const [row] = await this.db.insert(mailOutbox).values(stored).returning({ id: mailOutbox.id });
    if (!this.transport) {
      await this.db.update(mailOutbox).set({ status: "stored" }).where(eq(mailOutbox.id, row.id));
      this.log.info("mail stored in the outbox (no SMTP_URL)", { to: message.to, subject: message.subject, text: message.text });
      return { id: row.id, status: "stored" };
    }
    return this.deliver(row.id, message, options.retry ?? true);
  }

  /**
   * Writes a message to the outbox as `queued` without trying it (on `db`, a transaction when the caller has
   * one); a job delivers it later with `deliverQueued`. Bulk mail goes this way so a send never waits on SMTP.
   */
  async queue(message: MailMessage, db: Pick<Database, "insert"> = this.db): Promise<number> {
    const { attachments: _attachments, ...stored } = message;
    const [row] = await db
      .insert(mailOutbox)
      .values({ ...stored, status: "queued" })
      .returning({ id: mailOutbox.id });
    return row.id;
  }

  /** Delivers one queued message (a job's work); a message no longer queued is left as it is (null). */
  async deliverQueued(id: number): Promise<MailResult | null> {
    const [row] = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "queued")));
    if (!row) return null;
    if (!this.transport) {
      await this.db.update(mailOutbox).set({ status: "stored" }).where(eq(mailOutbox.id, id));
      return { id, status: "stored" };
    }
    return this.deliver(id, row);
  }

  /** Tries again every message SMTP refused, up to 5 attempts each. */
  async retryFailed(): Promise<number> {
    if (!this.transport) return 0;
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "failed"), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
      .limit(50);
    for (const r of rows) await this.deliver(r.id, r);
    return rows.length;
  }

  private async deliver(id: number, m: MailMessage, retry = true): Promise<MailResult> {
    try {
      await this.transport!.sendMail({
        from: this.env.mailFrom,
        to: m.to,
        replyTo: m.replyTo ?? undefined,
        subject: m.subject,
        html: m.html,
        text: m.text,
        attachments: m.attachments?.length ? m.attachments : undefined,
      });
      await this.db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), error: null, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, id));
      return { id, status: "sent" };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await this.db
        .update(mailOutbox)
        .set({ status: "failed", error, attempts: retry ? sql`${mailOutbox.attempts} + 1` : MAX_ATTEMPTS })
        .where(eq(mailOutbox.id, id));
      this.log.warn("mail delivery failed", { to: m.to, template: m.template, error });
      return { id, status: "failed" };
    }
  }
}
