import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { featuredSubmissions, paymentEvents, payments, promoCodes } from "#server/db/schema";
import { signWebhook } from "#server/platform/payments/signature";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";
import { makeSubmission } from "#tests/support/promotions-kit";

/**
 * Production without Stripe's keys and without PAYMENTS_SANDBOX=true takes no payments. The
 * app is driven through Hono as a browser and as a forger would: /collaborate says so and refuses a request
 * that needs paying (a 100% promo code still goes to review), no checkout opens, the sandbox's page and choices
 * do not exist, and a webhook signed with the secret the sandbox would use marks nothing paid. The start log
 * and the admin's featured games tab say why.
 */
let t: TestApp;
const { get, post } = pageClient(() => t, "198.51.124");
const AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
let png: Uint8Array<ArrayBuffer>;
let adminCookie = "";
let ip = 0;

const fields = (over: Record<string, string> = {}) => ({
  intent: "submit",
  contactName: "Ana Pérez",
  contactEmail: `ana${++ip}@brisa.example`,
  studioName: "Brisa Studio",
  gameName: "Brisa Off",
  shortDescription: "A calm game about wind.",
  storeUrl: "https://store.steampowered.com/app/1",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  releaseStatus: "released",
  featureType: "homepage",
  promoCode: "",
  ...over,
});
function postMultipart(path: string, values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  form.set("image", new File([png], "cover.png", { type: "image/png" }));
  return t.request(path, { method: "POST", headers: { "x-test-ip": `198.51.125.${++ip % 250}` }, body: form });
}
const submissionsNamed = (name: string) => t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.gameName, name));

beforeAll(async () => {
  // testApp's production mode; PAYMENTS_SANDBOX unset (the test services set it for every other test).
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", PAYMENTS_SANDBOX: "" });
  png = new Uint8Array(
    await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer(),
  );
  const admin = await createUser(t.services.db, { roles: ["Admin"], username: "off_admin" });
  adminCookie = await signIn(t, admin.email, admin.password);
});
afterAll(() => t.close());

