import { and, eq, ne, or, sql } from "drizzle-orm";
import { featuredSubmissions, paymentEvents, payments } from "#server/db/schema";
import { PaymentSignatureError, type PaymentEvent, type PaymentProvider } from "#server/platform/payments/types";
import type { PaymentStatus } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { countPromoUse } from "./promo-codes";
import { sendReceipt } from "./receipt-mail";
import { markSubmissionPaid } from "./submission-status";

type Deps = Pick<PromotionsDeps, "db" | "payments" | "mailer" | "siteName" | "baseUrl" | "now" | "log">;
/** The deps once payments are known to be on (a provider checks the signature). */
type LiveDeps = Omit<Deps, "payments"> & { payments: PaymentProvider };

export type WebhookResult =
  { status: 400; reason: string } | { status: 200; duplicate: boolean; applied: boolean; paymentId: string | null };

/** Which statuses each outcome may move a payment from: only forward, and never out of a final status. */
const MOVES: Record<"processing" | "success" | "fail" | "cancelled", readonly PaymentStatus[]> = {
  processing: ["pending"],
  success: ["pending", "processing"],
  fail: ["pending", "processing"],
  cancelled: ["pending", "processing"],
};

/**
 * The payment provider's webhook (Stripe's, or the sandbox's, which sends the same events). The signature is
 * checked on the raw body first: a bad one changes nothing (400). Then, in one transaction, the event is
 * recorded by its id — an event seen before stops here, so the same event delivered ten times has one effect —,
 * the payment's row is locked and the event applied only forward (pending → processing → success | fail |
 * cancelled; a final status never changes, a late event is kept with `applied = false`). A success moves the
 * submission into the review queue and counts its promo code's use (once). After the commit the payer's
 * receipt is sent (once). With payments off no event is believed: 400, nothing recorded.
 */
export async function handleWebhook(deps: Deps, rawBody: string, signature: string | null | undefined): Promise<WebhookResult> {
  const provider = deps.payments;
  if (provider.name === "off") {
    deps.log.warn("payment webhook refused: payments are off", { reason: provider.reason });
    return { status: 400, reason: "payments_off" };
  }
  return applyWebhook({ ...deps, payments: provider }, rawBody, signature);
}

