import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { testClock } from "#tests/support/forum-kit";
import { makePromoCode, makeSubmission, paymentsDeps, TEST_WEBHOOK_SECRET } from "#tests/support/promotions-kit";
import { startSmtpServer } from "#tests/support/smtp";
import type { DatabaseHandle } from "#server/db/client";
import { featuredSubmissions, mailOutbox, paymentEvents, payments, promoCodes, promoCodeUses } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { signWebhook } from "#server/platform/payments/signature";
import type { PaymentProvider } from "#server/platform/payments/types";
import type { PromotionsDeps } from "./deps";
import { handleWebhook } from "./handle-webhook";
import { openCheckout, retryCheckout } from "./open-checkout";
import { maskEmail, paymentResult } from "./payment-result";
import { refundSubmissionPayment } from "./refund";
import { completeSandboxCheckout, sandboxCheckout } from "./sandbox-checkout";

const clock = testClock(new Date("2026-11-24T12:00:00Z"));
let database: DatabaseHandle;
let deps: PromotionsDeps & { payments: PaymentProvider };
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let n = 0;

/** A Stripe-shaped event about a checkout session, signed with the sandbox's secret at the clock's time. */
function sessionEvent(type: string, paymentId: string, extra: Record<string, unknown> = {}, eventId = `evt_t_${++n}`) {
  const body = JSON.stringify({
    id: eventId,
    object: "event",
    type,
    created: Math.floor(clock.now().getTime() / 1000),
    data: {
      object: {
        id: `cs_x_${paymentId}`,
        object: "checkout.session",
        client_reference_id: paymentId,
        payment_intent: `pi_${paymentId}`,
        ...extra,
      },
    },
  });
  return { body, signature: signWebhook(body, TEST_WEBHOOK_SECRET, Math.floor(clock.now().getTime() / 1000)) };
}
const deliver = (e: { body: string; signature: string }) => handleWebhook(deps, e.body, e.signature);
const paymentRow = async (id: string) => (await deps.db.select().from(payments).where(eq(payments.id, id)))[0];
const submissionRow = async (id: string) => (await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, id)))[0];

async function openOne(opts: Parameters<typeof makeSubmission>[1] = {}) {
  const submission = await makeSubmission(deps.db, opts);
  const { paymentId, url } = await openCheckout(deps, { submissionId: submission.id, locale: opts.locale ?? "en" });
  return { submission, paymentId, url };
}

beforeAll(async () => {
  database = await testDatabase();
  smtp = await startSmtpServer();
  deps = await paymentsDeps(database, clock, { smtpUrl: smtp.url });
});
afterAll(async () => {
  await database.close();
  await smtp.close();
});

