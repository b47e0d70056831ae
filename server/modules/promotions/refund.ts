import { and, eq, ne, or, isNull } from "drizzle-orm";
import { payments } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { PromotionsDeps } from "./deps";
import { deliverSandboxEvent, sandboxEvent } from "./sandbox-checkout";

type Deps = Pick<PromotionsDeps, "db" | "payments" | "jobs" | "now" | "log">;

/**
 * Refunds the successful payment of a submission (an Admin rejected a paid submission; the caller has checked
 * that permission). Idempotent: a refund already made is not made again, and the provider's idempotency key
 * (`refund:<paymentId>`) makes a repeated or concurrent request the same refund. Returns "none" when nothing
 * was paid, else the refund's state; throws `promotions.refund_failed` when the provider refuses.
 */
export async function refundSubmissionPayment(deps: Deps, submissionId: string): Promise<"none" | "pending" | "succeeded"> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.submissionId, submissionId), eq(payments.status, "success")))
    .limit(1);
  if (!payment) return "none";
  if (payment.refundStatus === "succeeded") return "succeeded";
  // Payments off: no provider can give the money back; the submission stays as it is (the admin's
  // featured games tab says why payments are off).
  const provider = deps.payments;
  if (provider.name === "off") {
    deps.log.warn("refund not made: payments are off", { paymentId: payment.id, reason: provider.reason });
    throw new DomainError("promotions.refund_failed");
  }
  const now = deps.now();
  let result;
  try {
    result = await provider.refund({
      paymentId: payment.id,
      providerPaymentId: payment.providerPaymentId,
      providerSessionId: payment.providerSessionId,
      amountMinor: payment.amountMinor,
      idempotencyKey: `refund:${payment.id}`,
    });
  } catch (err) {
    deps.log.error("refund refused by the provider", { err, paymentId: payment.id });
    await deps.db
      .update(payments)
      .set({ refundStatus: "failed", updatedAt: now })
      .where(and(eq(payments.id, payment.id), or(isNull(payments.refundStatus), ne(payments.refundStatus, "succeeded"))));
    throw new DomainError("promotions.refund_failed");
  }
  if (result.status === "failed") {
    await deps.db
      .update(payments)
      .set({ refundStatus: "failed", providerRefundId: result.refundId, updatedAt: now })
      .where(and(eq(payments.id, payment.id), or(isNull(payments.refundStatus), ne(payments.refundStatus, "succeeded"))));
    throw new DomainError("promotions.refund_failed");
  }
  // Only forward: the refund's webhook may already have said it succeeded.
  await deps.db
    .update(payments)
    .set({
      refundStatus: result.status,
      providerRefundId: result.refundId,
      updatedAt: now,
      ...(result.status === "succeeded" ? { refundedAt: now } : {}),
    })
    .where(and(eq(payments.id, payment.id), or(isNull(payments.refundStatus), ne(payments.refundStatus, "succeeded"))));
  if (deps.payments.name === "sandbox") {
    // The sandbox tells the site as Stripe would: a signed `charge.refunded` event to the webhook.
    await deliverSandboxEvent(
      deps,
      sandboxEvent(deps, "charge.refunded", {
        id: `ch_sandbox_${payment.id.replace(/-/g, "").slice(0, 24)}`,
        object: "charge",
        payment_intent: payment.providerPaymentId,
        amount: payment.amountMinor,
        amount_refunded: payment.amountMinor,
        currency: payment.currency.toLowerCase(),
        refunded: true,
        metadata: { payment_id: payment.id },
      }),
    ).catch((err: unknown) => deps.log.warn("sandbox refund event not delivered", { err, paymentId: payment.id }));
  }
  const [after] = await deps.db.select({ refundStatus: payments.refundStatus }).from(payments).where(eq(payments.id, payment.id)).limit(1);
  return after?.refundStatus === "succeeded" ? "succeeded" : "pending";
}
