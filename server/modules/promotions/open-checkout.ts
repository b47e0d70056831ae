import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { featuredSubmissions, payments, promoCodes } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { translator } from "#server/platform/translate";
import { CHECKOUT_TTL_MINUTES, type PromotionsDeps } from "./deps";
import { heldUses, promoOutcome, promoOutcomeError } from "./promo-codes";

type Deps = Pick<PromotionsDeps, "db" | "payments" | "baseUrl" | "now" | "log">;
export type CheckoutLocale = "es" | "en";

const pagePath = (deps: Deps, locale: CheckoutLocale, page: string, paymentId: string) =>
  `${deps.baseUrl.replace(/\/$/, "")}/${locale}/${page}?payment=${encodeURIComponent(paymentId)}`;

/**
 * Opens a checkout for a submission waiting for its payment (/collaborate's last step, and "pay again"):
 * in one transaction the submission's row is locked (it must still wait for a payment and have none that
 * succeeded) and, with a promo code, the code's row, which must still have a use free counting the uses held
 * by other open checkouts; the payment is written `pending` (holding that use for CHECKOUT_TTL_MINUTES). After
 * the commit the provider opens its session; if it cannot, the payment is marked `fail` (the hold is released)
 * and the payer is told nothing was charged. A checkout of the same submission still open is given again
 * rather than a second one opened. With payments off (production without Stripe's keys) nothing is
 * written and the payer is told that paid placements are unavailable.
 */
export async function openCheckout(
  deps: Deps,
  input: { submissionId: string; locale: CheckoutLocale },
): Promise<{ paymentId: string; url: string }> {
  const provider = deps.payments;
  if (provider.name === "off") throw new DomainError("promotions.payments_off");
  const now = deps.now();
  const locale: CheckoutLocale = input.locale === "en" ? "en" : "es";
  const opened = await deps.db.transaction(async (tx) => {
    const [submission] = await tx
      .select()
      .from(featuredSubmissions)
      .where(eq(featuredSubmissions.id, input.submissionId))
      .limit(1)
      .for("update");
    if (!submission) throw new DomainError("promotions.submission_not_found");
    const attempts = await tx.select().from(payments).where(eq(payments.submissionId, submission.id)).orderBy(desc(payments.createdAt));
    if (attempts.some((p) => p.status === "success" || p.status === "processing")) throw new DomainError("promotions.already_paid");
    if (submission.status !== "pending_payment" || submission.amountMinor <= 0) throw new DomainError("promotions.not_payable");
    const openSince = now.getTime() - CHECKOUT_TTL_MINUTES * 60_000;
    const open = attempts.find((p) => p.status === "pending" && p.checkoutUrl && p.createdAt.getTime() > openSince);
    if (open) return { reuse: { paymentId: open.id, url: open.checkoutUrl! } };
    if (submission.promoCodeId) {
      const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.id, submission.promoCodeId)).limit(1).for("update");
      // A code deleted since the submission keeps the price it gave; a code still there must have a use free.
      if (code) {
        const outcome = promoOutcome(code, await heldUses(tx, code.id, now), now);
        if (outcome !== "success") throw promoOutcomeError(outcome);
      }
    }
    const paymentId = randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      submissionId: submission.id,
      provider: provider.name,
      amountMinor: submission.amountMinor,
      currency: submission.currency,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    return { paymentId, submission };
  });
  if ("reuse" in opened) return opened.reuse!;

  const { paymentId, submission } = opened;
  const t = translator(locale, "payments");
  const description = t("checkout.description", {
    game: submission.gameName,
    feature: translator(locale, "promotions")(`labels.featureType.${submission.featureType}`),
    count: submission.durationDays,
  });
  try {
    const session = await provider.createCheckout({
      paymentId,
      submissionId: submission.id,
      amountMinor: submission.amountMinor,
      currency: submission.currency.toUpperCase(),
      description,
      customerEmail: submission.contactEmail,
      locale,
      successUrl: pagePath(deps, locale, "payment-success", paymentId),
      cancelUrl: pagePath(deps, locale, "payment-cancelled", paymentId),
      idempotencyKey: `checkout:${paymentId}`,
    });
    await deps.db
      .update(payments)
      .set({ providerSessionId: session.sessionId, checkoutUrl: session.url, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId));
    return { paymentId, url: session.url };
  } catch (err) {
    deps.log.error("checkout could not be opened", { err, paymentId });
    await deps.db
      .update(payments)
      .set({ status: "fail", failureReason: "provider_unavailable", updatedAt: sql`now()`, completedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
    throw new DomainError("promotions.payment_unavailable");
  }
}

/**
 * "Pay again" on /payment-cancelled: knowing the payment's id is the proof. A checkout still open is given
 * again; otherwise a new one is opened for the same submission (refused once it is paid or no longer waits).
 */
export async function retryCheckout(
  deps: Deps,
  input: { paymentId: string; locale: CheckoutLocale },
): Promise<{ paymentId: string; url: string }> {
  const [payment] = await deps.db
    .select({ submissionId: payments.submissionId })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .limit(1);
  if (!payment) throw new DomainError("promotions.payment_not_found");
  return openCheckout(deps, { submissionId: payment.submissionId, locale: input.locale });
}