describe("openCheckout", () => {
  it("writes a pending payment with an unguessable id and opens the sandbox's checkout for it", async () => {
    const { submission, paymentId, url } = await openOne({ amountMinor: 4900 });
    expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(url).toBe(`http://localhost:3999/en/checkout/sandbox/${paymentId}`);
    const p = await paymentRow(paymentId);
    expect(p).toMatchObject({
      status: "pending",
      amountMinor: 4900,
      currency: "EUR",
      provider: "sandbox",
      submissionId: submission.id,
      checkoutUrl: url,
    });
    expect(p.providerSessionId).toMatch(/^cs_sandbox_[0-9a-f]{32}$/);
  });

  it("gives the same checkout again while it is open instead of opening a second one", async () => {
    const { submission, paymentId } = await openOne();
    const again = await openCheckout(deps, { submissionId: submission.id, locale: "en" });
    expect(again.paymentId).toBe(paymentId);
    expect(await deps.db.$count(payments, eq(payments.submissionId, submission.id))).toBe(1);
  });

  it("refuses an unknown submission, one that no longer waits for a payment, and one already paid", async () => {
    await expect(openCheckout(deps, { submissionId: "nope", locale: "en" })).rejects.toMatchObject({
      code: "promotions.submission_not_found",
    });
    const reviewed = await makeSubmission(deps.db, { status: "pending_review" });
    await expect(openCheckout(deps, { submissionId: reviewed.id, locale: "en" })).rejects.toMatchObject({ code: "promotions.not_payable" });
    const { submission, paymentId } = await openOne();
    await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" }));
    // Put it back to pending_payment by hand: a paid one is still refused.
    await deps.db.update(featuredSubmissions).set({ status: "pending_payment" }).where(eq(featuredSubmissions.id, submission.id));
    await expect(openCheckout(deps, { submissionId: submission.id, locale: "en" })).rejects.toMatchObject({
      code: "promotions.already_paid",
    });
  });

  it("refuses a promo code that is used up, counting the uses held by open checkouts", async () => {
    const code = await makePromoCode(deps.db, { maxUses: 1 });
    await openOne({ amountMinor: 3920, priceMinor: 4900, promoCodeId: code.id, promoCode: code.code });
    await expect(openOne({ amountMinor: 3920, priceMinor: 4900, promoCodeId: code.id, promoCode: code.code })).rejects.toMatchObject({
      code: "promotions.promo_used_up",
    });
    // The hold ends with the checkout's life.
    clock.advance(31 * 60_000);
    await expect(openOne({ amountMinor: 3920, priceMinor: 4900, promoCodeId: code.id, promoCode: code.code })).resolves.toBeTruthy();
  });

  it("marks the payment failed (releasing the hold) and says so when the provider cannot open a session", async () => {
    const broken: PaymentProvider = {
      ...deps.payments,
      name: "sandbox",
      createCheckout: async () => {
        throw new Error("down");
      },
    };
    const code = await makePromoCode(deps.db, { maxUses: 1 });
    const submission = await makeSubmission(deps.db, { amountMinor: 3920, priceMinor: 4900, promoCodeId: code.id });
    const err = await openCheckout({ ...deps, payments: broken }, { submissionId: submission.id, locale: "es" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe("promotions.payment_unavailable");
    const [p] = await deps.db.select().from(payments).where(eq(payments.submissionId, submission.id));
    expect(p).toMatchObject({ status: "fail", failureReason: "provider_unavailable" });
    // The code's one use is free again.
    await expect(openCheckout(deps, { submissionId: submission.id, locale: "es" })).resolves.toBeTruthy();
  });

  it("retryCheckout opens a new checkout after a cancelled one, and refuses an unknown payment", async () => {
    const { submission, paymentId } = await openOne();
    await deliver(sessionEvent("checkout.session.expired", paymentId));
    const again = await retryCheckout(deps, { paymentId, locale: "en" });
    expect(again.paymentId).not.toBe(paymentId);
    expect((await submissionRow(submission.id)).status).toBe("pending_payment");
    await expect(retryCheckout(deps, { paymentId: "00000000-0000-0000-0000-000000000000", locale: "en" })).rejects.toMatchObject({
      code: "promotions.payment_not_found",
    });
  });
});

describe("the webhook's state machine", () => {
  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { paymentId } = await openOne();
    const e = sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" });
    const before = await deps.db.$count(paymentEvents);
    expect(await handleWebhook(deps, e.body, "t=1,v1=" + "0".repeat(64))).toMatchObject({ status: 400 });
    expect(await handleWebhook(deps, e.body, undefined)).toMatchObject({ status: 400 });
    expect(await handleWebhook(deps, e.body.replace("paid", "PAID"), e.signature)).toMatchObject({ status: 400 });
    expect(await deps.db.$count(paymentEvents)).toBe(before);
    expect((await paymentRow(paymentId)).status).toBe("pending");
  });

  it("pending → processing → success: the submission enters the review queue, the code's use is counted, one receipt is sent", async () => {
    const code = await makePromoCode(deps.db, { maxUses: 5 });
    const { submission, paymentId } = await openOne({
      amountMinor: 3920,
      priceMinor: 4900,
      promoCodeId: code.id,
      locale: "es",
      contactEmail: "pago@example.com",
    });
    expect(await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "unpaid" }))).toMatchObject({
      status: 200,
      applied: true,
    });
    expect((await paymentRow(paymentId)).status).toBe("processing");
    expect((await submissionRow(submission.id)).status).toBe("pending_payment");
    const sent = smtp.received.length;
    const success = sessionEvent("checkout.session.async_payment_succeeded", paymentId);
    expect(await deliver(success)).toMatchObject({ status: 200, applied: true, duplicate: false });
    const p = await paymentRow(paymentId);
    expect(p).toMatchObject({ status: "success", providerPaymentId: `pi_${paymentId}` });
    expect(p.completedAt).toBeTruthy();
    expect(p.receiptSentAt).toBeTruthy();
    expect((await submissionRow(submission.id)).status).toBe("pending_review");
    expect((await deps.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0].usesCount).toBe(1);
    expect(await deps.db.$count(promoCodeUses, eq(promoCodeUses.submissionId, submission.id))).toBe(1);
    // The receipt, in the submission's language, with the amount written for it.
    await expect.poll(() => smtp.received.length).toBe(sent + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(["pago@example.com"]);
    expect(mail.subject).toBe("Recibo: destacar Hollow Pines en Nexo Indie");
    expect(mail.text).toContain("39,20\u00a0€");
    expect(mail.text).toContain(paymentId);
    // The same event again: recorded once, no second effect.
    expect(await deliver(success)).toMatchObject({ status: 200, duplicate: true, applied: false });
    expect((await deps.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0].usesCount).toBe(1);
    expect(smtp.received.length).toBe(sent + 1);
  });

  it("a final status never changes, and a late event is recorded but not applied (out of order)", async () => {
    const { paymentId } = await openOne();
    await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" }));
    const late = await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "unpaid" }));
    expect(late).toMatchObject({ status: 200, applied: false, duplicate: false });
    expect(await deliver(sessionEvent("checkout.session.expired", paymentId))).toMatchObject({ applied: false });
    expect(await deliver(sessionEvent("checkout.session.async_payment_failed", paymentId))).toMatchObject({ applied: false });
    expect((await paymentRow(paymentId)).status).toBe("success");
    const events = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    expect(events).toHaveLength(4);
    expect(events.filter((e) => e.applied)).toHaveLength(1);
  });

  it("fail and cancelled are final too; the submission keeps waiting for its payment", async () => {
    const a = await openOne();
    await deliver(sessionEvent("checkout.session.async_payment_failed", a.paymentId));
    expect(await paymentRow(a.paymentId)).toMatchObject({ status: "fail", failureReason: "payment_failed" });
    expect(await deliver(sessionEvent("checkout.session.completed", a.paymentId, { payment_status: "paid" }))).toMatchObject({
      applied: false,
    });
    expect((await paymentRow(a.paymentId)).status).toBe("fail");
    expect((await submissionRow(a.submission.id)).status).toBe("pending_payment");

    const b = await openOne();
    await deliver(sessionEvent("checkout.session.expired", b.paymentId));
    expect((await paymentRow(b.paymentId)).status).toBe("cancelled");
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", b.paymentId))).toMatchObject({ applied: false });
    expect((await paymentRow(b.paymentId)).status).toBe("cancelled");
    expect((await submissionRow(b.submission.id)).status).toBe("pending_payment");
  });

  it("records an event of a type it does not act on, or about no payment of ours, without applying it", async () => {
    const body = JSON.stringify({
      id: "evt_other_1",
      object: "event",
      type: "customer.created",
      created: 1,
      data: { object: { object: "customer" } },
    });
    const signature = signWebhook(body, TEST_WEBHOOK_SECRET, Math.floor(clock.now().getTime() / 1000));
    expect(await handleWebhook(deps, body, signature)).toMatchObject({ status: 200, applied: false, paymentId: null });
    expect(await deliver(sessionEvent("checkout.session.completed", "unknown-payment", { payment_status: "paid" }))).toMatchObject({
      status: 200,
      applied: false,
    });
  });

  it("a refund event marks a successful payment refunded", async () => {
    const { paymentId } = await openOne();
    await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" }));
    const body = JSON.stringify({
      id: `evt_refund_${paymentId}`,
      object: "event",
      type: "charge.refunded",
      created: 1,
      data: { object: { id: "ch_1", object: "charge", payment_intent: `pi_${paymentId}`, refunded: true } },
    });
    const r = await handleWebhook(deps, body, signWebhook(body, TEST_WEBHOOK_SECRET, Math.floor(clock.now().getTime() / 1000)));
    expect(r).toMatchObject({ status: 200, applied: true, paymentId });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "success", refundStatus: "succeeded" });
  });
});

