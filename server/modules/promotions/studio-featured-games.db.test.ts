import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { testActor } from "#tests/support/actors";
import { companyActor } from "#tests/support/campaigns-kit";
import { testDatabase } from "#tests/support/db";
import { makeFeaturedGame } from "#tests/support/featured-kit";
import { codeOf, testClock } from "#tests/support/forum-kit";
import { makeSubmission } from "#tests/support/promotions-kit";
import { listStudioFeaturedGames, publicStudioFeaturedGames } from "./list-studio-featured-games";

const DAY = 86_400_000;

describe("a studio's featured games", () => {
  let database: DatabaseHandle;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let studio: NonNullable<Actor>;
  let other: NonNullable<Actor>;
  const deps = () => ({ db: database.db, now: clock.now });

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    studio = await companyActor(database.db, { name: "Pine Studio" });
    other = await companyActor(database.db, { name: "Other Studio" });
    const now = clock.now();
    const mine = { companyId: studio.userId };
    await makeFeaturedGame(database.db, now, { ...mine, slug: "on-show", gameName: "On Show", featureType: "both" });
    await makeFeaturedGame(database.db, now, { ...mine, slug: "home-only", gameName: "Home Only", featureType: "homepage" });
    await makeFeaturedGame(database.db, now, { ...mine, slug: "hidden-one", gameName: "Hidden One", visible: false });
    await makeFeaturedGame(database.db, now, {
      ...mine,
      slug: "coming-soon",
      gameName: "Coming Soon",
      scheduleStatus: "scheduled",
      startsAt: new Date(now.getTime() + 5 * DAY),
      endsAt: new Date(now.getTime() + 20 * DAY),
    });
    await makeFeaturedGame(database.db, now, { ...mine, slug: "ended-early", gameName: "Ended Early", scheduleStatus: "finished" });
    await makeFeaturedGame(database.db, now, { companyId: other.userId, slug: "not-mine", gameName: "Not Mine" });
    for (const [gameName, status] of [
      ["Waiting Review", "pending_review"],
      ["Refused", "rejected"],
      ["Approved Already", "approved"],
    ] as const) {
      const s = await makeSubmission(database.db, { gameName, status });
      await database.db.update(featuredSubmissions).set({ companyId: studio.userId }).where(eq(featuredSubmissions.id, s.id));
    }
    await makeSubmission(database.db, { gameName: "Someone Else's", status: "pending_review" });
  });
  afterAll(() => database.close());

  it("the public page lists the studio's games on show now, and only its own", async () => {
    const games = await publicStudioFeaturedGames(deps(), { companyId: studio.userId });
    expect(games.map((g) => g.gameName).sort()).toEqual(["Home Only", "On Show"]);
    expect(games.find((g) => g.gameName === "On Show")?.hasPage).toBe(true);
    expect(games.find((g) => g.gameName === "Home Only")?.hasPage).toBe(false);
  });

  it("'My games' lists every featured game with its state, and the requests not yet a featured game", async () => {
    const { games, requests } = await listStudioFeaturedGames(deps(), studio);
    const byName = Object.fromEntries(games.map((g) => [g.gameName, { status: g.scheduleStatus, visible: g.visible, onShow: g.onShow }]));
    expect(byName).toEqual({
      "On Show": { status: "active", visible: true, onShow: true },
      "Home Only": { status: "active", visible: true, onShow: true },
      "Hidden One": { status: "active", visible: false, onShow: false },
      "Coming Soon": { status: "scheduled", visible: true, onShow: false },
      "Ended Early": { status: "finished", visible: true, onShow: false },
    });
    expect(requests.map((r) => [r.gameName, r.status]).sort()).toEqual([
      ["Refused", "rejected"],
      ["Waiting Review", "pending_review"],
    ]);
  });

  it("is the studio's own: refused to a visitor, a creator and a pending company", async () => {
    const pending = await companyActor(database.db, { verified: false });
    expect(await codeOf(listStudioFeaturedGames(deps(), null))).toBe("auth.unauthenticated");
    expect(await codeOf(listStudioFeaturedGames(deps(), testActor({ profileRole: "creator" })))).toBe("auth.forbidden");
    expect(await codeOf(listStudioFeaturedGames(deps(), pending))).toBe("company.pending");
    expect((await listStudioFeaturedGames(deps(), other)).games.map((g) => g.gameName)).toEqual(["Not Mine"]);
  });
});
