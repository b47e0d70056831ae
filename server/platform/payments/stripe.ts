import Stripe from "stripe";
import { parseStripeEvent, verifyWebhookSignature } from "./signature";
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
} from "./types";

/** `checkoutTtlMinutes`: how long a Checkout Session stays open (Stripe allows 30 minutes to 24 hours). */
export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is reached (a local stub in tests); Stripe's own when unset. */
  apiUrl?: string;
  checkoutTtlMinutes: number;
  now?: () => Date;
};

/** The client's host, port and protocol from STRIPE_API_URL (the stub's address in tests). */
export function stripeClientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...base, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

const toProviderError = (err: unknown): PaymentProviderError => {
  if (err instanceof Stripe.errors.StripeError) {
    const retryable = err.type === "StripeConnectionError" || err.type === "StripeAPIError" || err.type === "StripeRateLimitError";
    return new PaymentProviderError(`stripe: ${err.type}: ${err.message}`, retryable);
  }
  return new PaymentProviderError(`stripe: ${err instanceof Error ? err.message : String(err)}`, true);
};

/** Stripe Checkout Sessions (when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set). */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, stripeClientOptions(opts.apiUrl));
  const now = opts.now ?? (() => new Date());
  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const expiresAt = Math.floor(now().getTime() / 1000) + opts.checkoutTtlMinutes * 60;
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: request.paymentId,
            metadata: { payment_id: request.paymentId, submission_id: request.submissionId },
            payment_intent_data: { metadata: { payment_id: request.paymentId, submission_id: request.submissionId } },
            customer_email: request.customerEmail,
            locale: request.locale,
            expires_at: expiresAt,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new PaymentProviderError("stripe: the session has no url", false);
        return { sessionId: session.id, url: session.url };
      } catch (err) {
        throw err instanceof PaymentProviderError ? err : toProviderError(err);
      }
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        let paymentIntent = request.providerPaymentId;
        if (!paymentIntent && request.providerSessionId) {
          const session = await stripe.checkout.sessions.retrieve(request.providerSessionId);
          paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
        }
        if (!paymentIntent) throw new PaymentProviderError("stripe: no payment intent to refund", false);
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, metadata: { payment_id: request.paymentId } },
          { idempotencyKey: request.idempotencyKey },
        );
        const status =
          refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
        return { refundId: refund.id, status };
      } catch (err) {
        throw err instanceof PaymentProviderError ? err : toProviderError(err);
      }
    },
    verifyWebhook(rawBody: string, signatureHeader: string | null | undefined): PaymentEvent {
      verifyWebhookSignature(rawBody, signatureHeader, opts.webhookSecret, Math.floor(now().getTime() / 1000));
      return parseStripeEvent(rawBody);
    },
  };
}