describe("payments off: production without Stripe keys and without PAYMENTS_SANDBOX", () => {
  it("is what the environment says, and the start log warns once with the reason and what turns payments on", () => {
    expect(t.services.env.payments).toEqual({ provider: "off", reason: "production_without_stripe" });
    const warnings = t.logs.filter((l) => l.level === "warn" && String(l.msg).startsWith("Payments are off"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ reason: "production_without_stripe" });
    expect(String(warnings[0].msg)).toContain("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX=true");
  });

  it("/collaborate tells the studio that paid placements are unavailable, in both languages", async () => {
    const en = await textOf(await get("/en/collaborate"));
    expect(en).toContain("Paid placements are unavailable right now");
    expect(en).toContain("a promo code that covers the whole price");
    const es = await textOf(await get("/es/collaborate"));
    expect(es).toContain("Las promociones de pago no están disponibles ahora mismo");
  });

  it("refuses a request that needs paying with a translated error, keeps what was typed, and writes nothing", async () => {
    const res = await postMultipart("/en/collaborate", fields({ gameName: "Unpaid Game" }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Paid placements are unavailable right now: the site is not taking payments. Nothing was charged.");
    expect(html).toContain('value="Unpaid Game"');
    expect(html).not.toMatch(/checkout\/sandbox/);
    expect(await submissionsNamed("Unpaid Game")).toHaveLength(0);
    const es = await postMultipart("/es/collaborate", fields({ gameName: "Juego sin pagar" }));
    expect(await es.text()).toContain("Las promociones de pago no están disponibles ahora mismo: el sitio no está cobrando pagos.");
  });

  it("a promo code that covers the whole price still sends the request straight to review", async () => {
    await t.services.db.insert(promoCodes).values({ id: randomUUID(), code: "OFFGRATIS", discountType: "percentage", discountValue: 100 });
    const res = await postMultipart("/en/collaborate", fields({ promoCode: "offgratis", gameName: "Free Game" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/en\/payment-success\?submission=[\w-]+$/);
    const [row] = await submissionsNamed("Free Game");
    expect(row).toMatchObject({ status: "pending_review", amountMinor: 0 });
    expect(await t.services.db.$count(payments, eq(payments.submissionId, row.id))).toBe(0);
  });

  it("opens no checkout for a submission waiting for its payment", async () => {
    const s = await makeSubmission(t.services.db, { amountMinor: 4900 });
    await expect(t.services.promotions.openCheckout({ submissionId: s.id, locale: "en" })).rejects.toMatchObject({
      code: "promotions.payments_off",
    });
    expect(await t.services.db.$count(payments, eq(payments.submissionId, s.id))).toBe(0);
  });

  it("a sandbox checkout (left from before) cannot be paid: its page and its choices are not found, and a forged event marks nothing paid", async () => {
    const s = await makeSubmission(t.services.db, { amountMinor: 4900 });
    const paymentId = randomUUID();
    await t.services.db.insert(payments).values({
      id: paymentId,
      submissionId: s.id,
      provider: "sandbox",
      amountMinor: 4900,
      currency: "EUR",
      status: "pending",
      providerSessionId: "cs_sandbox_left",
    });
    expect((await get(`/en/checkout/sandbox/${paymentId}`)).status).toBe(404);
    expect((await post(`/en/checkout/sandbox/${paymentId}`, { intent: "pay" })).status).toBe(404);
    await expect(t.services.promotions.completeSandboxCheckout({ paymentId, choice: "pay" })).rejects.toMatchObject({
      code: "promotions.payment_not_found",
    });

    // The event the sandbox's "pay" would send, signed with the secret the sandbox derives from AUTH_SECRET.
    const secret = "whsec_" + createHmac("sha256", AUTH_SECRET).update("payments.sandbox.webhook").digest("base64url");
    const body = JSON.stringify({
      id: "evt_sandbox_forged",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: "cs_sandbox_left", object: "checkout.session", client_reference_id: paymentId, payment_status: "paid" },
      },
    });
    const res = await t.request("/api/v1/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signWebhook(body, secret, Math.floor(Date.now() / 1000)) },
      body,
    });
    expect(res.status).toBe(400);
    expect(await t.services.db.$count(paymentEvents, eq(paymentEvents.eventId, "evt_sandbox_forged"))).toBe(0);
    expect((await t.services.db.select().from(payments).where(eq(payments.id, paymentId)))[0].status).toBe("pending");
    expect((await t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, s.id)))[0].status).toBe(
      "pending_payment",
    );
    // Its result page offers no "pay again" that could not work.
    expect(await textOf(await get(`/en/payment-cancelled?payment=${paymentId}`))).not.toContain('value="pay-again"');
  });

  it("refunds nothing (no provider can): a paid submission's refund fails and the submission stays as it is", async () => {
    const s = await makeSubmission(t.services.db, { amountMinor: 4900, status: "pending_review" });
    await t.services.db.insert(payments).values({
      id: randomUUID(),
      submissionId: s.id,
      provider: "sandbox",
      amountMinor: 4900,
      currency: "EUR",
      status: "success",
      providerPaymentId: "pi_sandbox_paid_before",
    });
    await expect(t.services.promotions.refundSubmissionPayment(s.id)).rejects.toMatchObject({ code: "promotions.refund_failed" });
    const [row] = await t.services.db.select().from(payments).where(eq(payments.submissionId, s.id));
    expect(row).toMatchObject({ status: "success", refundStatus: null });
  });

  it("the admin's featured games tab says why payments are off and what turns them on, in both languages", async () => {
    const en = await textOf(await get("/en/admin/featured-games", adminCookie));
    expect(en).toContain("Payments are off: the site runs in production without Stripe keys.");
    expect(en).toContain("Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX=true for a test deployment.");
    const es = await textOf(await get("/es/admin/featured-games", adminCookie));
    expect(es).toContain("Los pagos están desactivados: el sitio funciona en producción sin las claves de Stripe.");
  });
});

describe("PAYMENTS_SANDBOX=true in production: a test deployment", () => {
  let sandboxed: TestApp;
  beforeAll(async () => {
    sandboxed = await testApp({ CLIENT_IP_HEADER: "x-test-ip", PAYMENTS_SANDBOX: "true" });
  });
  afterAll(() => sandboxed.close());

  it("runs the sandbox (and says so in the log and the admin), with no notice on /collaborate", async () => {
    expect(sandboxed.services.env.payments.provider).toBe("sandbox");
    expect(sandboxed.logs.some((l) => l.level === "warn" && String(l.msg).includes("sandbox provider in production"))).toBe(true);
    const s = await makeSubmission(sandboxed.services.db, { amountMinor: 4900 });
    const opened = await sandboxed.services.promotions.openCheckout({ submissionId: s.id, locale: "en" });
    expect(new URL(opened.url).pathname).toBe(`/en/checkout/sandbox/${opened.paymentId}`);
    const page = await sandboxed.request("/en/collaborate", { headers: { "x-test-ip": "198.51.126.1" } });
    expect(await textOf(page)).not.toContain("Paid placements are unavailable");
  });
});
