import { desc, eq } from "drizzle-orm";
import { featuredSubmissions, payments } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { FeatureType, PaymentStatus, RefundStatus, SubmissionStatus } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";

type Deps = Pick<PromotionsDeps, "db">;

export type PaymentResult = {
  /** payment: a checkout's outcome; covered: a submission a 100% promo code completed (nothing was charged). */
  kind: "payment" | "covered";
  paymentId: string | null;
  status: PaymentStatus | null;
  refundStatus: RefundStatus | null;
  amountMinor: number;
  currency: string;
  gameName: string;
  featureType: FeatureType;
  durationDays: number;
  submissionStatus: SubmissionStatus;
  /** The contact address, masked (a***@example.com): the page is open to whoever has the link. */
  email: string;
  receiptSent: boolean;
  /** When the payment reached its final status. */
  completedAt: Date | null;
  /** Another attempt can be started (the submission still waits for its payment). */
  canRetry: boolean;
};

/** a***@example.com: enough for the payer to recognise, nothing for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

const ID = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * What /payment-success and /payment-cancelled show, read from the database (never from the query string):
 * by the payment's id (the checkout's return address), or by the submission's id for one a 100% code completed.
 */
export async function paymentResult(deps: Deps, input: { paymentId: string } | { submissionId: string }): Promise<PaymentResult> {
  if ("paymentId" in input) {
    if (!ID.test(input.paymentId)) throw new DomainError("promotions.payment_not_found");
    const [row] = await deps.db
      .select({ payment: payments, submission: featuredSubmissions })
      .from(payments)
      .innerJoin(featuredSubmissions, eq(featuredSubmissions.id, payments.submissionId))
      .where(eq(payments.id, input.paymentId))
      .limit(1);
    if (!row) throw new DomainError("promotions.payment_not_found");
    return view(row.submission, row.payment);
  }
  if (!ID.test(input.submissionId)) throw new DomainError("promotions.submission_not_found");
  const [submission] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, input.submissionId)).limit(1);
  if (!submission) throw new DomainError("promotions.submission_not_found");
  if (submission.amountMinor > 0) {
    const [latest] = await deps.db
      .select()
      .from(payments)
      .where(eq(payments.submissionId, submission.id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    // A paid submission's result is its payment's: the payment link is what the payer was given.
    if (!latest) throw new DomainError("promotions.submission_not_found");
    return view(submission, latest);
  }
  return view(submission, null);
}

function view(s: typeof featuredSubmissions.$inferSelect, p: typeof payments.$inferSelect | null): PaymentResult {
  return {
    kind: p ? "payment" : "covered",
    paymentId: p?.id ?? null,
    status: p?.status ?? null,
    refundStatus: p?.refundStatus ?? null,
    amountMinor: p?.amountMinor ?? s.amountMinor,
    currency: p?.currency ?? s.currency,
    gameName: s.gameName,
    featureType: s.featureType,
    durationDays: s.durationDays,
    submissionStatus: s.status,
    email: maskEmail(s.contactEmail),
    receiptSent: p?.receiptSentAt != null,
    completedAt: p?.completedAt ?? null,
    canRetry: s.status === "pending_payment" && (!p || p.status === "fail" || p.status === "cancelled"),
  };
}