describe("never charged twice", () => {
  it("a second payment of a paid submission is not counted: it is marked and refunded in full", async () => {
    const code = await makePromoCode(deps.db, { maxUses: 5 });
    const { submission, paymentId } = await openOne({ amountMinor: 3920, priceMinor: 4900, promoCodeId: code.id });
    // A second checkout of the same submission, as if the first had expired just before it was paid.
    const secondId = "7a0d3f5e-2222-4333-8444-955556666777";
    await deps.db
      .insert(payments)
      .values({ id: secondId, submissionId: submission.id, provider: "sandbox", amountMinor: 3920, currency: "EUR" });
    await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" }));
    const second = await deliver(sessionEvent("checkout.session.completed", secondId, { payment_status: "paid" }));
    expect(second).toMatchObject({ status: 200, applied: true });
    expect(await paymentRow(secondId)).toMatchObject({ status: "fail", failureReason: "paid_twice", refundStatus: "succeeded" });
    expect((await paymentRow(secondId)).providerRefundId).toMatch(/^re_sandbox_/);
    expect((await paymentRow(paymentId)).status).toBe("success");
    expect((await deps.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0].usesCount).toBe(1);
  });
});

describe("refundSubmissionPayment", () => {
  it("refunds once through the provider (the sandbox then sends charge.refunded), and says none for an unpaid submission", async () => {
    const { submission, paymentId } = await openOne();
    expect(await refundSubmissionPayment(deps, submission.id)).toBe("none");
    await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" }));
    let calls = 0;
    const counting = {
      ...deps,
      payments: { ...deps.payments, refund: (r: Parameters<PaymentProvider["refund"]>[0]) => (calls++, deps.payments.refund(r)) },
    };
    expect(await refundSubmissionPayment(counting, submission.id)).toBe("succeeded");
    expect(await refundSubmissionPayment(counting, submission.id)).toBe("succeeded");
    expect(calls).toBe(1);
    expect(await paymentRow(paymentId)).toMatchObject({
      refundStatus: "succeeded",
      providerRefundId: expect.stringMatching(/^re_sandbox_/),
    });
    const refundEvents = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    expect(refundEvents.some((e) => e.type === "charge.refunded")).toBe(true);
  });

  it("throws refund_failed when the provider refuses, using the idempotency key refund:<paymentId>", async () => {
    const { submission, paymentId } = await openOne();
    await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" }));
    const keys: string[] = [];
    const refusing = {
      ...deps,
      payments: {
        ...deps.payments,
        refund: async (r: Parameters<PaymentProvider["refund"]>[0]) => {
          keys.push(r.idempotencyKey);
          throw new Error("card_declined");
        },
      },
    };
    await expect(refundSubmissionPayment(refusing, submission.id)).rejects.toMatchObject({ code: "promotions.refund_failed" });
    expect(keys).toEqual([`refund:${paymentId}`]);
    expect((await paymentRow(paymentId)).refundStatus).toBe("failed");
  });
});

