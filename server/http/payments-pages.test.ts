import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mainOf, pageClient, textOf } from "#tests/support/pages";
import { testApp, type TestApp } from "#tests/support/app";
import { makeSubmission } from "#tests/support/promotions-kit";
import { featuredSubmissions, paymentEvents, payments } from "#server/db/schema";
import { signWebhook } from "#server/platform/payments/signature";

/**
 * Payments as the outside world meets them: the provider's webhook endpoint (raw body, signature,
 * duplicates), the sandbox's checkout page and its three choices, and the result pages, in both languages,
 * as a browser without JavaScript sees them. The sandbox's webhooks go through the app itself.
 */
let t: TestApp;
const { get, post } = pageClient(() => t, "198.51.115");
let secret = "";
const seconds = () => Math.floor(Date.now() / 1000);

function webhook(body: string, signature?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== undefined) headers["stripe-signature"] = signature;
  return t.request("/api/v1/payments/webhook", { method: "POST", headers, body });
}
function paidEvent(paymentId: string, eventId: string) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    created: seconds(),
    data: {
      object: {
        id: "cs_http",
        object: "checkout.session",
        client_reference_id: paymentId,
        payment_status: "paid",
        payment_intent: "pi_http",
      },
    },
  });
}
async function checkout(opts: Parameters<typeof makeSubmission>[1] = {}) {
  const s = await makeSubmission(t.services.db, opts);
  const opened = await t.services.promotions.openCheckout({ submissionId: s.id, locale: opts.locale ?? "en" });
  return { submission: s, ...opened };
}
const paymentRow = async (id: string) => (await t.services.db.select().from(payments).where(eq(payments.id, id)))[0];

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  secret = (t.services.env.payments as { webhookSecret: string }).webhookSecret;
  t.services.promotions.useSandboxDelivery(async (body, signature) => {
    const res = await webhook(body, signature);
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  });
});
afterAll(() => t.close());

describe("POST /api/v1/payments/webhook", () => {
  it("checks the signature on the raw body: 400 and no change when it is missing, wrong or for another body", async () => {
    const { paymentId } = await checkout();
    const body = paidEvent(paymentId, "evt_http_bad");
    expect((await webhook(body)).status).toBe(400);
    expect((await webhook(body, signWebhook(body, "whsec_someone_else", seconds()))).status).toBe(400);
    expect((await webhook(body.replace("paid", "PAID"), signWebhook(body, secret, seconds()))).status).toBe(400);
    // Re-serialised JSON is another body: the signature is over the bytes sent.
    expect((await webhook(JSON.stringify(JSON.parse(body), null, 2), signWebhook(body, secret, seconds()))).status).toBe(400);
    expect(await t.services.db.$count(paymentEvents, eq(paymentEvents.eventId, "evt_http_bad"))).toBe(0);
    expect((await paymentRow(paymentId)).status).toBe("pending");
  });

  it("applies a good event once, and answers 200 to the same event again (so the provider stops retrying)", async () => {
    const { paymentId, submission } = await checkout();
    const body = paidEvent(paymentId, "evt_http_good");
    const first = await webhook(body, signWebhook(body, secret, seconds()));
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await webhook(body, signWebhook(body, secret, seconds()));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await paymentRow(paymentId)).status).toBe("success");
    const [s] = await t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, submission.id));
    expect(s.status).toBe("pending_review");
  });

  it("refuses a body over its limit, and methods other than POST", async () => {
    const big = JSON.stringify({ id: "evt_big", object: "event", type: "x", pad: "a".repeat(70 * 1024) });
    expect((await webhook(big, signWebhook(big, secret, seconds()))).status).toBe(413);
    expect((await t.request("/api/v1/payments/webhook")).status).toBe(405);
  });
});

