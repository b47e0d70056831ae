import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { featuredGames, featuredSubmissions, payments } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PROMOTIONS_PAGE_SIZE, SUBMISSION_STATUSES } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { assertCan, promotionsTeamAbilities } from "./policy";

const listInput = z.object({
  status: z.enum(SUBMISSION_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The payment a submission shows: its successful one, else its latest attempt. */
async function paymentsOf(db: PromotionsDeps["db"], ids: string[]) {
  if (!ids.length) return new Map<string, PaymentSummary>();
  const rows = await db
    .select({
      submissionId: payments.submissionId,
      id: payments.id,
      provider: payments.provider,
      status: payments.status,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      refundStatus: payments.refundStatus,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .where(inArray(payments.submissionId, ids))
    .orderBy(sql`(${payments.status} = 'success') desc`, desc(payments.createdAt));
  const map = new Map<string, PaymentSummary>();
  for (const r of rows) if (!map.has(r.submissionId)) map.set(r.submissionId, r);
  return map;
}
export type PaymentSummary = {
  id: string;
  provider: "sandbox" | "stripe";
  status: "pending" | "processing" | "success" | "fail" | "cancelled";
  amountMinor: number;
  currency: string;
  refundStatus: "pending" | "succeeded" | "failed" | null;
  completedAt: Date | null;
};

/**
 * The review queue (Moderators and Admins): submissions waiting for the team first (pending_review, then
 * pending_approval), then the rest, newest first; by status; with each one's payment and promo code.
 */
export async function listSubmissions(deps: Pick<PromotionsDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "submission.list");
  const { status, page } = listInput.parse(input ?? {});
  const where = status ? eq(featuredSubmissions.status, status) : undefined;
  const rows = await deps.db
    .select({
      id: featuredSubmissions.id,
      gameName: featuredSubmissions.gameName,
      studioName: featuredSubmissions.studioName,
      contactEmail: featuredSubmissions.contactEmail,
      featureType: featuredSubmissions.featureType,
      status: featuredSubmissions.status,
      promoCode: featuredSubmissions.promoCode,
      amountMinor: featuredSubmissions.amountMinor,
      discountMinor: featuredSubmissions.discountMinor,
      currency: featuredSubmissions.currency,
      createdAt: featuredSubmissions.createdAt,
    })
    .from(featuredSubmissions)
    .where(where)
    .orderBy(
      sql`case ${featuredSubmissions.status} when 'pending_review' then 0 when 'pending_approval' then 1 else 2 end`,
      desc(featuredSubmissions.createdAt),
      desc(featuredSubmissions.id),
    )
    .limit(PROMOTIONS_PAGE_SIZE)
    .offset((page - 1) * PROMOTIONS_PAGE_SIZE);
  const [{ total }] = await deps.db.select({ total: count() }).from(featuredSubmissions).where(where);
  const paid = await paymentsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const pageCount = Math.max(1, Math.ceil(total / PROMOTIONS_PAGE_SIZE));
  return {
    rows: rows.map((r) => ({ ...r, payment: paid.get(r.id) ?? null })),
    total,
    page,
    pageCount,
    status: status ?? null,
    can: promotionsTeamAbilities(actor),
  };
}

/** One submission with everything the studio sent, its payment, and the featured game it became (if any). */
export async function getSubmission(deps: Pick<PromotionsDeps, "db">, actor: Actor, input: { submissionId: string }) {
  assertCan(actor, "submission.list");
  const id = String(input.submissionId ?? "");
  const [row] = id.length <= 64 ? await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, id)).limit(1) : [];
  if (!row) throw new DomainError("promotions.submission_not_found");
  const paid = await paymentsOf(deps.db, [row.id]);
  const [game] = await deps.db
    .select({ id: featuredGames.id, slug: featuredGames.slug, scheduleStatus: featuredGames.scheduleStatus })
    .from(featuredGames)
    .where(and(eq(featuredGames.submissionId, row.id)))
    .limit(1);
  return { submission: row, payment: paid.get(row.id) ?? null, featuredGame: game ?? null };
}

/** A successful payment that was not refunded: the studio's money is still with us. */
export const heldPayment = (p: PaymentSummary | null | undefined) => !!p && p.status === "success" && p.refundStatus !== "succeeded";
