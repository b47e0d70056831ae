import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { testClock } from "#tests/support/forum-kit";
import { activeCampaign, campaignsDeps, companyActor, creatorWithChannel, keysFor } from "#tests/support/campaigns-kit";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { campaignKeys, creatorRequests } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { CampaignsDeps } from "./deps";
import { approveRequests } from "./decide-requests";
import { requestKey } from "./request-key";

/**
 * Races on the key pool: meaningful on PostgreSQL (`--project data-pg`, a pool of 20
 * connections); on PGlite the same calls run one after the other and must give the same totals.
 */
describe("campaign races", () => {
  let database: DatabaseHandle;
  let deps: CampaignsDeps;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let company: NonNullable<Actor>;
  let creators: NonNullable<Actor>[];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = campaignsDeps(database.db, clock);
    company = await companyActor(database.db);
    creators = [];
    for (let i = 0; i < 200; i++) creators.push(await creatorWithChannel(deps, clock.now(), { subscribers: 20_000, averageViews: 5_000 }));
  }, 120_000);
  afterAll(() => database.close());

  it("200 approvals at once, manual and automatic mixed, against 50 keys: 50 approved, 50 claimed, none given twice", async () => {
    const { campaignId } = await activeCampaign(deps, company, { autoApprove: true, name: "Pool Race", keys: keysFor("RACE", 50) });
    // Half the creators asked before auto-approval could act (their requests wait for the company)…
    await database.db.execute(`update campaigns set auto_approve = false where id = '${campaignId}'`);
    const waiting = await Promise.all(
      creators.slice(0, 100).map((c) => requestKey(deps, c, { campaignId, platform: "pc", region: "europe" })),
    );
    expect(waiting.every((r) => r.status === "pending")).toBe(true);
    await database.db.execute(`update campaigns set auto_approve = true where id = '${campaignId}'`);
    // …then the company approves those 100, one call each, while the other 100 request under auto-approval.
    const outcomes = await Promise.all([
      ...waiting.map((r) => approveRequests(deps, company, { requestIds: [r.requestId] })),
      ...creators.slice(100).map((c) => requestKey(deps, c, { campaignId, platform: "pc", region: "europe" })),
    ]);
    const manualApproved = outcomes.slice(0, 100).filter((o) => "done" in o && o.done.length === 1).length;
    const manualFailed = outcomes.slice(0, 100).flatMap((o) => ("failed" in o ? o.failed : []));
    const autoApproved = outcomes.slice(100).filter((o) => "status" in o && o.status === "approved").length;
    expect(manualApproved + autoApproved).toBe(50);
    expect(manualFailed.every((f) => f.code === "campaigns.no_keys" && f.values?.campaignName === "Pool Race")).toBe(true);

    const keys = await database.db.select().from(campaignKeys).where(eq(campaignKeys.campaignId, campaignId));
    expect(keys.filter((k) => k.status === "claimed")).toHaveLength(50);
    expect(new Set(keys.map((k) => k.requestId).filter(Boolean)).size).toBe(50);
    expect(new Set(keys.map((k) => k.claimedBy).filter(Boolean)).size).toBe(50);
    const requests = await database.db.select().from(creatorRequests).where(eq(creatorRequests.campaignId, campaignId));
    expect(requests).toHaveLength(200);
    const approved = requests.filter((r) => r.status === "approved");
    expect(approved).toHaveLength(50);
    expect(requests.filter((r) => r.status === "pending")).toHaveLength(150);
    // Each approved request holds the key that names it.
    for (const r of approved) expect(keys.find((k) => k.id === r.keyId)?.requestId).toBe(r.id);
  }, 120_000);

  it("20 identical requests at once by one creator make one request", async () => {
    const { campaignId } = await activeCampaign(deps, company, { keys: keysFor("ONCE", 5) });
    const creator = creators[0];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => requestKey(deps, creator, { campaignId, platform: "pc", region: "europe" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusals).toHaveLength(19);
    expect(refusals.every((r) => r.reason instanceof DomainError && r.reason.code === "campaigns.already_requested")).toBe(true);
    expect(await database.db.$count(creatorRequests, eq(creatorRequests.campaignId, campaignId))).toBe(1);
  });

  it("the same request approved twice at once takes one key", async () => {
    const { campaignId } = await activeCampaign(deps, company, { keys: keysFor("TWICE", 5) });
    const { requestId } = await requestKey(deps, creators[1], { campaignId, platform: "pc", region: "europe" });
    const results = await Promise.all(Array.from({ length: 10 }, () => approveRequests(deps, company, { requestIds: [requestId] })));
    expect(results.filter((r) => r.done.length === 1)).toHaveLength(1);
    expect(results.flatMap((r) => r.failed).every((f) => f.code === "campaigns.request_decided")).toBe(true);
    const claimed = await database.db.select().from(campaignKeys).where(eq(campaignKeys.campaignId, campaignId));
    expect(claimed.filter((k) => k.status === "claimed")).toHaveLength(1);
  });
});
