import { randomBytes } from "node:crypto";
import { parseStripeEvent, signWebhook, verifyWebhookSignature } from "./signature";
import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentProvider, Payments, RefundRequest, RefundResult } from "./types";

export const SANDBOX_SESSION_PREFIX = "cs_sandbox_";

/** Hands a signed event to the site's webhook (POST with the `Stripe-Signature` header); throws to be retried. */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<void>;

/** The sandbox signs its own events (as Stripe does) and delivers them; tests swap `deliver` for `app.request`. */
export type SandboxProvider = PaymentProvider & {
  readonly name: "sandbox";
  signEvent(rawBody: string): string;
  deliver: WebhookDelivery;
};

export const isSandboxProvider = (p: Payments): p is SandboxProvider => p.name === "sandbox" && "signEvent" in p;

/** Delivery over HTTP to `${baseUrl}/api/v1/payments/webhook`, as Stripe's servers would call it. */
export function httpDelivery(baseUrl: string): WebhookDelivery {
  const url = `${baseUrl.replace(/\/$/, "")}/api/v1/payments/webhook`;
  return async (rawBody, signature) => {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": signature,
        "user-agent": "Sandbox/1.0 (+webhooks)",
      },
      body: rawBody,
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  };
}

/**
 * The local sandbox provider (the default): its checkout is the site's own page /checkout/sandbox/{paymentId},
 * where the payer succeeds, fails or cancels; that page then sends the same signed webhook Stripe would
 * (server/modules/promotions/sandbox-checkout.ts). A refund succeeds at once (and the refund operation sends
 * the `charge.refunded` event Stripe would).
 */
export function createSandboxProvider(opts: { baseUrl: string; webhookSecret: string; now?: () => Date }): SandboxProvider {
  const now = opts.now ?? (() => new Date());
  const base = opts.baseUrl.replace(/\/$/, "");
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    name: "sandbox",
    deliver: httpDelivery(base),
    signEvent: (rawBody) => signWebhook(rawBody, opts.webhookSecret, seconds()),
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      return {
        sessionId: SANDBOX_SESSION_PREFIX + randomBytes(16).toString("hex"),
        url: `${base}/${request.locale}/checkout/sandbox/${encodeURIComponent(request.paymentId)}`,
      };
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      return { refundId: `re_sandbox_${request.paymentId.replace(/-/g, "").slice(0, 24)}`, status: "succeeded" };
    },
    verifyWebhook(rawBody: string, signatureHeader: string | null | undefined): PaymentEvent {
      verifyWebhookSignature(rawBody, signatureHeader, opts.webhookSecret, seconds());
      return parseStripeEvent(rawBody);
    },
  };
}
