import { and, count, desc, eq, ilike } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { assertCan } from "#server/modules/accounts/policy";
import { containsPattern, offsetOf, pageField, pageOf, PAGE_SIZE, parseInput, searchField, type Page } from "./input";

export const MAIL_STATUSES = ["queued", "sent", "failed", "stored"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const listMailInput = z.object({
  status: z.preprocess((v) => (MAIL_STATUSES.includes(v as MailStatus) ? v : undefined), z.enum(MAIL_STATUSES).optional()),
  to: searchField,
  page: pageField,
});

export type MailRow = {
  id: number;
  template: string;
  locale: string;
  to: string;
  subject: string;
  status: MailStatus;
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
};

/** The mail log (Admin only: messages hold sign-in links and codes), newest first. */
export async function listMail(
  deps: { db: Database },
  actor: Actor,
  input: unknown,
): Promise<Page<MailRow> & { status: MailStatus | null; to: string }> {
  assertCan(actor, "mail.read");
  const { status, to, page } = parseInput(listMailInput, input);
  const where = and(status ? eq(mailOutbox.status, status) : undefined, to ? ilike(mailOutbox.to, containsPattern(to)) : undefined);
  const [{ total }] = await deps.db.select({ total: count() }).from(mailOutbox).where(where);
  const rows = await deps.db
    .select({
      id: mailOutbox.id,
      template: mailOutbox.template,
      locale: mailOutbox.locale,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      error: mailOutbox.error,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(PAGE_SIZE)
    .offset(offsetOf(page));
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null }));
  return { ...pageOf(items, total, page), status: status ?? null, to };
}
