import { asc, eq } from "drizzle-orm";
import { contactMessageEvents } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { ContactEventKind } from "#shared/contact";
import type { ContactDeps } from "./deps";
import { findMessage } from "./messages";
import { assertCan } from "./policy";

export type ContactHistoryEntry = { id: number; kind: ContactEventKind; actorName: string; body: string | null; createdAt: string };

/** A message with its history (the team's replies, read and archive marks: who and when), oldest first. */
export async function getMessage(deps: Pick<ContactDeps, "db">, actor: Actor, input: { messageId: unknown }) {
  assertCan(actor, "contact_message.list");
  const m = await findMessage(deps.db, input.messageId);
  const events = await deps.db
    .select()
    .from(contactMessageEvents)
    .where(eq(contactMessageEvents.messageId, m.id))
    .orderBy(asc(contactMessageEvents.createdAt), asc(contactMessageEvents.id));
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    company: m.company,
    inquiryType: m.inquiryType,
    message: m.message,
    locale: m.locale,
    read: m.readAt !== null,
    archived: m.archivedAt !== null,
    createdAt: m.createdAt.toISOString(),
    history: events.map((e): ContactHistoryEntry => ({
      id: e.id,
      kind: e.kind,
      actorName: e.actorName,
      body: e.body,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
export type ContactMessageDetail = Awaited<ReturnType<typeof getMessage>>;
