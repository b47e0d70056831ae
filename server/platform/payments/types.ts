import type { PaymentsOffReason } from "#server/env";
import type { PaymentProviderName } from "#shared/promotions";

/**
 * The one interface both payment providers implement: Stripe Checkout, and the local sandbox whose
 * own checkout page (/checkout/sandbox/{id}) sends the same signed webhooks Stripe would. The promotions module
 * only ever talks to this interface.
 */
export type CheckoutRequest = {
  /** Our payment's id: sent as the session's `client_reference_id` and `metadata.payment_id`. */
  paymentId: string;
  submissionId: string;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the payer sees on the checkout page ("Featured game: Hollow Pines — homepage, 14 days"). */
  description: string;
  customerEmail: string;
  locale: "es" | "en";
  /** Absolute URLs; Stripe replaces `{CHECKOUT_SESSION_ID}` in them. */
  successUrl: string;
  cancelUrl: string;
  /** Sent as Stripe's Idempotency-Key: a retried request never opens a second session. */
  idempotencyKey: string;
};

export type CheckoutSession = { sessionId: string; url: string };

export type RefundRequest = {
  paymentId: string;
  providerPaymentId: string | null;
  providerSessionId: string | null;
  amountMinor: number;
  idempotencyKey: string;
};
export type RefundResult = { refundId: string; status: "pending" | "succeeded" | "failed" };

/**
 * A verified webhook event, reduced to what the payments module acts on. `outcome` is the payment status the
 * event means (null: an event we record but do not act on).
 */
export type PaymentEvent = {
  id: string;
  type: string;
  created: Date;
  /** Our payment id (from client_reference_id or metadata), when the event names it. */
  paymentId: string | null;
  sessionId: string | null;
  providerPaymentId: string | null;
  outcome: "processing" | "success" | "fail" | "cancelled" | "refunded" | null;
  failureReason: string | null;
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Checks the `Stripe-Signature` header against the raw body (HMAC-SHA256 of `t.body`, within the tolerance)
   * and parses the event. Throws `PaymentSignatureError` when the signature is missing, wrong or too old.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null | undefined): PaymentEvent;
}

/**
 * No provider: production without Stripe's keys and without PAYMENTS_SANDBOX=true. No checkout opens,
 * no webhook is believed, nothing is refunded; a promo code that covers the whole price still sends a request.
 */
export type PaymentsOff = { readonly name: "off"; readonly reason: PaymentsOffReason };

/** What the promotions module is given: a provider, or payments off. */
export type Payments = PaymentProvider | PaymentsOff;

export class PaymentSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentSignatureError";
  }
}

/** A provider call that failed (network, refused); the message is for the log, never for the payer. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
