import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every email the site writes, kept first and sent second, so nothing is lost when SMTP is down or absent.
 * status: queued (written, not yet tried), sent (accepted by SMTP), failed (SMTP refused, see error),
 * stored (no SMTP configured: the outbox is the delivery, shown in the admin mail log).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    to: text("to").notNull(),
    /** Where a reply goes when it is not the sender (a contact message's answer goes to the team). */
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "stored"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt), index("mail_outbox_to_idx").on(t.to)],
);
