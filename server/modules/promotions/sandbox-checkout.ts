import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { featuredSubmissions, payments } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { isSandboxProvider, type SandboxProvider } from "#server/platform/payments/sandbox";
import { CHECKOUT_TTL_MINUTES, type PromotionsDeps } from "./deps";

type Deps = Pick<PromotionsDeps, "db" | "payments" | "jobs" | "now" | "log">;

/** The one-off job that delivers a sandbox event to the webhook (retried as Stripe retries). */
export const SANDBOX_DELIVER_JOB = "payments.sandbox-deliver";
export type SandboxDelivery = { body: string; signature: string };

export const SANDBOX_CHOICES = ["pay", "fail", "cancel"] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

const PAYMENT_ID = /^[0-9a-f-]{36}$/;

function sandbox(deps: Deps): SandboxProvider {
  // Not the sandbox (Stripe, or payments off in production): its page and choices do not exist.
  if (!isSandboxProvider(deps.payments)) throw new DomainError("promotions.payment_not_found");
  return deps.payments;
}

/** An event in Stripe's shape (`evt_…`, `object: "event"`, `data.object`), signed by the sandbox's secret. */
export function sandboxEvent(deps: Deps, type: string, object: Record<string, unknown>): SandboxDelivery {
  const body = JSON.stringify({
    id: `evt_sandbox_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: "2025-10-29.clover",
    type,
    created: Math.floor(deps.now().getTime() / 1000),
    livemode: false,
    data: { object },
  });
  return { body, signature: sandbox(deps).signEvent(body) };
}

/** Queues the delivery (pg-boss retries it; with jobs off it is delivered at once). */
export async function deliverSandboxEvent(deps: Deps, delivery: SandboxDelivery): Promise<void> {
  await deps.jobs.send(SANDBOX_DELIVER_JOB, delivery, { retryLimit: 8, retryDelaySeconds: 5 });
}

/** The job's handler: the sandbox's delivery function (HTTP to the site's webhook; `app.request` in tests). */
export async function runSandboxDelivery(deps: Deps, delivery: SandboxDelivery): Promise<void> {
  await sandbox(deps).deliver(delivery.body, delivery.signature);
}

async function load(deps: Deps, paymentId: string) {
  const p = sandbox(deps);
  if (!PAYMENT_ID.test(paymentId)) throw new DomainError("promotions.payment_not_found");
  const [row] = await deps.db
    .select({ payment: payments, submission: featuredSubmissions })
    .from(payments)
    .innerJoin(featuredSubmissions, eq(featuredSubmissions.id, payments.submissionId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row || row.payment.provider !== p.name) throw new DomainError("promotions.payment_not_found");
  return row;
}

export type SandboxCheckoutView = {
  paymentId: string;
  /** open: the payer may choose; finished: the payment already has its outcome; expired: the session's life ended. */
  state: "open" | "finished" | "expired";
  status: string;
  amountMinor: number;
  currency: string;
  gameName: string;
  featureType: string;
  durationDays: number;
};

/** /checkout/sandbox/{paymentId}: what is being paid, and whether it can still be paid. */
export async function sandboxCheckout(deps: Deps, paymentId: string): Promise<SandboxCheckoutView> {
  const { payment, submission } = await load(deps, paymentId);
  const expired = payment.createdAt.getTime() <= deps.now().getTime() - CHECKOUT_TTL_MINUTES * 60_000;
  return {
    paymentId: payment.id,
    state: payment.status !== "pending" ? "finished" : expired ? "expired" : "open",
    status: payment.status,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    gameName: submission.gameName,
    featureType: submission.featureType,
    durationDays: submission.durationDays,
  };
}

/**
 * The payer's choice on the sandbox's page: the event Stripe would send for it (paid: `checkout.session.completed`
 * with `payment_status: "paid"`; failed: `checkout.session.async_payment_failed`; cancelled:
 * `checkout.session.expired`), signed and delivered to the webhook; then where the payer goes (Stripe's
 * success or cancel URL).
 */
export async function completeSandboxCheckout(
  deps: Deps,
  input: { paymentId: string; choice: SandboxChoice },
): Promise<{ paymentId: string; page: "payment-success" | "payment-cancelled" }> {
  const view = await sandboxCheckout(deps, input.paymentId);
  if (view.state !== "open") throw new DomainError("promotions.payment_final");
  const { payment, submission } = await load(deps, input.paymentId);
  const type =
    input.choice === "pay"
      ? "checkout.session.completed"
      : input.choice === "fail"
        ? "checkout.session.async_payment_failed"
        : "checkout.session.expired";
  const event = sandboxEvent(deps, type, {
    id: payment.providerSessionId,
    object: "checkout.session",
    client_reference_id: payment.id,
    metadata: { payment_id: payment.id, submission_id: submission.id },
    mode: "payment",
    status: input.choice === "pay" ? "complete" : input.choice === "cancel" ? "expired" : "complete",
    payment_status: input.choice === "pay" ? "paid" : "unpaid",
    payment_intent: input.choice === "cancel" ? null : `pi_sandbox_${payment.id.replace(/-/g, "").slice(0, 24)}`,
    amount_total: payment.amountMinor,
    currency: payment.currency.toLowerCase(),
    customer_email: submission.contactEmail,
  });
  await deliverSandboxEvent(deps, event);
  return { paymentId: payment.id, page: input.choice === "pay" ? "payment-success" : "payment-cancelled" };
}
