import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { activeCampaign, addKeys, keysFor, pauseCast } from "#tests/support/campaigns-kit";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { campaignKeys, campaigns, companyGames, creatorRequests } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { PendingEvents } from "#server/platform/events";
import { approveLocked } from "./approval";
import { changeCampaignStatus } from "./change-campaign-status";
import { manageCampaign } from "./company-campaigns";
import { approveRequests, rejectRequests } from "./decide-requests";
import type { CampaignsDeps } from "./deps";
import { previewKeyUpload, saveKeyUpload } from "./key-upload";
import { requestKey } from "./request-key";
import { adminLiftPause, adminPauseCampaign } from "./team";

/**
 * A paused campaign hands out no key, by any path (the company's approvals one by one and
 * in bulk, auto-approval: all go through `approveLocked`), and during the team's pause the company cannot add
 * keys either (preview and save); a campaign the company paused itself may be restocked. The races are in
 * pause-races.db.test.ts.
 */
describe("a paused campaign", () => {
  let database: DatabaseHandle;
  let deps: CampaignsDeps;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let company: NonNullable<Actor>;
  let team: NonNullable<Actor>;
  let creators: NonNullable<Actor>[];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    ({ deps, company, team, creators } = await pauseCast(database.db, clock, { company: "Brisa", team: "equipo", creators: 4 }));
  });
  afterAll(() => database.close());

  /** A campaign with keys and a pending request from each creator. */
  async function withPending(name: string) {
    const { campaignId } = await activeCampaign(deps, company, { name, keys: keysFor(name.toUpperCase().replace(/\W/g, ""), 10) });
    const requestIds: string[] = [];
    for (const c of creators) requestIds.push((await requestKey(deps, c, { campaignId, platform: "pc", region: "europe" })).requestId);
    return { campaignId, requestIds };
  }
  const claimed = async (campaignId: string) =>
    database.db.$count(campaignKeys, and(eq(campaignKeys.campaignId, campaignId), eq(campaignKeys.status, "claimed")));
  const statuses = async (campaignId: string) =>
    (
      await database.db.select({ status: creatorRequests.status }).from(creatorRequests).where(eq(creatorRequests.campaignId, campaignId))
    ).map((r) => r.status);

  it("during the team's pause, the company approves nothing, one by one or in bulk, and is told the team's reason", async () => {
    const { campaignId, requestIds } = await withPending("Paused Lamp");
    await adminPauseCampaign(deps, team, { campaignId, reason: "Keys seen on a resale site" });

    const one = await approveRequests(deps, company, { requestIds: [requestIds[0]] });
    expect(one.done).toEqual([]);
    expect(one.failed).toEqual([
      { requestId: requestIds[0], code: "campaigns.approval_paused_by_team", values: { reason: "Keys seen on a resale site" } },
    ]);
    const bulk = await approveRequests(deps, company, { requestIds });
    expect(bulk.done).toEqual([]);
    expect(bulk.failed.map((f) => f.code)).toEqual(Array(4).fill("campaigns.approval_paused_by_team"));
    expect(await claimed(campaignId)).toBe(0);
    expect(await statuses(campaignId)).toEqual(Array(4).fill("pending"));

    // Rejecting gives no key: still possible.
    expect((await rejectRequests(deps, company, { requestIds: [requestIds[3]], reason: "" })).done).toEqual([requestIds[3]]);

    // Lifted and opened again, the same requests are approved.
    await adminLiftPause(deps, team, { campaignId });
    await changeCampaignStatus(deps, company, { campaignId, status: "active" });
    expect((await approveRequests(deps, company, { requestIds: requestIds.slice(0, 3) })).done).toHaveLength(3);
    expect(await claimed(campaignId)).toBe(3);
  });

  it("a pause written without a reason is still explained (the message's no-reason form)", async () => {
    const { campaignId, requestIds } = await withPending("Quiet Lamp");
    await adminPauseCampaign(deps, team, { campaignId, reason: "Checking" });
    await database.db.update(campaigns).set({ pauseReason: null }).where(eq(campaigns.id, campaignId));
    const { failed } = await approveRequests(deps, company, { requestIds: [requestIds[0]] });
    expect(failed).toEqual([{ requestId: requestIds[0], code: "campaigns.approval_paused_by_team", values: { context: "noreason" } }]);
  });

  it("the team's pause holds after the company finishes the campaign", async () => {
    const { campaignId, requestIds } = await withPending("Done Lamp");
    await adminPauseCampaign(deps, team, { campaignId, reason: "Fraud check" });
    await changeCampaignStatus(deps, company, { campaignId, status: "finished" });
    expect((await approveRequests(deps, company, { requestIds })).failed.map((f) => f.code)).toEqual(
      Array(4).fill("campaigns.approval_paused_by_team"),
    );
    expect(await claimed(campaignId)).toBe(0);
  });

  it("a campaign its company paused gives out no key either, until it is opened again", async () => {
    const { campaignId, requestIds } = await withPending("Resting Lamp");
    await changeCampaignStatus(deps, company, { campaignId, status: "paused" });
    const { done, failed } = await approveRequests(deps, company, { requestIds: requestIds.slice(0, 2) });
    expect(done).toEqual([]);
    expect(failed.map((f) => f.code)).toEqual(["campaigns.approval_paused", "campaigns.approval_paused"]);
    expect(await claimed(campaignId)).toBe(0);
    await changeCampaignStatus(deps, company, { campaignId, status: "active" });
    expect((await approveRequests(deps, company, { requestIds: requestIds.slice(0, 2) })).done).toHaveLength(2);
  });

  it("auto-approval (approveLocked) hands out no key during a pause of either kind", async () => {
    const { campaignId, requestIds } = await withPending("Auto Lamp");
    const [game] = await database.db
      .select({ name: companyGames.name })
      .from(campaigns)
      .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
      .where(eq(campaigns.id, campaignId));
    // What request-key.ts does after its own (unlocked) open check: approve in a transaction with the row locked.
    const autoApprove = (requestId: string, creatorId: string) =>
      database.db.transaction(async (tx) => {
        await tx.select().from(creatorRequests).where(eq(creatorRequests.id, requestId)).for("update");
        return approveLocked(
          tx,
          new PendingEvents(),
          { id: requestId, campaignId, creatorId, region: "europe" },
          { gameName: game.name, coverageDays: 14 },
          { decidedBy: "auto", auto: true, now: clock.now() },
        );
      });
    await adminPauseCampaign(deps, team, { campaignId, reason: "Too many requests at once" });
    const err = await errorOf(autoApprove(requestIds[0], creators[0].userId));
    expect(err.code).toBe("campaigns.approval_paused_by_team");
    expect(err.details).toEqual({ reason: "Too many requests at once" });
    await adminLiftPause(deps, team, { campaignId });
    // Lifted, the campaign is still paused (by its company now): still no key.
    expect(await codeOf(autoApprove(requestIds[0], creators[0].userId))).toBe("campaigns.approval_paused");
    expect(await claimed(campaignId)).toBe(0);
    await changeCampaignStatus(deps, company, { campaignId, status: "active" });
    expect(await autoApprove(requestIds[0], creators[0].userId)).toEqual({ keyId: expect.any(String) });
    expect(await claimed(campaignId)).toBe(1);
  });

  it("during the team's pause the company cannot preview or save keys; its own pause may restock", async () => {
    const { campaignId } = await activeCampaign(deps, company, { name: "Stock Lamp" });
    const before = await previewKeyUpload(deps, company, { campaignId, text: keysFor("STOCKA", 3).join("\n") });
    await adminPauseCampaign(deps, team, { campaignId, reason: "Pool under review" });

    const save = await errorOf(saveKeyUpload(deps, company, { campaignId, uploadId: before.uploadId! }));
    expect(save.code).toBe("campaigns.keys_paused_by_team");
    expect(save.details).toEqual({ reason: "Pool under review" });
    const preview = await errorOf(previewKeyUpload(deps, company, { campaignId, text: keysFor("STOCKB", 3).join("\n") }));
    expect(preview.code).toBe("campaigns.keys_paused_by_team");
    expect(await database.db.$count(campaignKeys, eq(campaignKeys.campaignId, campaignId))).toBe(0);

    // The team lifts its pause; the campaign stays paused by its company, which may now restock it.
    await adminLiftPause(deps, team, { campaignId });
    expect((await saveKeyUpload(deps, company, { campaignId, uploadId: before.uploadId! })).saved).toBe(3);
    expect((await addKeys(deps, company, campaignId, keysFor("STOCKC", 2).join("\n"))).saved).toBe(2);
    expect(await database.db.$count(campaignKeys, eq(campaignKeys.campaignId, campaignId))).toBe(5);
  });

  it("the manage page offers neither approving nor adding keys during the team's pause, and only adding during the company's", async () => {
    const { campaignId } = await withPending("Page Lamp");
    const can = async () => (await manageCampaign(deps, company, { campaignId, tab: "requests" })).can;
    expect(await can()).toMatchObject({ approve: true, addKeys: true, decide: true, revokeKeys: true, exportKeys: true });
    await changeCampaignStatus(deps, company, { campaignId, status: "paused" });
    expect(await can()).toMatchObject({ approve: false, addKeys: true, decide: true });
    await adminPauseCampaign(deps, team, { campaignId, reason: "Review" });
    expect(await can()).toMatchObject({ approve: false, addKeys: false, decide: true, revokeKeys: true, exportKeys: true });
  });
});
