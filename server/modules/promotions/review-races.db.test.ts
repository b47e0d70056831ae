import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { member, testClock } from "#tests/support/forum-kit";
import { reviewDeps } from "#tests/support/featured-kit";
import { makeSubmission } from "#tests/support/promotions-kit";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { featuredGames } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { PromotionsDeps } from "./deps";
import { approveSubmission } from "./approve-submission";

const codes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? "ok" : r.reason instanceof DomainError ? r.reason.code : String(r.reason))).sort();

/**
 * Races of the review: meaningful on PostgreSQL (`--project data-pg`, a pool of connections, where
 * the approvals really run at once); on PGlite the same calls run one after the other and must agree.
 */
describe("featured review races", () => {
  let database: DatabaseHandle;
  let deps: PromotionsDeps;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let admins: NonNullable<Actor>[];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = await reviewDeps(database, clock);
    admins = [];
    for (let i = 0; i < 4; i++) admins.push(await member(database.db, clock.now(), { roles: ["Admin"], role: undefined }));
    const offer = await deps.settings.get("featured_offer");
    await deps.settings.change("featured_offer", { ...offer, homepageSlots: 1 }, admins[0].userId, async () => {});
  });
  afterAll(() => database.close());

  it("four Admins approving four homepage features into the last free slot at once: exactly one is approved", async () => {
    for (let round = 0; round < 5; round++) {
      await database.db.update(featuredGames).set({ scheduleStatus: "expired" });
      const subs = await Promise.all(admins.map(() => makeSubmission(database.db, { status: "pending_review" })));
      const results = await Promise.allSettled(
        subs.map((s, i) => approveSubmission(deps, admins[i], { submissionId: s.id, featureType: i % 2 ? "homepage" : "both" })),
      );
      expect(codes(results)).toEqual(["ok", "promotions.slots_full", "promotions.slots_full", "promotions.slots_full"]);
      const live = await database.db.select().from(featuredGames).where(eq(featuredGames.scheduleStatus, "active"));
      expect(live).toHaveLength(1);
    }
  });

  it("two Admins approving the same submission at once: one wins, the other is told it was decided", async () => {
    await database.db.update(featuredGames).set({ scheduleStatus: "expired" });
    for (let round = 0; round < 5; round++) {
      const sub = await makeSubmission(database.db, { status: "pending_approval" });
      const results = await Promise.allSettled(
        admins.slice(0, 2).map((a) => approveSubmission(deps, a, { submissionId: sub.id, featureType: "details_page" })),
      );
      expect(codes(results)).toEqual(["ok", "promotions.decided"]);
      expect(await database.db.select().from(featuredGames).where(eq(featuredGames.submissionId, sub.id))).toHaveLength(1);
    }
  });

  it("four games of the same name approved at once each get their own address", async () => {
    const subs = await Promise.all(
      admins.map(() => makeSubmission(database.db, { status: "pending_review", gameName: "Twin Peaks Racer" })),
    );
    const results = await Promise.all(
      subs.map((s, i) => approveSubmission(deps, admins[i], { submissionId: s.id, featureType: "details_page" })),
    );
    expect(results.map((r) => r.slug).sort()).toEqual([
      "twin-peaks-racer",
      "twin-peaks-racer-2",
      "twin-peaks-racer-3",
      "twin-peaks-racer-4",
    ]);
  });
});
