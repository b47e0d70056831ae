import type { Env, PaymentsOffReason } from "#server/env";
import type { Logger } from "#server/platform/logger";
import { CHECKOUT_TTL_MINUTES } from "#server/modules/promotions/deps";
import { createSandboxProvider } from "./sandbox";
import { createStripeProvider } from "./stripe";
import type { Payments } from "./types";

export type { Payments, PaymentProvider, PaymentsOff } from "./types";
export { PaymentProviderError, PaymentSignatureError } from "./types";
export { signWebhook, verifyWebhookSignature } from "./signature";

/** Why payments are off, and what turns them on: the start log's words (the admin shows the same, translated). */
export const PAYMENTS_OFF_MESSAGES: Record<PaymentsOffReason, string> = {
  production_without_stripe:
    "Payments are off: production without Stripe keys. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX=true for a test deployment; promo codes that cover the whole price still work.",
  stripe_keys_incomplete:
    "Payments are off: production with only one of STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. Set both, or PAYMENTS_SANDBOX=true for a test deployment; promo codes that cover the whole price still work.",
};

/**
 * The provider the environment configures: Stripe when its keys are set, else the local sandbox (in production
 * only with PAYMENTS_SANDBOX=true), else payments off.
 */
export function createPaymentProvider(env: Pick<Env, "payments" | "baseUrl">, now: () => Date = () => new Date()): Payments {
  const p = env.payments;
  if (p.provider === "off") return { name: "off", reason: p.reason };
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

/** Said once at start: payments off (and why), or the sandbox running in production (a test deployment). */
export function logPaymentsMode(env: Pick<Env, "payments" | "isProduction">, log: Pick<Logger, "warn">): void {
  const p = env.payments;
  if (p.provider === "off") log.warn(PAYMENTS_OFF_MESSAGES[p.reason], { payments: "off", reason: p.reason });
  else if (p.provider === "sandbox" && env.isProduction)
    log.warn("Payments use the sandbox provider in production (PAYMENTS_SANDBOX=true): no money is taken; a test deployment only.", {
      payments: "sandbox",
    });
}
