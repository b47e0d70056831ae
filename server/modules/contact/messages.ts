import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { contactMessageEvents, contactMessages } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import type { ContactEventKind } from "#shared/contact";
import { MESSAGE_ID } from "./input";

export type ContactMessageRow = typeof contactMessages.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A message by its id, locked for the change when `tx` is given; `contact.not_found` otherwise. */
export async function findMessage(db: Database | Tx, messageId: unknown, lock = false): Promise<ContactMessageRow> {
  if (typeof messageId !== "string" || !MESSAGE_ID.test(messageId)) throw new DomainError("contact.not_found");
  const query = db.select().from(contactMessages).where(eq(contactMessages.id, messageId)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("contact.not_found");
  return row;
}

/** The audit action of each history event (the audit log's sentences, app/features/contact/admin/audit-sentences.ts). */
export const AUDIT_ACTION: Record<ContactEventKind, string> = {
  read: "contact.marked_read",
  unread: "contact.marked_unread",
  archived: "contact.archived",
  unarchived: "contact.unarchived",
  reply: "contact.replied",
};

/**
 * One change of a message by the team, in one transaction: the message's own columns, its history's event and
 * the audit entry. Nothing is written when the message is already in that state (`changed: false`).
 */
export async function changeMessage(
  db: Database,
  actor: NonNullable<Actor>,
  messageId: unknown,
  kind: ContactEventKind,
  change: (m: ContactMessageRow) => Partial<ContactMessageRow> | null,
  extra: { body?: string; mailId?: number; now: Date },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const message = await findMessage(tx, messageId, true);
    const set = change(message);
    if (!set) return { changed: false };
    if (Object.keys(set).length > 0) await tx.update(contactMessages).set(set).where(eq(contactMessages.id, message.id));
    await tx.insert(contactMessageEvents).values({
      messageId: message.id,
      kind,
      actorId: actor.userId === "system" ? null : actor.userId,
      actorName: actor.username ?? actor.email,
      body: extra.body ?? null,
      mailId: extra.mailId ?? null,
      createdAt: extra.now,
    });
    await recordAudit(tx, actor, {
      action: AUDIT_ACTION[kind],
      targetType: "contact_message",
      targetId: message.id,
      targetName: `${message.name} <${message.email}>`,
      details: { inquiryType: message.inquiryType },
    });
    return { changed: true };
  });
}
