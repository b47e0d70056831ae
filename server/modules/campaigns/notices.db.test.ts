import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creatorRequests, mailOutbox, notifications, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { Services } from "#server/services";
import { activeCampaign, campaignsDeps, companyActor, creatorWithChannel, keysFor } from "#tests/support/campaigns-kit";
import { testServices } from "#tests/support/services";
import { coverageReminderSender } from "./notice-mail";

/**
 * The campaigns' notices, through the real services (the listener and the mailer wired in server/services.ts, the
 * outbox as the delivery without SMTP): every decision on a key request reaches the creator on the bell and by
 * email, in their language; a muted bell still gets the email; a decision is told once; the coverage reminder
 * goes out once, before the deadline, to creators without coverage.
 */
const DAY = 86_400_000;
let ctx: Awaited<ReturnType<typeof testServices>>;
let services: Services;
let company: NonNullable<Actor>;

const bell = (userId: string) =>
  services.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "campaign_decided")));
const mailsTo = (email: string) => services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));

beforeAll(async () => {
  ctx = await testServices();
  services = ctx.services;
  company = await companyActor(services.db, { name: "Faro Studio" });
});
afterAll(() => ctx.close());

async function campaignWithKeys(name: string, keys = 3) {
  const deps = campaignsDeps(services.db, { now: () => new Date() });
  return activeCampaign(deps, company, { name, keys: keysFor(name.replace(/\W/g, "").toUpperCase(), keys, "europe") });
}
async function creator(username: string, locale: "es" | "en") {
  const deps = campaignsDeps(services.db, { now: () => new Date() });
  const c = await creatorWithChannel(deps, new Date(), { username });
  await services.db.update(profiles).set({ locale }).where(eq(profiles.id, c.userId));
  return c;
}
async function request(who: NonNullable<Actor>, campaignId: string) {
  const r = await services.campaigns.requestKey(who, { campaignId, platform: "pc", region: "europe", message: "" });
  return r.requestId;
}

describe("a decision on a key request", () => {
  it("approved: a bell notification with the game's name, and an email in the creator's language linking to /my-keys", async () => {
    const { campaignId } = await campaignWithKeys("Lumen Drift");
    const ana = await creator("ana_streams", "en");
    const requestId = await request(ana, campaignId);
    expect(await bell(ana.userId)).toHaveLength(0);
    const result = await services.campaigns.approveRequests(company, { requestIds: [requestId] });
    expect(result.done).toEqual([requestId]);

    const [n] = await bell(ana.userId);
    expect(n.data).toMatchObject({ requestId, campaignId, gameName: "Lumen Drift", status: "approved", auto: false });
    expect(await services.notifications.unreadCount(ana)).toBe(1);
    const [mail] = await mailsTo(ana.email!);
    expect(mail).toMatchObject({ template: "campaign-approved", locale: "en", status: "stored" });
    expect(mail.subject).toContain("Lumen Drift");
    expect(mail.text).toContain("http://localhost:3999/en/my-keys");
  });

  it("rejected: the company's reason on the bell and in the email (Spanish for a Spanish reader)", async () => {
    const { campaignId } = await campaignWithKeys("Marea Baja");
    const lucia = await creator("lucia_juega", "es");
    const requestId = await request(lucia, campaignId);
    await services.campaigns.rejectRequests(company, { requestIds: [requestId], reason: "Buscamos canales de estrategia" });

    const [n] = await bell(lucia.userId);
    expect(n.data).toMatchObject({ status: "rejected", reason: "Buscamos canales de estrategia", gameName: "Marea Baja" });
    const [mail] = await mailsTo(lucia.email!);
    expect(mail).toMatchObject({ template: "campaign-rejected-reason", locale: "es" });
    expect(mail.subject).toBe("No se ha aprobado tu solicitud de clave de Marea Baja");
    expect(mail.text).toContain("Su motivo: Buscamos canales de estrategia");
    expect(mail.text).toContain("http://localhost:3999/es/my-keys");
  });

  it("rejected without a reason: the email says so without an empty reason", async () => {
    const { campaignId } = await campaignWithKeys("Sin Motivo");
    const pablo = await creator("pablo_plays", "es");
    await services.campaigns.rejectRequests(company, { requestIds: [await request(pablo, campaignId)] });
    const [mail] = await mailsTo(pablo.email!);
    expect(mail.template).toBe("campaign-rejected");
    expect(mail.text).not.toContain("motivo");
  });

  it("auto-approval tells the creator at once, as auto", async () => {
    const deps = campaignsDeps(services.db, { now: () => new Date() });
    const { campaignId } = await activeCampaign(deps, company, { name: "Auto Run", autoApprove: true, keys: keysFor("AUTO", 2, "europe") });
    const eva = await creator("eva_auto", "en");
    await request(eva, campaignId);
    const [n] = await bell(eva.userId);
    expect(n.data).toMatchObject({ status: "approved", auto: true, gameName: "Auto Run" });
    expect((await mailsTo(eva.email!)).map((m) => m.template)).toEqual(["campaign-approved"]);
  });

  it("with the bell muted for decisions, only the email arrives; the setting is one of the notification types", async () => {
    expect(services.notifications.types).toContain("campaign_decided");
    const { campaignId } = await campaignWithKeys("Quiet Bell");
    const mute = await creator("mute_bell", "en");
    await services.notifications.setPreferences(mute, { campaign_decided: false });
    await services.campaigns.approveRequests(company, { requestIds: [await request(mute, campaignId)] });
    expect(await bell(mute.userId)).toHaveLength(0);
    expect((await mailsTo(mute.email!)).map((m) => m.template)).toEqual(["campaign-approved"]);
  });

  it("is told once even if its event is handled twice", async () => {
    const { campaignId } = await campaignWithKeys("Twice Told");
    const tom = await creator("tom_twice", "en");
    const requestId = await request(tom, campaignId);
    await services.campaigns.approveRequests(company, { requestIds: [requestId] });
    await services.events.publish("campaign.request_decided", {
      requestId,
      campaignId,
      creatorId: tom.userId,
      gameName: "Twice Told",
      status: "approved",
      reason: null,
      auto: false,
      at: new Date(),
    });
    expect(await bell(tom.userId)).toHaveLength(1);
    expect(await mailsTo(tom.email!)).toHaveLength(1);
  });
});

