import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { featuredSubmissions, payments, promoCodeUses, promoCodes } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { normalisePromoCode, type PromoOutcome } from "#shared/promotions";
import { CHECKOUT_TTL_MINUTES } from "./deps";

type Tx = Pick<Database, "select" | "update" | "insert" | "execute">;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/**
 * The one place that says whether a promo code can be used now, counted and applied. A use is counted when a
 * payment succeeds (or at once for a 100% code); meanwhile an open checkout holds one use, so the uses counted
 * plus the uses held never pass the limit. Callers that are about to hold or count a use lock the code's row
 * first (`forUpdate`), so concurrent checkouts of one code queue on that row.
 */
export async function findPromoCode(tx: Tx, code: string, opts: { forUpdate?: boolean } = {}): Promise<PromoCodeRow | null> {
  const q = tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalisePromoCode(code)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

/** Uses held by open checkouts: pending ones younger than the checkout's life, and every processing one. */
export async function heldUses(tx: Tx, promoCodeId: string, now: Date): Promise<number> {
  const openSince = new Date(now.getTime() - CHECKOUT_TTL_MINUTES * 60_000);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(featuredSubmissions, eq(featuredSubmissions.id, payments.submissionId))
    .where(
      and(
        eq(featuredSubmissions.promoCodeId, promoCodeId),
        or(eq(payments.status, "processing"), and(eq(payments.status, "pending"), gt(payments.createdAt, openSince))),
      ),
    );
  return row?.n ?? 0;
}

/** SPEC §5 outcome of using this code now (`held`: uses held by open checkouts, see `heldUses`). */
export function promoOutcome(row: PromoCodeRow | null, held: number, now: Date): PromoOutcome {
  if (!row) return "invalid";
  if (!row.isActive) return "inactive";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  if (row.maxUses > 0 && row.usesCount + held >= row.maxUses) return "usage_limit_reached";
  return "success";
}

const OUTCOME_ERRORS = {
  invalid: "promotions.promo_invalid",
  inactive: "promotions.promo_inactive",
  expired: "promotions.promo_expired",
  usage_limit_reached: "promotions.promo_used_up",
  error: "promotions.promo_error",
} as const;

/** The error a refused outcome is shown as (on the form's promo code field). */
export function promoOutcomeError(outcome: Exclude<PromoOutcome, "success">): DomainError {
  return new DomainError(OUTCOME_ERRORS[outcome], { fieldErrors: { promoCode: `errors:${OUTCOME_ERRORS[outcome]}` } });
}

/**
 * Locks the code and checks that one more use may be held or counted now; throws the outcome's error if not.
 * Call inside the transaction that then opens the checkout (or counts the use of a 100% code).
 */
export async function lockUsablePromoCode(tx: Tx, code: string, now: Date): Promise<PromoCodeRow> {
  const row = await findPromoCode(tx, code, { forUpdate: true });
  const outcome = promoOutcome(row, row ? await heldUses(tx, row.id, now) : 0, now);
  if (outcome !== "success") throw promoOutcomeError(outcome);
  return row!;
}

/**
 * Counts one use of the submission's code, once: a second call for the same submission (a webhook delivered
 * again) changes nothing. The use promised when the checkout opened is honoured even if the team lowered the
 * limit meanwhile (the payer paid the discounted price); the counter then stays at the limit.
 * Returns whether this call counted the use.
 */
export async function countPromoUse(
  tx: Tx,
  use: { promoCodeId: string; submissionId: string; paymentId: string | null; discountMinor: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(promoCodeUses)
    .values(use)
    .onConflictDoNothing({ target: promoCodeUses.submissionId })
    .returning({ id: promoCodeUses.id });
  if (inserted.length === 0) return false;
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(promoCodes.id, use.promoCodeId), or(eq(promoCodes.maxUses, 0), sql`${promoCodes.usesCount} < ${promoCodes.maxUses}`)));
  return true;
}

/** Uses of several codes (the admin list). */
export async function usesByCode(tx: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: promoCodeUses.promoCodeId, n: sql<number>`count(*)::int` })
    .from(promoCodeUses)
    .where(inArray(promoCodeUses.promoCodeId, ids))
    .groupBy(promoCodeUses.promoCodeId);
  return new Map(rows.map((r) => [r.id, r.n]));
}
