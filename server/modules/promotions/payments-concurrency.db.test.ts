import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { testClock } from "#tests/support/forum-kit";
import { makePromoCode, makeSubmission, paymentsDeps, TEST_WEBHOOK_SECRET } from "#tests/support/promotions-kit";
import { startSmtpServer } from "#tests/support/smtp";
import type { DatabaseHandle } from "#server/db/client";
import { featuredSubmissions, paymentEvents, payments, promoCodes, promoCodeUses } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { signWebhook } from "#server/platform/payments/signature";
import type { PromotionsDeps } from "./deps";
import { handleWebhook } from "./handle-webhook";
import { openCheckout } from "./open-checkout";

/**
 * The payments' races: meaningful on PostgreSQL (`--project data-pg`, a pool of 20
 * connections, where the calls really overlap); on PGlite the same calls run one after the other and must
 * give the same totals.
 */
describe("payment races", () => {
  let database: DatabaseHandle;
  let deps: PromotionsDeps;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  function paidEvent(paymentId: string, eventId: string) {
    const body = JSON.stringify({
      id: eventId,
      object: "event",
      type: "checkout.session.completed",
      created: seconds(),
      data: {
        object: {
          id: `cs_${paymentId}`,
          object: "checkout.session",
          client_reference_id: paymentId,
          payment_status: "paid",
          payment_intent: `pi_${paymentId}`,
        },
      },
    });
    return { body, signature: signWebhook(body, TEST_WEBHOOK_SECRET, seconds()) };
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

  it("100 concurrent checkouts with a 10-use promo code: exactly 10 open; paid, they count exactly 10 uses", async () => {
    const code = await makePromoCode(deps.db, { maxUses: 10, discountType: "percentage", discountValue: 50 });
    const submissions = [];
    for (let i = 0; i < 100; i++) {
      submissions.push(await makeSubmission(deps.db, { priceMinor: 4900, amountMinor: 2450, promoCodeId: code.id, promoCode: code.code }));
    }
    const results = await Promise.allSettled(submissions.map((s) => openCheckout(deps, { submissionId: s.id, locale: "en" })));
    const opened = results.filter((r): r is PromiseFulfilledResult<{ paymentId: string; url: string }> => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(opened).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(refused.every((r) => r.reason instanceof DomainError && r.reason.code === "promotions.promo_used_up")).toBe(true);
    const ids = opened.map((r) => r.value.paymentId);
    expect(await deps.db.$count(payments, inArray(payments.id, ids))).toBe(10);

    // All ten pay at once, each event delivered twice.
    const events = ids.map((id) => paidEvent(id, `evt_race_${id}`));
    const answers = await Promise.all([...events, ...events].map((e) => handleWebhook(deps, e.body, e.signature)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [row] = await deps.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(row.usesCount).toBe(10);
    expect(await deps.db.$count(promoCodeUses, eq(promoCodeUses.promoCodeId, code.id))).toBe(10);
    expect(await deps.db.$count(payments, inArray(payments.id, ids))).toBe(10);
    const paid = await deps.db.select().from(payments).where(inArray(payments.id, ids));
    expect(paid.every((p) => p.status === "success")).toBe(true);
    // The code is used up now: an 11th checkout is refused.
    const late = await makeSubmission(deps.db, { priceMinor: 4900, amountMinor: 2450, promoCodeId: code.id });
    await expect(openCheckout(deps, { submissionId: late.id, locale: "en" })).rejects.toMatchObject({ code: "promotions.promo_used_up" });
  }, 120_000);

  it("one webhook event delivered 10 times at once: one state change, one receipt, one promo use", async () => {
    const code = await makePromoCode(deps.db, { maxUses: 0 });
    const submission = await makeSubmission(deps.db, {
      priceMinor: 4900,
      amountMinor: 3920,
      promoCodeId: code.id,
      contactEmail: "once@example.com",
    });
    const { paymentId } = await openCheckout(deps, { submissionId: submission.id, locale: "en" });
    const event = paidEvent(paymentId, "evt_ten_times");
    const before = smtp.received.filter((m) => m.to.includes("once@example.com")).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => handleWebhook(deps, event.body, event.signature)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.applied)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200 && a.duplicate)).toHaveLength(9);
    expect(await deps.db.$count(paymentEvents, eq(paymentEvents.eventId, "evt_ten_times"))).toBe(1);
    expect((await deps.db.select().from(payments).where(eq(payments.id, paymentId)))[0].status).toBe("success");
    expect((await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, submission.id)))[0].status).toBe(
      "pending_review",
    );
    expect(await deps.db.$count(promoCodeUses, eq(promoCodeUses.submissionId, submission.id))).toBe(1);
    expect((await deps.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0].usesCount).toBe(1);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes("once@example.com")).length).toBe(before + 1);
    // Nothing more arrives later.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes("once@example.com")).length).toBe(before + 1);
  });

  it("a webhook with a bad signature is refused with 400 and changes nothing", async () => {
    const submission = await makeSubmission(deps.db);
    const { paymentId } = await openCheckout(deps, { submissionId: submission.id, locale: "en" });
    const good = paidEvent(paymentId, "evt_forged");
    const forged = signWebhook(good.body, "whsec_not_ours_at_all", seconds());
    const answers = await Promise.all(Array.from({ length: 10 }, () => handleWebhook(deps, good.body, forged)));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(await deps.db.$count(paymentEvents, eq(paymentEvents.eventId, "evt_forged"))).toBe(0);
    expect((await deps.db.select().from(payments).where(eq(payments.id, paymentId)))[0].status).toBe("pending");
    expect((await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, submission.id)))[0].status).toBe(
      "pending_payment",
    );
  });
});