describe("the sandbox's checkout", () => {
  it("pay: delivers a signed checkout.session.completed to the webhook and sends the payer to the success page", async () => {
    const { submission, paymentId } = await openOne({ amountMinor: 1999, currency: "USD" });
    expect(await sandboxCheckout(deps, paymentId)).toMatchObject({
      state: "open",
      amountMinor: 1999,
      currency: "USD",
      gameName: "Hollow Pines",
    });
    expect(await completeSandboxCheckout(deps, { paymentId, choice: "pay" })).toEqual({ paymentId, page: "payment-success" });
    expect((await paymentRow(paymentId)).status).toBe("success");
    expect((await paymentRow(paymentId)).providerPaymentId).toMatch(/^pi_sandbox_/);
    expect((await submissionRow(submission.id)).status).toBe("pending_review");
    const [event] = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    expect(event).toMatchObject({ type: "checkout.session.completed", applied: true, provider: "sandbox" });
    expect(event.eventId).toMatch(/^evt_sandbox_/);
    // Finished: the page has no choices left, and a second choice is refused.
    expect((await sandboxCheckout(deps, paymentId)).state).toBe("finished");
    await expect(completeSandboxCheckout(deps, { paymentId, choice: "cancel" })).rejects.toMatchObject({
      code: "promotions.payment_final",
    });
  });

  it("fail and cancel: the payment fails or is cancelled and the payer goes to the cancelled page", async () => {
    const a = await openOne();
    expect(await completeSandboxCheckout(deps, { paymentId: a.paymentId, choice: "fail" })).toEqual({
      paymentId: a.paymentId,
      page: "payment-cancelled",
    });
    expect((await paymentRow(a.paymentId)).status).toBe("fail");
    const b = await openOne();
    expect(await completeSandboxCheckout(deps, { paymentId: b.paymentId, choice: "cancel" })).toEqual({
      paymentId: b.paymentId,
      page: "payment-cancelled",
    });
    expect((await paymentRow(b.paymentId)).status).toBe("cancelled");
    expect((await submissionRow(b.submission.id)).status).toBe("pending_payment");
  });

  it("an unknown payment, or one past the checkout's life, offers nothing", async () => {
    await expect(sandboxCheckout(deps, "00000000-0000-0000-0000-000000000000")).rejects.toMatchObject({
      code: "promotions.payment_not_found",
    });
    await expect(sandboxCheckout(deps, "../etc")).rejects.toMatchObject({ code: "promotions.payment_not_found" });
    const { paymentId } = await openOne();
    clock.advance(31 * 60_000);
    expect((await sandboxCheckout(deps, paymentId)).state).toBe("expired");
    await expect(completeSandboxCheckout(deps, { paymentId, choice: "pay" })).rejects.toMatchObject({ code: "promotions.payment_final" });
  });
});

