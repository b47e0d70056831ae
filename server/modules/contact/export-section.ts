import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { contactMessageEvents, contactMessages, users } from "#server/db/schema";

/**
 * What the site stores about a person in contact messages, for their account export: the messages sent with
 * their account's email (signed in or not) and the team's replies to them. Who on the team replied is not theirs.
 */
export async function contactExportSection(db: Database, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { messages: [] };
  const messages = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      company: contactMessages.company,
      inquiryType: contactMessages.inquiryType,
      message: contactMessages.message,
      language: contactMessages.locale,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${user.email.toLowerCase()}`)
    .orderBy(asc(contactMessages.createdAt));
  const replies = messages.length
    ? await db
        .select({ messageId: contactMessageEvents.messageId, text: contactMessageEvents.body, sentAt: contactMessageEvents.createdAt })
        .from(contactMessageEvents)
        .where(
          and(
            inArray(
              contactMessageEvents.messageId,
              messages.map((m) => m.id),
            ),
            eq(contactMessageEvents.kind, "reply"),
          ),
        )
        .orderBy(asc(contactMessageEvents.createdAt))
    : [];
  return {
    messages: messages.map((m) => ({
      ...m,
      replies: replies.filter((r) => r.messageId === m.id).map(({ text, sentAt }) => ({ text, sentAt })),
    })),
  };
}
