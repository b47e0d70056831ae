import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { ContactEventKind, InquiryType } from "#shared/contact";
import { users } from "./accounts";
import { mailOutbox } from "./mail";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * SPEC §3 Contact message, sent from /contact by anyone. `locale` is the language the page was in (the copy and
 * the team's replies are written in it); unread while `read_at` is null, archived while `archived_at` is set.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    inquiryType: text("inquiry_type").$type<InquiryType>().notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    readAt: ts("read_at"),
    archivedAt: ts("archived_at"),
    /** The team's last reply, for the list. */
    repliedAt: ts("replied_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_list_idx").on(t.inquiryType, t.createdAt),
    index("contact_messages_email_idx").on(sql`lower(${t.email})`),
    check("contact_messages_inquiry_type_check", sql`${t.inquiryType} in ('personal', 'business')`),
    check("contact_messages_locale_check", sql`${t.locale} in ('es', 'en')`),
  ],
);

/**
 * A message's history: the team's replies (their text and the mail sent), and who marked it read or unread,
 * archived or brought it back, and when. The author's name is kept as it was, like the audit log's.
 */
export const contactMessageEvents = pgTable(
  "contact_message_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ContactEventKind>().notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    body: text("body"),
    mailId: bigint("mail_id", { mode: "number" }).references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("contact_message_events_message_idx").on(t.messageId, t.createdAt),
    check("contact_message_events_kind_check", sql`${t.kind} in ('reply', 'read', 'unread', 'archived', 'unarchived')`),
  ],
);