describe("paymentResult", () => {
  it("reads the state from the database, with the contact's email masked", async () => {
    const { paymentId } = await openOne({ contactEmail: "ada.lovelace@example.com" });
    expect(await paymentResult(deps, { paymentId })).toMatchObject({
      kind: "payment",
      status: "pending",
      email: "a***@example.com",
      canRetry: false,
    });
    await deliver(sessionEvent("checkout.session.completed", paymentId, { payment_status: "paid" }));
    expect(await paymentResult(deps, { paymentId })).toMatchObject({
      status: "success",
      submissionStatus: "pending_review",
      receiptSent: true,
    });
    await expect(paymentResult(deps, { paymentId: "missing" })).rejects.toMatchObject({ code: "promotions.payment_not_found" });
  });

  it("shows a submission a 100% code completed (nothing charged), by the submission's id", async () => {
    const s = await makeSubmission(deps.db, { amountMinor: 0, priceMinor: 4900, status: "pending_review" });
    expect(await paymentResult(deps, { submissionId: s.id })).toMatchObject({ kind: "covered", amountMinor: 0, paymentId: null });
    await expect(paymentResult(deps, { submissionId: "missing" })).rejects.toMatchObject({ code: "promotions.submission_not_found" });
  });

  it("masks emails", () => {
    expect(maskEmail("a@b.co")).toBe("a***@b.co");
    expect(maskEmail("broken")).toBe("***");
  });
});

describe("the outbox", () => {
  it("keeps the receipts it sent (template payment-receipt)", async () => {
    const rows = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.template, "payment-receipt"));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });
});
