import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { profiles, xpLedger } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "./deps";
import { idField, pageField } from "./input";
import type { XpReason, XpSourceKind } from "./pipeline";
import { assertCan } from "./policy";
import { LEDGER_PAGE_SIZE } from "#shared/page-sizes";

/** `pageSize`: the person's own history on /account shows 20 a page; the team's views keep 50. */
const ledgerInput = z.object({
  userId: idField,
  page: pageField,
  pageSize: z.coerce.number().int().min(1).max(100).default(LEDGER_PAGE_SIZE).catch(LEDGER_PAGE_SIZE),
});

export type LedgerEntry = {
  id: number;
  reason: XpReason;
  amount: number;
  sourceKind: XpSourceKind;
  sourceId: string;
  counterpart: { id: string; username: string | null } | null;
  reversesId: number | null;
  restoresId: number | null;
  note: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};

/**
 * One person's XP history, newest first, 50 a page by default (every number explained: base reward, modifiers,
 * caps, reversals with their cause, restores, adjustments with the admin's reason). One's own, or anyone's for
 * Admins and Moderators.
 */
export async function listLedger(deps: { db: Pick<Database, "select"> }, actor: Actor, input: unknown) {
  if (!actor) throw new DomainError("auth.unauthenticated");
  const d = parseInput(ledgerInput, input);
  assertCan(actor, "gamification.ledger", { userId: d.userId });
  const other = alias(profiles, "counterpart");
  const rows = await deps.db
    .select({ row: xpLedger, counterpartName: other.username })
    .from(xpLedger)
    .leftJoin(other, eq(other.id, xpLedger.counterpartId))
    .where(eq(xpLedger.userId, d.userId))
    .orderBy(desc(xpLedger.id))
    .limit(d.pageSize)
    .offset((d.page - 1) * d.pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(xpLedger).where(eq(xpLedger.userId, d.userId));
  const items: LedgerEntry[] = rows.map(({ row, counterpartName }) => ({
    id: row.id,
    reason: row.reason,
    amount: row.amount,
    sourceKind: row.sourceKind,
    sourceId: row.sourceId,
    counterpart: row.counterpartId ? { id: row.counterpartId, username: counterpartName } : null,
    reversesId: row.reversesId,
    restoresId: row.restoresId,
    note: row.note,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, page: d.page, pageCount: Math.max(1, Math.ceil(total / d.pageSize)), total };
}