describe("the coverage reminder", () => {
  const send = () =>
    coverageReminderSender({
      db: services.db,
      mailer: services.mailer,
      siteName: services.env.siteName,
      baseUrl: services.env.baseUrl,
      log: services.log,
    });

  it("emails each creator without coverage once, a few days before the deadline, in their language", async () => {
    const { campaignId } = await campaignWithKeys("Deadline Dash");
    const soon = await creator("due_soon", "es");
    const later = await creator("due_later", "en");
    const soonId = await request(soon, campaignId);
    const laterId = await request(later, campaignId);
    await services.campaigns.approveRequests(company, { requestIds: [soonId, laterId] });
    const due = new Date(Date.now() + 2 * DAY);
    await services.db.update(creatorRequests).set({ coverageDueAt: due }).where(eq(creatorRequests.id, soonId));
    await services.db
      .update(creatorRequests)
      .set({ coverageDueAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(creatorRequests.id, laterId));

    const first = await services.campaigns.sendCoverageReminders(send());
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const reminders = (await mailsTo(soon.email!)).filter((m) => m.template === "coverage-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0].locale).toBe("es");
    expect(reminders[0].subject).toContain("Deadline Dash");
    expect(reminders[0].text).toContain("http://localhost:3999/es/my-keys");
    expect(reminders[0].text).toContain(String(due.getUTCFullYear()));
    expect((await mailsTo(later.email!)).filter((m) => m.template === "coverage-reminder")).toHaveLength(0);

    // The next hourly run sends nothing again.
    await services.campaigns.sendCoverageReminders(send());
    expect((await mailsTo(soon.email!)).filter((m) => m.template === "coverage-reminder")).toHaveLength(1);
  });

  it("is not sent to a creator who already added coverage", async () => {
    const { campaignId } = await campaignWithKeys("Covered Already");
    const done = await creator("covered_it", "en");
    const requestId = await request(done, campaignId);
    await services.campaigns.approveRequests(company, { requestIds: [requestId] });
    await services.campaigns.addCoverage(done, { requestId, url: "https://www.youtube.com/watch?v=abcdef12345" });
    await services.db
      .update(creatorRequests)
      .set({ coverageDueAt: new Date(Date.now() + DAY) })
      .where(eq(creatorRequests.id, requestId));
    await services.campaigns.sendCoverageReminders(send());
    expect((await mailsTo(done.email!)).filter((m) => m.template === "coverage-reminder")).toHaveLength(0);
  });
});
