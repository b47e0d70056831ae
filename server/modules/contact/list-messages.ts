import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { contactMessages } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput } from "#server/modules/validate";
import { CONTACT_PAGE_SIZE, INQUIRY_TYPES, type ContactFilter, type InquiryType } from "#shared/contact";
import type { ContactDeps } from "./deps";
import { listInput } from "./input";
import { assertCan } from "./policy";

export type ContactListItem = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  inquiryType: InquiryType;
  /** The first characters of the message, for the row. */
  excerpt: string;
  locale: string;
  read: boolean;
  archived: boolean;
  replied: boolean;
  createdAt: string;
};

const EXCERPT = 140;

function filterWhere(filter: ContactFilter): SQL | undefined {
  if (filter === "archived") return isNotNull(contactMessages.archivedAt);
  if (filter === "unread") return and(isNull(contactMessages.archivedAt), isNull(contactMessages.readAt));
  if (filter === "read") return and(isNull(contactMessages.archivedAt), isNotNull(contactMessages.readAt));
  return isNull(contactMessages.archivedAt);
}

/** What waits for the team: messages of a kind neither read nor archived (the tabs' and the quick view's count). */
export const unreadWhere = (type?: InquiryType) =>
  and(type ? eq(contactMessages.inquiryType, type) : undefined, isNull(contactMessages.archivedAt), isNull(contactMessages.readAt));

/**
 * The Contacts tab (SPEC §2): one kind at a time (personal or business), filtered (the inbox: every message not
 * archived, unread first; unread; read; archived), newest first, paged; with each kind's unread count.
 */
export async function listMessages(deps: Pick<ContactDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "contact_message.list");
  const { type, filter, page } = parseInput(listInput, input);
  const where = and(eq(contactMessages.inquiryType, type), filterWhere(filter));
  const [{ total }] = await deps.db.select({ total: count() }).from(contactMessages).where(where);
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await deps.db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      company: contactMessages.company,
      inquiryType: contactMessages.inquiryType,
      excerpt: sql<string>`left(${contactMessages.message}, ${EXCERPT})`,
      locale: contactMessages.locale,
      readAt: contactMessages.readAt,
      archivedAt: contactMessages.archivedAt,
      repliedAt: contactMessages.repliedAt,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(sql`(${contactMessages.readAt} is null) desc`, desc(contactMessages.createdAt), contactMessages.id)
    .limit(CONTACT_PAGE_SIZE)
    .offset((current - 1) * CONTACT_PAGE_SIZE);
  const unread = Object.fromEntries(
    await Promise.all(
      INQUIRY_TYPES.map(async (t) => [t, (await deps.db.select({ n: count() }).from(contactMessages).where(unreadWhere(t)))[0].n] as const),
    ),
  ) as Record<InquiryType, number>;
  const items: ContactListItem[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    inquiryType: r.inquiryType,
    excerpt: r.excerpt,
    locale: r.locale,
    read: r.readAt !== null,
    archived: r.archivedAt !== null,
    replied: r.repliedAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { type, filter, page: current, pageCount, total, items, unread };
}

/** How many messages wait for the team (unread, not archived), both kinds: the admin quick view's counter. */
export async function countUnreadMessages(deps: Pick<ContactDeps, "db">): Promise<number> {
  const [{ n }] = await deps.db.select({ n: count() }).from(contactMessages).where(unreadWhere());
  return n;
}
