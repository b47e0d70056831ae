import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { member, testClock } from "#tests/support/forum-kit";
import { makeSuccessfulPayment, reviewDeps } from "#tests/support/featured-kit";
import { makeSubmission } from "#tests/support/promotions-kit";
import { startSmtpServer } from "#tests/support/smtp";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import type { PromotionsDeps } from "./deps";
import { approveSubmission } from "./approve-submission";
import { rejectSubmission } from "./reject-submission";

/** The studio's decision emails, delivered to a real SMTP server, in the language it wrote in. */
describe("featured decision mail", () => {
  let database: DatabaseHandle;
  let deps: PromotionsDeps;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let admin: NonNullable<Actor>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = await reviewDeps(database, clock, { smtpUrl: smtp.url });
    admin = await member(database.db, clock.now(), { roles: ["Admin"], role: undefined });
  });
  afterAll(async () => {
    await database.close();
    await smtp.close();
  });

  const mailTo = async (to: string) => {
    for (let i = 0; i < 50 && !smtp.received.some((m) => m.to.includes(to)); i++) await new Promise((r) => setTimeout(r, 50));
    return smtp.received.filter((m) => m.to.includes(to));
  };

  it("tells a Spanish-speaking studio its game is approved, with the dates and its page", async () => {
    const sub = await makeSubmission(database.db, {
      status: "pending_review",
      gameName: "Bosque Lento",
      locale: "es",
      contactEmail: "es@studio.test",
    });
    await approveSubmission(deps, admin, { submissionId: sub.id, featureType: "both", startDate: "2026-12-01", durationDays: "10" });
    const [mail] = await mailTo("es@studio.test");
    expect(mail.subject).toBe("Bosque Lento estará destacado en Nexo Indie");
    expect(mail.text).toContain("1 de diciembre de 2026");
    expect(mail.text).toContain("11 de diciembre de 2026");
    expect(mail.text).toContain("http://localhost:3999/es/games/bosque-lento");
  });

  it("tells an English-speaking studio its paid game was rejected, why, and that it is refunded", async () => {
    const sub = await makeSubmission(database.db, {
      status: "pending_approval",
      gameName: "Loud Woods",
      locale: "en",
      contactEmail: "en@studio.test",
    });
    await makeSuccessfulPayment(database.db, sub);
    const { refund } = await rejectSubmission(deps, admin, { submissionId: sub.id, reason: "The trailer is not of this game." });
    const [mail] = await mailTo("en@studio.test");
    expect(mail.subject).toBe("Your promotion request for Loud Woods was not approved");
    expect(mail.text).toContain("The trailer is not of this game.");
    expect(mail.text).toContain("€49.00");
    expect(mail.text).toContain(refund === "succeeded" ? "was refunded in full" : "is being refunded");
  });
});
