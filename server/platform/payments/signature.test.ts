import { describe, expect, it } from "vitest";
import { parseStripeEvent, signWebhook, verifyWebhookSignature } from "./signature";
import { PaymentSignatureError } from "./types";
import { createHmac } from "node:crypto";

const SECRET = "whsec_unit_test_secret";
const NOW = 1_800_000_000;
const body = JSON.stringify({ id: "evt_1", object: "event", type: "checkout.session.completed", created: NOW, data: { object: {} } });
const refused = (fn: () => void) => expect(fn).toThrow(PaymentSignatureError);

describe("webhook signatures (Stripe's scheme)", () => {
  it("accepts a good signature, computed as Stripe does (HMAC-SHA256 of t.body, hex)", () => {
    const header = signWebhook(body, SECRET, NOW);
    const expected = createHmac("sha256", SECRET).update(`${NOW}.${body}`).digest("hex");
    expect(header).toBe(`t=${NOW},v1=${expected}`);
    expect(() => verifyWebhookSignature(body, header, SECRET, NOW + 10)).not.toThrow();
  });

  it("refuses a signature made with another secret", () => {
    refused(() => verifyWebhookSignature(body, signWebhook(body, "whsec_other", NOW), SECRET, NOW));
  });

  it("refuses a tampered body", () => {
    const header = signWebhook(body, SECRET, NOW);
    refused(() => verifyWebhookSignature(body.replace("evt_1", "evt_2"), header, SECRET, NOW));
  });

  it("refuses a timestamp older (or newer) than five minutes, and accepts one just inside", () => {
    const header = signWebhook(body, SECRET, NOW);
    refused(() => verifyWebhookSignature(body, header, SECRET, NOW + 301));
    refused(() => verifyWebhookSignature(body, header, SECRET, NOW - 301));
    expect(() => verifyWebhookSignature(body, header, SECRET, NOW + 300)).not.toThrow();
  });

  it("refuses a missing or malformed header", () => {
    refused(() => verifyWebhookSignature(body, undefined, SECRET, NOW));
    refused(() => verifyWebhookSignature(body, null, SECRET, NOW));
    refused(() => verifyWebhookSignature(body, "", SECRET, NOW));
    refused(() => verifyWebhookSignature(body, `v1=${"a".repeat(64)}`, SECRET, NOW));
    refused(() => verifyWebhookSignature(body, `t=${NOW}`, SECRET, NOW));
    refused(() => verifyWebhookSignature(body, `t=${NOW},v0=${signWebhook(body, SECRET, NOW).split("v1=")[1]}`, SECRET, NOW));
  });

  it("accepts a header with several v1 signatures when one matches (a secret being rolled)", () => {
    const good = signWebhook(body, SECRET, NOW).split("v1=")[1];
    const other = signWebhook(body, "whsec_old", NOW).split("v1=")[1];
    expect(() => verifyWebhookSignature(body, `t=${NOW},v1=${other},v1=${good}`, SECRET, NOW)).not.toThrow();
    refused(() => verifyWebhookSignature(body, `t=${NOW},v1=${other},v1=${other}`, SECRET, NOW));
  });
});

describe("event mapping", () => {
  const event = (type: string, object: Record<string, unknown>) =>
    parseStripeEvent(JSON.stringify({ id: "evt_x", object: "event", type, created: NOW, data: { object } }));
  const session = { object: "checkout.session", id: "cs_1", client_reference_id: "pay-1", payment_intent: "pi_1" };

  it("maps the checkout session events to payment outcomes", () => {
    expect(event("checkout.session.completed", { ...session, payment_status: "paid" })).toMatchObject({
      outcome: "success",
      paymentId: "pay-1",
      sessionId: "cs_1",
      providerPaymentId: "pi_1",
      created: new Date(NOW * 1000),
    });
    expect(event("checkout.session.completed", { ...session, payment_status: "unpaid" }).outcome).toBe("processing");
    expect(event("checkout.session.async_payment_succeeded", session).outcome).toBe("success");
    expect(event("checkout.session.async_payment_failed", session).outcome).toBe("fail");
    expect(event("checkout.session.expired", { ...session, payment_intent: null }).outcome).toBe("cancelled");
  });

  it("finds our payment id in the metadata when there is no client_reference_id", () => {
    expect(event("checkout.session.expired", { object: "checkout.session", id: "cs_1", metadata: { payment_id: "pay-2" } }).paymentId).toBe(
      "pay-2",
    );
  });

  it("maps refunds, and records anything else without an outcome", () => {
    expect(event("charge.refunded", { object: "charge", payment_intent: "pi_1", refunded: true })).toMatchObject({
      outcome: "refunded",
      providerPaymentId: "pi_1",
    });
    expect(event("refund.updated", { object: "refund", payment_intent: "pi_1", status: "succeeded" }).outcome).toBe("refunded");
    expect(event("refund.updated", { object: "refund", payment_intent: "pi_1", status: "pending" }).outcome).toBeNull();
    expect(event("customer.created", { object: "customer" }).outcome).toBeNull();
  });

  it("refuses a body that is not an event", () => {
    expect(() => parseStripeEvent("not json")).toThrow(PaymentSignatureError);
    expect(() => parseStripeEvent(JSON.stringify({ id: "x" }))).toThrow(PaymentSignatureError);
  });
});
