import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres, testDatabase } from "#tests/support/db";
import { testClock } from "#tests/support/forum-kit";
import { activeCampaign, keysFor, pauseCast } from "#tests/support/campaigns-kit";
import { ensureRoles } from "#server/db/factories";
import type { Database, DatabaseHandle } from "#server/db/client";
import { campaignKeys, campaigns, creatorRequests } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { approveRequests } from "./decide-requests";
import type { CampaignsDeps } from "./deps";
import { previewKeyUpload, saveKeyUpload } from "./key-upload";
import { requestKey } from "./request-key";
import { adminPauseCampaign } from "./team";

/**
 * On PostgreSQL (`npm run test:pg -- <this file>`, a pool of 20 connections): a team pause
 * that commits while approvals, auto-approvals and a key save are on their way wins — none of them hands out
 * or adds a key. The pause is held open just before its commit (its transaction waits on a gate) while the
 * others start; they must wait for it (the campaign's row lock) and then see it. On PGlite the same calls run
 * one after the other behind the open transaction and must give the same result.
 */
describe("a team pause racing approvals", () => {
  let database: DatabaseHandle;
  let deps: CampaignsDeps;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let company: NonNullable<Actor>;
  let team: NonNullable<Actor>;
  let creators: NonNullable<Actor>[];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    ({ deps, company, team, creators } = await pauseCast(database.db, clock, {
      company: "Carrera",
      team: "equipo-carrera",
      creators: 16,
      verified: true,
    }));
  }, 120_000);
  afterAll(() => database.close());

  /** `db` whose transactions, once their work is done, wait for `release` before they commit. */
  function gated(db: Database) {
    let release!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const done = new Promise<void>((r) => (reached = r));
    const proxy = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== "transaction") return Reflect.get(target, prop, receiver);
        return (fn: (tx: unknown) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const result = await fn(tx);
            reached();
            await gate;
            return result;
          });
      },
    });
    return { db: proxy, release, reached: done };
  }

  /** On PostgreSQL, until `n` sessions of this database wait on a lock (at most 5 s); on PGlite, a moment. */
  async function waitForWaiters(n: number) {
    if (!onPostgres()) return new Promise((r) => setTimeout(r, 200));
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      const { rows } = await database.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0].n >= n) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it("a pause that commits first wins over single and bulk approvals, auto-approvals and a key save", async () => {
    const { campaignId } = await activeCampaign(deps, company, { name: "Race Lamp", keys: keysFor("PAUSE-RACE", 30) });
    // Twelve requests wait for the company; the last four creators will ask under auto-approval.
    const pending: string[] = [];
    for (const c of creators.slice(0, 12))
      pending.push((await requestKey(deps, c, { campaignId, platform: "pc", region: "europe" })).requestId);
    await database.db.update(campaigns).set({ autoApprove: true }).where(eq(campaigns.id, campaignId));
    const upload = await previewKeyUpload(deps, company, { campaignId, text: keysFor("PAUSE-LATE", 5).join("\n") });

    const pause = gated(database.db);
    const pausing = adminPauseCampaign({ ...deps, db: pause.db }, team, { campaignId, reason: "Race check" });
    await pause.reached; // the campaign is paused in a transaction not yet committed

    const singles = pending.slice(0, 6).map((id) => approveRequests(deps, company, { requestIds: [id] }));
    const bulk = approveRequests(deps, company, { requestIds: pending.slice(6) });
    const autos = creators.slice(12).map((c) =>
      requestKey(deps, c, { campaignId, platform: "pc", region: "europe" }).then(
        (r) => r.status,
        (err: unknown) => (err instanceof DomainError ? err.code : Promise.reject(err)),
      ),
    );
    const save = saveKeyUpload(deps, company, { campaignId, uploadId: upload.uploadId! }).then(
      () => "saved",
      (err: unknown) => (err instanceof DomainError ? err.code : Promise.reject(err)),
    );
    // 6 single approvals, the bulk one's first request, 4 auto-approvals and the save wait on the campaign's row.
    await waitForWaiters(12);
    pause.release();
    await pausing;

    const decided = await Promise.all([...singles, bulk]);
    expect(decided.flatMap((d) => d.done)).toEqual([]);
    const failures = decided.flatMap((d) => d.failed);
    expect(failures).toHaveLength(12);
    expect(failures.every((f) => f.code === "campaigns.approval_paused_by_team" && f.values?.reason === "Race check")).toBe(true);
    // An auto-approval either found the campaign paused before asking (not open) or was refused at approval,
    // which leaves its request pending (the team's reason is for the studio, not the creator); no key went out.
    for (const outcome of await Promise.all(autos)) expect(["campaigns.not_open", "pending"]).toContain(outcome);
    expect(await save).toBe("campaigns.keys_paused_by_team");

    expect(await database.db.$count(campaignKeys, and(eq(campaignKeys.campaignId, campaignId), eq(campaignKeys.status, "claimed")))).toBe(
      0,
    );
    expect(await database.db.$count(campaignKeys, eq(campaignKeys.campaignId, campaignId))).toBe(30);
    expect(
      await database.db.$count(creatorRequests, and(eq(creatorRequests.campaignId, campaignId), eq(creatorRequests.status, "approved"))),
    ).toBe(0);
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row).toMatchObject({ status: "paused", pausedByAdmin: true });
  }, 60_000);

  it("approvals that took the campaign's row first finish before the pause, and none after it", async () => {
    const { campaignId } = await activeCampaign(deps, company, { name: "Race Lamp Two", keys: keysFor("PAUSE-TWO", 30) });
    await database.db.update(campaigns).set({ autoApprove: false }).where(eq(campaigns.id, campaignId));
    const pending: string[] = [];
    for (const c of creators) pending.push((await requestKey(deps, c, { campaignId, platform: "pc", region: "europe" })).requestId);
    // All at once: each approval and the pause in its own transaction.
    const [decided] = await Promise.all([
      Promise.all(pending.map((id) => approveRequests(deps, company, { requestIds: [id] }))),
      adminPauseCampaign(deps, team, { campaignId, reason: "Second race" }),
    ]);
    const done = decided.flatMap((d) => d.done);
    const failed = decided.flatMap((d) => d.failed);
    expect(done.length + failed.length).toBe(16);
    expect(failed.every((f) => f.code === "campaigns.approval_paused_by_team")).toBe(true);
    // Every key that went out went to an approved request; nothing is approved after the pause committed.
    const claimed = await database.db
      .select({ id: campaignKeys.id })
      .from(campaignKeys)
      .where(and(eq(campaignKeys.campaignId, campaignId), eq(campaignKeys.status, "claimed")));
    expect(claimed).toHaveLength(done.length);
    if (failed.length) expect((await approveRequests(deps, company, { requestIds: failed.map((f) => f.requestId) })).done).toEqual([]);
    const { rows } = await database.query(
      "select count(*)::int as n from creator_requests where campaign_id = $1 and status = 'approved' and key_id is null",
      [campaignId],
    );
    expect(rows[0].n).toBe(0);
  }, 60_000);
});
