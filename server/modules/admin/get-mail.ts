import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { assertCan } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";

export const mailIdInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One message of the outbox, with its text and HTML versions, for the mail log. */
export async function getMail(deps: { db: Database }, actor: Actor, input: unknown) {
  assertCan(actor, "mail.read");
  const parsed = mailIdInput.safeParse(input);
  if (!parsed.success) throw new DomainError("not_found");
  const [m] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, parsed.data.id)).limit(1);
  if (!m) throw new DomainError("not_found");
  return { ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null };
}
