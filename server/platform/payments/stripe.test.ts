import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeStub, type StripeStub } from "#tests/support/stripe-stub";
import { readEnv } from "#server/env";
import { createPaymentProvider } from "./index";
import { signWebhook } from "./signature";
import { PaymentProviderError, PaymentSignatureError, type PaymentProvider } from "./types";

const NOW = new Date("2026-11-24T12:00:00Z");
const WEBHOOK_SECRET = "whsec_stripe_test_0123456789";
let stub: StripeStub;
let provider: PaymentProvider;

const checkout = {
  paymentId: "0f8e7c4a-1111-4222-8333-944445555666",
  submissionId: "sub-1",
  amountMinor: 3920,
  currency: "EUR",
  description: "Featured game: Hollow Pines — Homepage, 14 days",
  customerEmail: "ada@example.com",
  locale: "es" as const,
  successUrl: "http://localhost:3999/es/payment-success?payment=0f8e7c4a-1111-4222-8333-944445555666",
  cancelUrl: "http://localhost:3999/es/payment-cancelled?payment=0f8e7c4a-1111-4222-8333-944445555666",
  idempotencyKey: "checkout:0f8e7c4a-1111-4222-8333-944445555666",
};

beforeAll(async () => {
  stub = await startStripeStub();
  // The provider as the environment configures it: both keys set, the API at the stub's address.
  const env = readEnv({
    NODE_ENV: "test",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    STRIPE_SECRET_KEY: stub.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stub.url,
  });
  provider = createPaymentProvider(env, () => NOW) as PaymentProvider;
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.mode = "ok";
  stub.requests.length = 0;
});

describe("the Stripe provider against a local Stripe stub", () => {
  it("is chosen when both Stripe keys are set; without them the sandbox is", async () => {
    expect(provider.name).toBe("stripe");
    const env = readEnv({ NODE_ENV: "test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", BASE_URL: "https://site.test" });
    const sandbox = createPaymentProvider(env, () => NOW) as PaymentProvider;
    expect(sandbox.name).toBe("sandbox");
    const session = await sandbox.createCheckout(checkout);
    expect(session.url).toBe(`https://site.test/es/checkout/sandbox/${checkout.paymentId}`);
    expect(session.sessionId).toMatch(/^cs_sandbox_[0-9a-f]{32}$/);
    expect(stub.requests).toHaveLength(0);
  });

  it("opens a Checkout Session with what Stripe needs: amount in minor units, currency, our ids, expiry, email, locale", async () => {
    const session = await provider.createCheckout(checkout);
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);
    expect(stub.requests).toHaveLength(1);
    const [r] = stub.requests;
    expect(r).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", idempotencyKey: checkout.idempotencyKey });
    expect(r.form).toMatchObject({
      mode: "payment",
      client_reference_id: checkout.paymentId,
      "metadata[payment_id]": checkout.paymentId,
      "metadata[submission_id]": "sub-1",
      "payment_intent_data[metadata][payment_id]": checkout.paymentId,
      customer_email: "ada@example.com",
      locale: "es",
      expires_at: String(NOW.getTime() / 1000 + 30 * 60),
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "3920",
      "line_items[0][price_data][product_data][name]": checkout.description,
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
    });
  });

  it("a retried request with the same Idempotency-Key gets the same session", async () => {
    const a = await provider.createCheckout({ ...checkout, idempotencyKey: "checkout:same" });
    const b = await provider.createCheckout({ ...checkout, idempotencyKey: "checkout:same" });
    expect(b.sessionId).toBe(a.sessionId);
  });

  it("refunds by payment intent with the refund's idempotency key, finding the intent from the session if needed", async () => {
    expect(
      await provider.refund({
        paymentId: "p1",
        providerPaymentId: "pi_123",
        providerSessionId: null,
        amountMinor: 3920,
        idempotencyKey: "refund:p1",
      }),
    ).toMatchObject({ status: "succeeded", refundId: expect.stringMatching(/^re_/) });
    expect(stub.requests.at(-1)).toMatchObject({ path: "/v1/refunds", idempotencyKey: "refund:p1", form: { payment_intent: "pi_123" } });

    const { sessionId } = await provider.createCheckout({ ...checkout, idempotencyKey: "checkout:for-refund" });
    stub.sessions.get(sessionId)!.payment_intent = "pi_from_session";
    await provider.refund({
      paymentId: "p2",
      providerPaymentId: null,
      providerSessionId: sessionId,
      amountMinor: 3920,
      idempotencyKey: "refund:p2",
    });
    expect(stub.requests.at(-2)).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${sessionId}` });
    expect(stub.requests.at(-1)).toMatchObject({ path: "/v1/refunds", form: { payment_intent: "pi_from_session" } });
  });

  it("reports Stripe's refusals as provider errors (never a payer-facing message)", async () => {
    stub.mode = "refund_declined";
    await expect(
      provider.refund({ paymentId: "p3", providerPaymentId: "pi_9", providerSessionId: null, amountMinor: 1, idempotencyKey: "refund:p3" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    stub.mode = "server_error";
    await expect(provider.createCheckout({ ...checkout, idempotencyKey: "checkout:down" })).rejects.toBeInstanceOf(PaymentProviderError);
  }, 30_000);

  it("verifies webhooks with the Stripe webhook secret", () => {
    const body = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "checkout.session.completed",
      created: 1,
      data: {
        object: { object: "checkout.session", id: "cs_1", client_reference_id: "p1", payment_status: "paid", payment_intent: "pi_1" },
      },
    });
    const t = NOW.getTime() / 1000;
    expect(provider.verifyWebhook(body, signWebhook(body, WEBHOOK_SECRET, t))).toMatchObject({ outcome: "success", paymentId: "p1" });
    expect(() => provider.verifyWebhook(body, signWebhook(body, "whsec_other_secret", t))).toThrow(PaymentSignatureError);
  });
});
