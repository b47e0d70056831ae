import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, mailOutbox, studioMailConsent, studioPromotions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { Mailer } from "#server/platform/mail";
import { createLogger } from "#server/platform/logger";
import { testActor } from "#tests/support/actors";
import { companyActor } from "#tests/support/campaigns-kit";
import { testDatabase } from "#tests/support/db";
import { makeFeaturedGame } from "#tests/support/featured-kit";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { paymentsDeps } from "#tests/support/promotions-kit";
import { startSmtpServer } from "#tests/support/smtp";
import type { PromotionsDeps } from "./deps";
import { deliverStudioPromotion, listStudioPromotions } from "./list-studio-promotions";
import { sendStudioPromotion, previewStudioPromotion } from "./send-studio-promotion";
import { PROMOTIONS_JOBS } from "./index";
import { setStudioMailConsent } from "./studio-mail-consent";
import { checkUnsubscribeLink, unsubscribeStudio } from "./unsubscribe";

describe("studio promotions", () => {
  let database: DatabaseHandle;
  let deps: PromotionsDeps;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let admin: NonNullable<Actor>;
  const moderator = testActor({ roles: ["Moderator"] });
  const creator = testActor();
  let agreeing: NonNullable<Actor>;
  let declined: NonNullable<Actor>;
  let silent: NonNullable<Actor>;
  let gameId: string;
  let finishedGameId: string;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    smtp = await startSmtpServer();
    deps = await paymentsDeps(database, clock, { smtpUrl: smtp.url });
    await PROMOTIONS_JOBS.studioMail(deps, deps.jobs);
    const adminUser = await createUser(database.db, { email: "admin@example.com" });
    admin = testActor({ userId: adminUser.id, roles: ["Admin"], email: "admin@example.com" });
    agreeing = await companyActor(database.db, { name: "Agreeing Studio" });
    declined = await companyActor(database.db, { name: "Declined Studio" });
    silent = await companyActor(database.db, { name: "Silent Studio" });
    const pending = await companyActor(database.db, { name: "Pending Studio", verified: false });
    gameId = (await makeFeaturedGame(database.db, clock.now(), { slug: "hollow-pines", gameName: "Hollow Pines", featureType: "both" })).id;
    finishedGameId = (await makeFeaturedGame(database.db, clock.now(), { slug: "old-game", scheduleStatus: "finished" })).id;
    await setStudioMailConsent(deps, declined, { agreed: "on" });
    await setStudioMailConsent(deps, declined, {});
    // A pending company's consent does not count (it can't even give it through the page; written directly).
    await database.db.insert(studioMailConsent).values({ companyId: pending.userId, agreed: true });
    void silent;
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  const mail = { featuredGameId: "", subject: "Meet Hollow Pines", message: "A quiet game about a forest.\nOut now." };

  it("refuses visitors, members, companies and moderators", async () => {
    const input = { ...mail, featuredGameId: gameId };
    expect(await codeOf(sendStudioPromotion(deps, null, input))).toBe("auth.unauthenticated");
    for (const a of [creator, agreeing, moderator]) {
      expect(await codeOf(sendStudioPromotion(deps, a, input))).toBe("auth.forbidden");
      expect(await codeOf(listStudioPromotions(deps, a))).toBe("auth.forbidden");
    }
    expect(await database.db.select().from(studioPromotions)).toHaveLength(0);
  });

  it("refuses a send when no studio agreed, and checks its fields and game", async () => {
    expect(await codeOf(sendStudioPromotion(deps, admin, { ...mail, featuredGameId: gameId }))).toBe("promotions.no_recipients");
    await setStudioMailConsent(deps, agreeing, { agreed: "on" });
    const bad = await errorOf(sendStudioPromotion(deps, admin, { featuredGameId: gameId, subject: "", message: "x".repeat(5001) }));
    expect(bad.details?.fieldErrors).toEqual({
      subject: "errors:promotions.subject_required",
      message: "errors:promotions.message_too_long",
    });
    expect(await codeOf(sendStudioPromotion(deps, admin, { ...mail, featuredGameId: finishedGameId }))).toBe("promotions.game_not_found");
    expect(await codeOf(sendStudioPromotion(deps, admin, { ...mail, subject: "a\nBcc: x@y.z", featuredGameId: gameId }))).toBe(
      "input.invalid",
    );
    expect(await previewStudioPromotion(deps, admin, { ...mail, featuredGameId: gameId })).toMatchObject({
      recipients: 1,
      gameName: "Hollow Pines",
    });
  });

  it("sends only to verified companies that agreed, through the queue, with a working unsubscribe link", async () => {
    const sent = await sendStudioPromotion(deps, admin, { ...mail, featuredGameId: gameId });
    expect(sent.recipients).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([[agreeing.email.toLowerCase()]]);
    const received = smtp.received[0];
    expect(received.subject).toBe("Meet Hollow Pines");
    expect(received.text).toContain("A quiet game about a forest.");
    expect(received.text).toContain("http://localhost:3999/es/games/hollow-pines");
    const link = /(http:\/\/localhost:3999\/es\/promotions\/unsubscribe\?c=[^\s]+)/.exec(received.text)?.[1];
    expect(link).toBeTruthy();
    const params = Object.fromEntries(new URL(link!).searchParams);
    expect(await checkUnsubscribeLink(deps, params)).toEqual({ companyName: "Agreeing Studio" });
    // A tampered link: refused, consent unchanged.
    expect(await codeOf(unsubscribeStudio(deps, { c: declined.userId, s: params.s }))).toBe("promotions.unsubscribe_invalid");
    // (The first character changed, to one it is not: the last one of a base64url HMAC may carry unused bits.)
    const tampered = (params.s[0] === "A" ? "B" : "A") + params.s.slice(1);
    expect(await codeOf(unsubscribeStudio(deps, { ...params, s: tampered }))).toBe("promotions.unsubscribe_invalid");
    expect(await codeOf(checkUnsubscribeLink(deps, {}))).toBe("promotions.unsubscribe_invalid");
    // The history says sent, with the sender; the audit log has the send.
    const list = await listStudioPromotions(deps, admin);
    expect(list.history).toMatchObject([
      { subject: "Meet Hollow Pines", status: "sent", recipients: 1, gameName: "Hollow Pines", sender: admin.email },
    ]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "promotions.studio_promotion_sent"));
    expect(audit).toMatchObject({ targetId: gameId, targetName: "Hollow Pines" });
    // The real link unsubscribes, signed out; the next send finds nobody.
    expect(await unsubscribeStudio(deps, params)).toEqual({ companyName: "Agreeing Studio" });
    expect(await codeOf(sendStudioPromotion(deps, admin, { ...mail, featuredGameId: gameId }))).toBe("promotions.no_recipients");
  });

  it("shows the last 10 sends, newest first, as sending while queued and failed when SMTP refused", async () => {
    await setStudioMailConsent(deps, agreeing, { agreed: "on" });
    // Jobs that never run: the mails stay queued ("Sending").
    const idle = { ...deps, jobs: { ...deps.jobs, send: async () => {} } } as PromotionsDeps;
    for (let i = 0; i < 11; i++) {
      clock.advance(1000);
      await sendStudioPromotion(idle, admin, { ...mail, subject: `Promo ${i}`, featuredGameId: gameId });
    }
    let list = await listStudioPromotions(deps, admin);
    expect(list.history).toHaveLength(10);
    expect(list.history[0]).toMatchObject({ subject: "Promo 10", status: "queued" });
    expect(list.history.at(-1)?.subject).toBe("Promo 1");
    // A refusing SMTP server: the delivery job marks it failed.
    const refusing = await startSmtpServer({ failWith: "mailbox unavailable" });
    try {
      const failing = {
        ...deps,
        mailer: new Mailer(database.db, { smtpUrl: refusing.url, mailFrom: "x@example.com" }, createLogger("silent")),
      };
      const promo10 = list.history[0].id;
      await deliverStudioPromotion(failing, { promotionId: promo10 });
      list = await listStudioPromotions(deps, admin);
      expect(list.history[0]).toMatchObject({ id: promo10, status: "failed" });
      const [row] = await database.db.select().from(studioPromotions).where(eq(studioPromotions.id, promo10));
      expect(row.status).toBe("failed");
    } finally {
      await refusing.close();
    }
    // Another delivered normally: sent.
    await deliverStudioPromotion(deps, { promotionId: list.history[1].id });
    expect((await listStudioPromotions(deps, admin)).history[1].status).toBe("sent");
    const queued = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, "queued"));
    expect(queued.length).toBe(9);
  });
});