async function applyWebhook(deps: LiveDeps, rawBody: string, signature: string | null | undefined): Promise<WebhookResult> {
  let event: PaymentEvent;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof PaymentSignatureError) {
      deps.log.warn("payment webhook refused", { reason: err.message });
      return { status: 400, reason: err.message };
    }
    throw err;
  }
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const match = event.paymentId
      ? eq(payments.id, event.paymentId)
      : event.sessionId
        ? and(eq(payments.provider, deps.payments.name), eq(payments.providerSessionId, event.sessionId))
        : event.providerPaymentId
          ? and(eq(payments.provider, deps.payments.name), eq(payments.providerPaymentId, event.providerPaymentId))
          : null;
    const [found] = match ? await tx.select({ id: payments.id }).from(payments).where(match).limit(1) : [];
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider: deps.payments.name,
        eventId: event.id,
        type: event.type,
        paymentId: found?.id ?? null,
        createdAtProvider: event.created,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { duplicate: true, applied: false, paymentId: found?.id ?? null, paid: false };
    if (!found || !event.outcome) return { duplicate: false, applied: false, paymentId: found?.id ?? null, paid: false };

    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).limit(1).for("update");
    const outcome = event.outcome;
    let applied = false;
    let paid = false;
    if (outcome === "refunded") {
      // A refunded payment: a successful one the team refunded, or a second payment being refunded.
      if ((payment.status === "success" || payment.refundStatus === "pending") && payment.refundStatus !== "succeeded") {
        await tx.update(payments).set({ refundStatus: "succeeded", refundedAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
        applied = true;
      }
    } else if (MOVES[outcome].includes(payment.status)) {
      if (outcome === "success") {
        // Never charged twice: a second payment of a paid submission is not counted, it is refunded.
        const [other] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.submissionId, payment.submissionId), eq(payments.status, "success"), ne(payments.id, payment.id)))
          .limit(1);
        if (other) {
          // Never charged twice: a second payment of a paid submission (a checkout paid just as it expired while
          // another was opened) is not counted; it is marked and refunded in full after the commit.
          deps.log.error("a second payment for a paid submission: refunding it", { paymentId: payment.id, paidWith: other.id });
          await tx
            .update(payments)
            .set({
              status: "fail",
              failureReason: "paid_twice",
              refundStatus: "pending",
              providerPaymentId: payment.providerPaymentId ?? event.providerPaymentId,
              completedAt: now,
              updatedAt: now,
            })
            .where(eq(payments.id, payment.id));
          await tx
            .update(paymentEvents)
            .set({ applied: true })
            .where(and(eq(paymentEvents.provider, deps.payments.name), eq(paymentEvents.eventId, event.id)));
          return { duplicate: false, applied: true, paymentId: payment.id, paid: false, refundTwice: true };
        }
      }
      const final = outcome !== "processing";
      await tx
        .update(payments)
        .set({
          status: outcome,
          providerPaymentId: payment.providerPaymentId ?? event.providerPaymentId,
          providerSessionId: payment.providerSessionId ?? event.sessionId,
          failureReason: outcome === "fail" ? (event.failureReason ?? "payment_failed") : payment.failureReason,
          updatedAt: now,
          ...(final ? { completedAt: now } : {}),
        })
        .where(eq(payments.id, payment.id));
      applied = true;
      if (outcome === "success") {
        paid = true;
        await markSubmissionPaid(tx, payment.submissionId);
        const [submission] = await tx
          .select({ promoCodeId: featuredSubmissions.promoCodeId, discountMinor: featuredSubmissions.discountMinor })
          .from(featuredSubmissions)
          .where(eq(featuredSubmissions.id, payment.submissionId))
          .limit(1);
        if (submission?.promoCodeId) {
          await countPromoUse(tx, {
            promoCodeId: submission.promoCodeId,
            submissionId: payment.submissionId,
            paymentId: payment.id,
            discountMinor: submission.discountMinor,
          });
        }
      }
    } else if (!payment.providerPaymentId && event.providerPaymentId) {
      // A late event still teaches us the provider's payment id (needed for a refund).
      await tx
        .update(payments)
        .set({ providerPaymentId: event.providerPaymentId })
        .where(and(eq(payments.id, payment.id), or(sql`${payments.providerPaymentId} is null`)));
    }
    if (applied) {
      await tx
        .update(paymentEvents)
        .set({ applied: true })
        .where(and(eq(paymentEvents.provider, deps.payments.name), eq(paymentEvents.eventId, event.id)));
    }
    return { duplicate: false, applied, paymentId: payment.id, paid };
  });

  if ("refundTwice" in result && result.refundTwice && result.paymentId) {
    await refundSecondPayment(deps, result.paymentId).catch((err: unknown) =>
      deps.log.error("second payment not refunded: refund it by hand", { err, paymentId: result.paymentId }),
    );
  }
  if (result.paid && result.paymentId) {
    await sendReceipt(deps, result.paymentId).catch((err: unknown) =>
      deps.log.error("payment receipt not sent", { err, paymentId: result.paymentId }),
    );
  }
  return { status: 200, duplicate: result.duplicate, applied: result.applied, paymentId: result.paymentId };
}

/** Refunds in full a payment that paid an already paid submission (idempotency key `refund:<paymentId>`). */
async function refundSecondPayment(deps: LiveDeps, paymentId: string): Promise<void> {
  const [p] = await deps.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!p || p.refundStatus === "succeeded") return;
  const refund = await deps.payments.refund({
    paymentId: p.id,
    providerPaymentId: p.providerPaymentId,
    providerSessionId: p.providerSessionId,
    amountMinor: p.amountMinor,
    idempotencyKey: `refund:${p.id}`,
  });
  await deps.db
    .update(payments)
    .set({
      refundStatus: refund.status,
      providerRefundId: refund.refundId,
      updatedAt: deps.now(),
      ...(refund.status === "succeeded" ? { refundedAt: deps.now() } : {}),
    })
    .where(and(eq(payments.id, p.id), ne(payments.refundStatus, "succeeded")));
}
