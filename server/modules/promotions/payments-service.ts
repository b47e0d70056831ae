import type { PaymentsOffReason } from "#server/env";
import type { Jobs } from "#server/platform/jobs";
import { isSandboxProvider, type WebhookDelivery } from "#server/platform/payments/sandbox";
import type { PromotionsDeps } from "./deps";
import { handleWebhook } from "./handle-webhook";
import { openCheckout, retryCheckout, type CheckoutLocale } from "./open-checkout";
import { paymentResult } from "./payment-result";
import { refundSubmissionPayment } from "./refund";
import {
  completeSandboxCheckout,
  runSandboxDelivery,
  SANDBOX_DELIVER_JOB,
  sandboxCheckout,
  type SandboxChoice,
  type SandboxDelivery,
} from "./sandbox-checkout";

/** Which provider takes payments, or why none does: for /collaborate and the admin. */
export type PaymentsStatus = { provider: "stripe" | "sandbox" } | { provider: "off"; reason: PaymentsOffReason };

/**
 * Payments (issue 15 point 3): checkouts, the provider's webhook, refunds, the result pages and the sandbox's
 * own checkout page. Paying is proved by the payment's unguessable id, not by a role (policy.ts); a refund is
 * made by the review's reject operation, which checks the Admin's permission.
 */
export function createPaymentsService(deps: PromotionsDeps) {
  return {
    paymentsStatus: (): PaymentsStatus =>
      deps.payments.name === "off" ? { provider: "off", reason: deps.payments.reason } : { provider: deps.payments.name },
    openCheckout: (input: { submissionId: string; locale: CheckoutLocale }) => openCheckout(deps, input),
    retryCheckout: (input: { paymentId: string; locale: CheckoutLocale }) => retryCheckout(deps, input),
    handlePaymentWebhook: (rawBody: string, signature: string | null | undefined) => handleWebhook(deps, rawBody, signature),
    refundSubmissionPayment: (submissionId: string) => refundSubmissionPayment(deps, submissionId),
    paymentResult: (input: { paymentId: string } | { submissionId: string }) => paymentResult(deps, input),
    sandboxCheckout: (paymentId: string) => sandboxCheckout(deps, paymentId),
    completeSandboxCheckout: (input: { paymentId: string; choice: SandboxChoice }) => completeSandboxCheckout(deps, input),
    /** Tests: deliver the sandbox's webhooks through the app itself (`app.request`) instead of HTTP. */
    useSandboxDelivery(deliver: WebhookDelivery) {
      if (isSandboxProvider(deps.payments)) deps.payments.deliver = deliver;
    },
  };
}

/** The sandbox's webhook deliveries, one job each (retried by pg-boss as Stripe retries a failed delivery). */
export async function registerPaymentsJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  await jobs.work<SandboxDelivery>(SANDBOX_DELIVER_JOB, (data) => runSandboxDelivery(deps, data));
}
