import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { codeOf, member, testClock } from "#tests/support/forum-kit";
import { gamificationKit } from "#tests/support/gamification-kit";
import type { DatabaseHandle } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";

describe("the ranking tab's read (rankingTab)", () => {
  let database: DatabaseHandle;
  let kit: Awaited<ReturnType<typeof gamificationKit>>;
  const clock = testClock(new Date("2026-06-01T10:00:00Z"));
  let admin: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let creator: NonNullable<Actor>;
  let target: NonNullable<Actor>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    kit = await gamificationKit(database.db, clock);
    admin = await member(database.db, clock.now(), { username: "tab_admin", roles: ["Admin"] });
    mod = await member(database.db, clock.now(), { username: "tab_mod", roles: ["Moderator"] });
    creator = await member(database.db, clock.now(), { username: "tab_creator", role: "creator" });
    target = await member(database.db, clock.now(), { username: "tab_target_person", email: "someone@rank.test" });
  });
  afterAll(async () => {
    kit.stop();
    await database.close();
  });

  it("refuses a visitor and a member without the Admin or Moderator role, whatever the query asks", async () => {
    const query = { q: "tab_", member: target.userId };
    expect(await codeOf(kit.game.rankingTab(null, query))).toBe("auth.unauthenticated");
    expect(await codeOf(kit.game.rankingTab(creator, query))).toBe("auth.forbidden");
    expect(await codeOf(kit.game.rankingTab(target, { member: target.userId }))).toBe("auth.forbidden");
  });

  it("gives a Moderator the board, the members found by username or email and one member's history, read-only", async () => {
    const tab = await kit.game.rankingTab(mod, { q: "RANK.TEST", member: target.userId, period: "week" });
    expect(tab.board.period).toBe("week");
    expect(tab.board.canAdjust).toBe(false);
    expect(tab.q).toBe("RANK.TEST");
    expect(tab.found).toEqual({ items: [{ id: target.userId, username: "tab_target_person", email: "someone@rank.test" }], total: 1 });
    expect(tab.member).toMatchObject({ userId: target.userId, username: "tab_target_person", xp: 0, level: 1 });
    expect(tab.adjustment).toBeNull();
    // No search, no member: neither is read.
    const plain = await kit.game.rankingTab(mod, {});
    expect(plain).toMatchObject({ q: "", found: null, member: null, adjustment: null });
    // "%" and "_" are taken literally.
    expect((await kit.game.rankingTab(mod, { q: "%" })).found).toEqual({ items: [], total: 0 });
  });

  it("confirms an Admin's adjustment from its ledger row; an unknown member is 'missing'", async () => {
    const done = await kit.game.adjustXp(admin, { userId: target.userId, amount: 25, reason: "Event prize" });
    const tab = await kit.game.rankingTab(admin, { member: target.userId, adjusted: String(done.ledgerId) });
    expect(tab.board.canAdjust).toBe(true);
    expect(tab.adjustment).toMatchObject({ username: "tab_target_person", xp: 25, entry: { id: done.ledgerId, amount: 25 } });
    expect(tab.member).toMatchObject({ xp: 25 });
    if (tab.member === null || tab.member === "missing") throw new Error("the member's panel");
    expect(tab.member.ledger.items.map((e) => e.reason)).toEqual(["adjustment"]);
    // Another row's id (or none of the member's) confirms nothing.
    expect((await kit.game.rankingTab(admin, { member: target.userId, adjusted: "999999" })).adjustment).toBeNull();
    expect((await kit.game.rankingTab(admin, { member: "00000000-0000-4000-8000-000000000000" })).member).toBe("missing");
  });
});