describe("/checkout/sandbox/{paymentId}", () => {
  it("shows a clearly labelled test checkout with the amount for the page's language and three choices, in both languages", async () => {
    const { paymentId, url } = await checkout({ amountMinor: 3920, gameName: "Ember Courier" });
    expect(new URL(url).pathname).toBe(`/en/checkout/sandbox/${paymentId}`);
    const en = await get(`/en/checkout/sandbox/${paymentId}`);
    expect(en.status).toBe(200);
    expect(en.headers.get("cache-control")).toBe("no-store");
    const html = await en.text();
    expect(html).toContain('content="noindex, nofollow"');
    const text = mainOf(html);
    expect(text).toContain("Test checkout");
    expect(text).toContain("Test mode");
    expect(text).toContain("€39.20");
    expect(text).toContain("Ember Courier");
    for (const intent of ["pay", "fail", "cancel"]) expect(text).toContain(`value="${intent}"`);
    const es = await textOf(await get(`/es/checkout/sandbox/${paymentId}`));
    expect(es).toContain("Pago de prueba");
    expect(es).toContain("39,20\u00a0€");
    expect(es).toContain("Hacer que el pago falle");
  });

  it("pay: the signed webhook reaches the site, the payment succeeds, the payer lands on /payment-success", async () => {
    const { paymentId, submission } = await checkout({ amountMinor: 4900, locale: "es" });
    const res = await post(`/es/checkout/sandbox/${paymentId}`, { intent: "pay" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/es/payment-success?payment=${paymentId}`);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "success", providerPaymentId: expect.stringMatching(/^pi_sandbox_/) });
    const [s] = await t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, submission.id));
    expect(s.status).toBe("pending_review");
    // The page is finished now: it says so and offers no choices.
    const after = mainOf(await (await get(`/en/checkout/sandbox/${paymentId}`)).text());
    expect(after).toContain("already complete");
    expect(after).not.toContain('value="pay"');
    // A late post is refused, and nothing changes.
    expect((await post(`/en/checkout/sandbox/${paymentId}`, { intent: "cancel" })).status).toBe(409);
    expect((await paymentRow(paymentId)).status).toBe("success");
  });

  it("cancel and fail send the payer to /payment-cancelled; the submission keeps waiting for its payment", async () => {
    const a = await checkout();
    const res = await post(`/en/checkout/sandbox/${a.paymentId}`, { intent: "cancel" });
    expect(res.headers.get("location")).toBe(`/en/payment-cancelled?payment=${a.paymentId}`);
    expect((await paymentRow(a.paymentId)).status).toBe("cancelled");
    const b = await checkout();
    await post(`/en/checkout/sandbox/${b.paymentId}`, { intent: "fail" });
    expect((await paymentRow(b.paymentId)).status).toBe("fail");
    const [s] = await t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, b.submission.id));
    expect(s.status).toBe("pending_payment");
  });

  it("an unknown payment is a 404, and an unknown choice a 400", async () => {
    expect((await get("/en/checkout/sandbox/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await get("/en/checkout/sandbox/not-a-payment")).status).toBe(404);
    const { paymentId } = await checkout();
    expect((await post(`/en/checkout/sandbox/${paymentId}`, { intent: "refund" })).status).toBe(400);
  });
});

describe("/payment-success and /payment-cancelled", () => {
  it("a paid payment: thanks, what happens next, the receipt, the email masked — read from the server, in both languages", async () => {
    const { paymentId } = await checkout({ amountMinor: 4900, gameName: "Hollow Pines", contactEmail: "studio.lead@example.com" });
    await post(`/en/checkout/sandbox/${paymentId}`, { intent: "pay" });
    const res = await get(`/en/payment-success?payment=${paymentId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('content="noindex, nofollow"');
    const text = mainOf(html);
    expect(text).toContain("Payment received");
    expect(text).toContain("What happens next");
    expect(text).toContain("s***@example.com");
    expect(text).not.toContain("studio.lead@example.com");
    expect(text).toContain("€49.00");
    const es = await textOf(await get(`/es/payment-success?payment=${paymentId}`));
    expect(es).toContain("Pago recibido");
    expect(es).toContain("Qué pasa ahora");
  });

  it("a payment not yet confirmed says so with a way to look again; the query string cannot claim success", async () => {
    const { paymentId } = await checkout();
    const html = await (await get(`/en/payment-success?payment=${paymentId}&status=success`)).text();
    expect(mainOf(html)).toContain("We are confirming your payment");
    expect(mainOf(html)).toContain("Refresh this page");
    expect(mainOf(html)).not.toContain("Payment received");
  });

  it("a cancelled payment: nothing was charged, and Pay again opens a new checkout", async () => {
    const { paymentId, submission } = await checkout();
    await post(`/en/checkout/sandbox/${paymentId}`, { intent: "cancel" });
    const text = await textOf(await get(`/en/payment-cancelled?payment=${paymentId}`));
    expect(text).toContain("Payment cancelled");
    expect(text).toContain("Nothing was charged");
    expect(text).toContain("Pay again");
    const es = await textOf(await get(`/es/payment-cancelled?payment=${paymentId}`));
    expect(es).toContain("Pagar de nuevo");
    const res = await post(`/en/payment-cancelled?payment=${paymentId}`, { intent: "pay-again", payment: paymentId });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/);
    expect(location).not.toContain(paymentId);
    const attempts = await t.services.db.select().from(payments).where(eq(payments.submissionId, submission.id));
    expect(attempts.map((p) => p.status).sort()).toEqual(["cancelled", "pending"]);
  });

  it("a failed payment offers Try again; a paid one cannot be paid again", async () => {
    const { paymentId } = await checkout();
    await post(`/en/checkout/sandbox/${paymentId}`, { intent: "fail" });
    const text = await textOf(await get(`/en/payment-cancelled?payment=${paymentId}`));
    expect(text).toContain("The payment failed");
    expect(text).toContain("Try again");
    const paid = await checkout();
    await post(`/en/checkout/sandbox/${paid.paymentId}`, { intent: "pay" });
    const res = await post(`/en/payment-cancelled?payment=${paid.paymentId}`, { intent: "pay-again", payment: paid.paymentId });
    expect(res.status).toBe(409);
    expect(await textOf(res)).toContain("already been paid");
  });

  it("a submission a 100% promo code completed, by ?submission=", async () => {
    const s = await makeSubmission(t.services.db, { amountMinor: 0, priceMinor: 4900, status: "pending_review", gameName: "Free Lunch" });
    const text = await textOf(await get(`/en/payment-success?submission=${s.id}`));
    expect(text).toContain("Submission received");
    expect(text).toContain("nothing was charged");
  });

  it("an unknown or missing id is a 404 that says so", async () => {
    const res = await get("/en/payment-success?payment=00000000-0000-0000-0000-000000000000");
    expect(res.status).toBe(404);
    expect(await textOf(res)).toContain("Payment not found.");
    expect((await get("/es/payment-cancelled")).status).toBe(404);
    expect((await get("/en/payment-success?submission=nope")).status).toBe(404);
  });
});
