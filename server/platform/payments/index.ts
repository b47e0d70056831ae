import type { Env } from "#server/env";
import { CHECKOUT_TTL_MINUTES } from "#server/modules/promotions/deps";
import { createSandboxProvider } from "./sandbox";
import { createStripeProvider } from "./stripe";
import type { PaymentProvider } from "./types";

export type { PaymentProvider } from "./types";
export { PaymentProviderError, PaymentSignatureError } from "./types";
export { signWebhook, verifyWebhookSignature } from "./signature";

/** The provider the environment configures: Stripe when its keys are set, else the local sandbox. */
export function createPaymentProvider(env: Pick<Env, "payments" | "baseUrl">, now: () => Date = () => new Date()): PaymentProvider {
  const p = env.payments;
  if (p.provider === "stripe") {
    return createStripeProvider({
      secretKey: p.secretKey,
      webhookSecret: p.webhookSecret,
      apiUrl: p.apiUrl,
      // A session lives as long as an open checkout holds a promo code's use.
      checkoutTtlMinutes: CHECKOUT_TTL_MINUTES,
      now,
    });
  }
  return createSandboxProvider({ baseUrl: env.baseUrl, webhookSecret: p.webhookSecret, now });
}
