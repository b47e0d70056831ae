import { and, eq, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { arenaMatches, arenaQueue, arenaRatings, characters, equipment, goldLedger, items, userItems, userStats } from "#server/db/schema";
import { codeOf, member, testClock } from "#tests/support/forum-kit";
import { testActor } from "#tests/support/actors";
import { testServices } from "#tests/support/services";
import { SettingsStore } from "#server/modules/site/settings";
import { userChannel, type RealtimeMessage } from "#server/platform/realtime";
import type { Services } from "#server/services";
import type { Actor } from "#server/modules/accounts/actor";
import type { CharacterClass } from "#shared/character";
import { createCharacterService, type CharacterService } from "#server/modules/character/index";
import { arenaExportSection } from "./export-section";
import { seasonOf } from "./season";

type Member = NonNullable<Actor>;

/**
 * The arena on a real database (PGlite here, PostgreSQL with `--project data-pg`, where the 100 joins and the
 * matchmaking runs truly overlap): the queue, matchmaking, settled matches, ratings, gold and replays.
 */
describe("the arena", () => {
  let ctx: Awaited<ReturnType<typeof testServices>>;
  let services: Services;
  let arena: CharacterService;
  let settings: SettingsStore;
  const clock = testClock(new Date("2026-11-20T10:00:00Z"));
  const heard = new Map<string, RealtimeMessage[]>();
  const settled: string[] = [];
  let n = 0;

  beforeAll(async () => {
    ctx = await testServices();
    services = ctx.services;
    settings = new SettingsStore(services.db, 0);
    arena = createCharacterService({
      db: services.db,
      settings,
      storage: services.storage,
      events: services.events,
      realtime: services.realtime,
      rateLimiter: services.rateLimiter,
      jobs: null,
      now: clock.now,
      log: services.log,
    });
    services.events.subscribe("arena.match_settled", (e) => void settled.push(e.matchId));
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    // Each test starts with an empty queue and a fresh day, far from the previous test's matches.
    await services.db.update(arenaQueue).set({ status: "left" }).where(eq(arenaQueue.status, "waiting"));
    clock.advance(3 * 24 * 3600_000);
    await settings.write(
      "character_settings",
      { ...(await settings.get("character_settings")), arenaDailyCap: 20, arenaQueueSeconds: 60 },
      "test",
    );
  });

  /** A member with a character of this class (and gold, level, stats), listening on their live channel. */
  async function player(
    cls: CharacterClass | null = "warrior",
    over: { gold?: number; level?: number; strength?: number } = {},
  ): Promise<Member> {
    const m = await member(services.db, clock.now(), { username: `fighter_${++n}` });
    await services.db
      .insert(characters)
      .values({ userId: m.userId, characterClass: cls, gold: over.gold ?? 100, strength: over.strength ?? 5 });
    if (over.level) await services.db.insert(userStats).values({ userId: m.userId, level: over.level });
    const messages: RealtimeMessage[] = [];
    heard.set(m.userId, messages);
    services.realtime.subscribe(userChannel(m.userId), (msg) => void messages.push(msg));
    return m;
  }
  const matchOf = async (matchId: string) => (await services.db.select().from(arenaMatches).where(eq(arenaMatches.id, matchId)))[0]!;
  const ratingRow = async (userId: string, season: string) =>
    (
      await services.db
        .select()
        .from(arenaRatings)
        .where(and(eq(arenaRatings.userId, userId), eq(arenaRatings.season, season)))
    )[0];
  const goldOf = async (userId: string) =>
    (await services.db.select({ gold: characters.gold }).from(characters).where(eq(characters.userId, userId)))[0]!.gold;
  /**
   * Joins both, x first (x is player A); the second join meets the first when their ratings are close, else a
   * later run does, once their acceptable gaps have widened. Answers the match's id.
   */
  async function fight(x: Member, y: Member): Promise<string> {
    expect((await arena.joinArenaQueue(x)).entry?.status).toBe("waiting");
    clock.advance(100);
    let after = await arena.joinArenaQueue(y);
    for (let i = 0; after.entry?.status === "waiting" && i < 4; i++) {
      clock.advance(10_000);
      await arena.matchmakeArena();
      after = await arena.arenaQueueStatus(y);
    }
    expect(after.entry?.status).toBe("matched");
    clock.advance(1000);
    return after.entry!.matchId!;
  }

  it("refuses a visitor and a company account awaiting verification to join or leave, and asks for a class", async () => {
    const pending = testActor({ profileRole: "company", company: { slug: "studio", companyName: "Studio", verified: false } });
    expect(await codeOf(arena.joinArenaQueue(null))).toBe("auth.unauthenticated");
    expect(await codeOf(arena.leaveArenaQueue(null))).toBe("auth.unauthenticated");
    expect(await codeOf(arena.joinArenaQueue(pending))).toBe("auth.forbidden");
    expect(await codeOf(arena.leaveArenaQueue(pending))).toBe("auth.forbidden");
    expect(await codeOf(arena.joinArenaQueue(await player(null)))).toBe("character.class_required");
    expect(await services.db.select().from(arenaQueue).where(eq(arenaQueue.status, "waiting"))).toEqual([]);
  });

  it("queues a member once, lets them leave, and says so when they are not queued", async () => {
    const a = await player("mage");
    // Two joins at once, nobody else waiting: one entry, the other join is refused.
    const both = await Promise.allSettled([arena.joinArenaQueue(a), arena.joinArenaQueue(a)]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await codeOf(Promise.reject((both.find((r) => r.status === "rejected") as PromiseRejectedResult).reason))).toBe(
      "arena.already_queued",
    );
    expect(await services.db.select().from(arenaQueue).where(eq(arenaQueue.userId, a.userId))).toHaveLength(1);
    const status = await arena.arenaQueueStatus(a);
    expect(status).toMatchObject({
      hasClass: true,
      matchesToday: 0,
      dailyCap: 20,
      queueSeconds: 60,
      entry: { status: "waiting", matchId: null },
    });
    expect(status.entry!.expiresAt.getTime() - status.entry!.joinedAt.getTime()).toBe(60_000);
    expect(await codeOf(arena.joinArenaQueue(a))).toBe("arena.already_queued");
    expect(await arena.leaveArenaQueue(a)).toEqual({ left: true });
    expect((await arena.arenaQueueStatus(a)).entry?.status).toBe("left");
    expect(await codeOf(arena.leaveArenaQueue(a))).toBe("arena.not_queued");
    // A wait that ran out with no run to mark it reads as failed, and does not block a new join.
    await arena.joinArenaQueue(a);
    clock.advance(61_000);
    expect((await arena.arenaQueueStatus(a)).entry?.status).toBe("failed");
    expect((await arena.joinArenaQueue(a)).entry?.status).toBe("waiting");
  });

  it("pairs two members, fights the match, moves both ratings (all time and season) and the gold through the ledger, and tells both live", async () => {
    const a = await player("warrior", { gold: 10 });
    const b = await player("rogue", { gold: 3 });
    const matchId = await fight(a, b);
    const match = await matchOf(matchId);
    expect(match).toMatchObject({ playerA: a.userId, playerB: b.userId, rated: true, engine: 1, season: seasonOf(clock.now()) });
    expect([a.userId, b.userId]).toContain(match.winnerId);
    expect(match.turns).toBeGreaterThan(0);
    const [winner, loser] = match.winnerId === a.userId ? [a, b] : [b, a];
    for (const season of ["all", seasonOf(clock.now())]) {
      const w = (await ratingRow(winner.userId, season))!;
      const l = (await ratingRow(loser.userId, season))!;
      expect(w.rating).toBeGreaterThan(1500);
      expect(l.rating).toBeLessThan(1500);
      expect(w.deviation).toBeLessThan(350);
      expect([w.wins, w.losses, l.wins, l.losses]).toEqual([1, 0, 0, 1]);
    }
    // Gold: the winner +20, the loser -5 but never below zero (b had 3).
    const ledger = await services.db.select().from(goldLedger).where(eq(goldLedger.sourceId, matchId));
    const win = ledger.find((r) => r.reason === "arena_win")!;
    const loss = ledger.find((r) => r.reason === "arena_loss")!;
    expect(win).toMatchObject({ userId: winner.userId, amount: 20, counterpartId: loser.userId });
    expect(loss).toMatchObject({ userId: loser.userId, amount: loser === b ? -3 : -5 });
    expect(await goldOf(loser.userId)).toBe(loser === b ? 0 : 5);
    expect(await goldOf(winner.userId)).toBe((winner === a ? 10 : 3) + 20);
    // Both entries matched to it; both told live; the event published.
    const entries = await services.db
      .select()
      .from(arenaQueue)
      .where(inArray(arenaQueue.userId, [a.userId, b.userId]));
    expect(entries.map((e) => [e.status, e.matchId])).toEqual([
      ["matched", matchId],
      ["matched", matchId],
    ]);
    expect(heard.get(a.userId)).toContainEqual({ type: "arena.matched", matchId });
    expect(heard.get(b.userId)).toContainEqual({ type: "arena.matched", matchId });
    expect(settled).toContain(matchId);
    // The record and the list of matches say the same.
    const record = await arena.arenaRecord(null, { userId: winner.userId });
    expect(record.all).toMatchObject({ wins: 1, losses: 0, played: true, provisional: true });
    const list = await arena.listArenaMatches(null, { userId: loser.userId });
    expect(list.items).toEqual([
      expect.objectContaining({ id: matchId, result: "loss", opponent: { userId: winner.userId, username: winner.username } }),
    ]);
  });

  it("replays a match from its snapshot and seed exactly as it was fought, and notices a tampered record", async () => {
    const a = await player("mage", { level: 4 });
    const b = await player("warrior", { strength: 9 });
    // An item on b: its bonus is in the snapshot.
    await services.db
      .insert(items)
      .values({ id: `sword_${n}`, slot: "main_hand", rarity: "rare", nameEn: "Sword", nameEs: "Espada", strength: 4 });
    await services.db.insert(userItems).values({ userId: b.userId, itemId: `sword_${n}`, source: "grant" });
    await services.db.insert(equipment).values({ userId: b.userId, slot: "main_hand", itemId: `sword_${n}` });
    const matchId = await fight(a, b);
    const view = await arena.getArenaMatch(null, { matchId });
    const stored = await matchOf(matchId);
    expect(view.replayMatches).toBe(true);
    expect(view.turns).toHaveLength(stored.turns);
    expect(view.winner === null ? null : view.players[view.winner].userId).toBe(stored.winnerId);
    expect(view.players.b.snapshot.stats.strength).toBe(13);
    expect(view.players.b.snapshot.items).toEqual([
      expect.objectContaining({ slot: "main_hand", itemId: `sword_${n}`, bonus: expect.objectContaining({ strength: 4 }) }),
    ]);
    expect(view.players.a.snapshot.level).toBe(4);
    expect(view.players.b.profile.perk).toEqual({ kind: "combat_power", percent: 5 });
    // The same again, and again after the fighters change their gear: the snapshot is what fought.
    await services.db.delete(equipment).where(eq(equipment.userId, b.userId));
    expect(await arena.getArenaMatch(null, { matchId })).toEqual(view);
    // A seed changed behind the engine's back no longer gives the recorded fight.
    await services.db.update(arenaMatches).set({ seed: "another" }).where(eq(arenaMatches.id, matchId));
    expect((await arena.getArenaMatch(null, { matchId })).replayMatches).toBe(false);
    expect(await codeOf(arena.getArenaMatch(null, { matchId: "00000000-0000-4000-8000-000000000000" }))).toBe("arena.match_not_found");
    expect(await codeOf(arena.getArenaMatch(null, { matchId: "nope" }))).toBe("input.invalid");
  });

  it("never pairs the same two twice in a row, and tells them 'Could not find an opponent.' after the limit", async () => {
    const a = await player();
    const b = await player();
    await fight(a, b);
    await arena.joinArenaQueue(a);
    expect((await arena.joinArenaQueue(b)).entry?.status).toBe("waiting");
    clock.advance(30_000);
    await arena.matchmakeArena();
    expect((await arena.arenaQueueStatus(a)).entry?.status).toBe("waiting");
    clock.advance(31_000);
    const run = await arena.matchmakeArena();
    expect(run.failed.sort()).toEqual([a.userId, b.userId].sort());
    expect((await arena.arenaQueueStatus(a)).entry?.status).toBe("failed");
    expect(heard.get(b.userId)!.at(-1)).toEqual({ type: "arena.failed" });
    // With someone new, each can fight again.
    const matchId = await fight(a, await player());
    expect((await matchOf(matchId)).playerA).toBe(a.userId);
  });

  it("moves no rating for a repeat between the same two within a day (the match and its gold still count)", async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const first = await fight(a, b);
    await fight(a, c);
    await fight(b, c);
    const before = { a: (await ratingRow(a.userId, "all"))!, b: (await ratingRow(b.userId, "all"))! };
    const repeat = await fight(a, b);
    const match = await matchOf(repeat);
    expect(match.rated).toBe(false);
    const after = { a: (await ratingRow(a.userId, "all"))!, b: (await ratingRow(b.userId, "all"))! };
    expect([after.a.rating, after.a.deviation, after.b.rating, after.b.deviation]).toEqual([
      before.a.rating,
      before.a.deviation,
      before.b.rating,
      before.b.deviation,
    ]);
    expect(after.a.wins + after.a.losses).toBe(before.a.wins + before.a.losses + 1);
    expect((match.outcome as { a: { ratings: { all: { before: number; after: number } } } }).a.ratings.all).toMatchObject({
      before: before.a.rating,
      after: before.a.rating,
    });
    expect(await services.db.select().from(goldLedger).where(eq(goldLedger.sourceId, repeat))).toHaveLength(2);
    // A day after the first rated one, they are rated again.
    expect(first).not.toBe(repeat);
    clock.advance(25 * 3600_000);
    await fight(a, c);
    await fight(b, c);
    expect((await matchOf(await fight(a, b))).rated).toBe(true);
  });

  it("stops a member at the day's match cap, and lets them in again the next day", async () => {
    await settings.write("character_settings", { ...(await settings.get("character_settings")), arenaDailyCap: 2 }, "test");
    const [a, b, c] = [await player(), await player(), await player()];
    await fight(a, b);
    await fight(a, c);
    expect(await codeOf(arena.joinArenaQueue(a))).toBe("arena.daily_cap");
    expect((await arena.arenaQueueStatus(a)).matchesToday).toBe(2);
    clock.set(new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate() + 1, 0, 5)));
    expect((await arena.joinArenaQueue(a)).entry?.status).toBe("waiting");
  });

  it("takes the loser's last coins but never below zero", async () => {
    await settings.write("character_settings", { ...(await settings.get("character_settings")), arenaLossGold: 50 }, "test");
    for (let i = 0; i < 6; i++) {
      const [a, b] = [await player("trader", { gold: i }), await player("trader", { gold: i * 7 })];
      const match = await matchOf(await fight(a, b));
      const loser = match.winnerId === a.userId ? b : a;
      expect(await goldOf(loser.userId)).toBe(0);
    }
    const [{ negative }] = (await services.db
      .select({ negative: sql<number>`count(*)::int` })
      .from(goldLedger)
      .where(or(sql`${goldLedger.balanceAfter} < 0`, sql`${goldLedger.amount} < -50`))) as [{ negative: number }];
    expect(negative).toBe(0);
  });

  it("ranks established players on the leaderboards and lists provisional ones apart", async () => {
    const [a, b] = [await player(), await player()];
    const matchId = await fight(a, b);
    const winnerId = (await matchOf(matchId)).winnerId!;
    let board = await arena.arenaLeaderboard(null, { scope: "season" });
    expect(board.season).toBe(seasonOf(clock.now()));
    expect(board.ranked.map((r) => r.userId)).not.toContain(winnerId);
    expect(board.provisional.map((r) => r.userId)).toContain(winnerId);
    // Many matches later the deviation is low: ranked, best first.
    await services.db.update(arenaRatings).set({ deviation: 60 }).where(eq(arenaRatings.userId, winnerId));
    board = await arena.arenaLeaderboard(null, { scope: "all" });
    expect(board.season).toBe("all");
    expect(board.ranked.map((r) => r.userId)).toContain(winnerId);
    expect(board.provisional.map((r) => r.userId)).not.toContain(winnerId);
    const ratings = board.ranked.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect((await arena.arenaRecord(null, { userId: winnerId })).all.provisional).toBe(false);
    // The winner's account export holds the match and the ratings.
    const exported = await arenaExportSection(services.db, winnerId);
    expect(exported.matches.map((m) => m.id)).toContain(matchId);
    expect(exported.ratings.map((r) => r.season).sort()).toEqual(["all", seasonOf(clock.now())].sort());
    // Never fought: the starting numbers.
    expect((await arena.arenaRecord(null, { userId: (await player()).userId })).all).toMatchObject({
      rating: 1500,
      played: false,
      provisional: true,
    });
  });

  it("with 100 players queueing at once and matchmaking running concurrently, pairs or fails every one, each in at most one match", async () => {
    const people = await Promise.all(Array.from({ length: 100 }, () => player()));
    // One far above everyone: nobody fits, they are told no opponent.
    const loner = await player();
    await services.db.insert(arenaRatings).values({ userId: loner.userId, season: "all", rating: 3200, deviation: 60, volatility: 0.06 });
    await Promise.all([
      ...people.map((p) => arena.joinArenaQueue(p)),
      arena.joinArenaQueue(loner),
      ...Array.from({ length: 5 }, () => arena.matchmakeArena()),
    ]);
    await arena.matchmakeArena();
    clock.advance(61_000);
    await arena.matchmakeArena();
    const everyone = [...people, loner].map((p) => p.userId);
    const entries = await services.db.select().from(arenaQueue).where(inArray(arenaQueue.userId, everyone));
    expect(entries).toHaveLength(101);
    expect(entries.filter((e) => e.status !== "matched" && e.status !== "failed")).toEqual([]);
    expect(entries.find((e) => e.userId === loner.userId)!.status).toBe("failed");
    const matches = await services.db
      .select()
      .from(arenaMatches)
      .where(or(inArray(arenaMatches.playerA, everyone), inArray(arenaMatches.playerB, everyone)));
    const seen = matches.flatMap((m) => [m.playerA, m.playerB]);
    expect(new Set(seen).size).toBe(seen.length);
    const matched = entries.filter((e) => e.status === "matched");
    expect(matched).toHaveLength(seen.length);
    for (const e of matched) {
      const m = matches.find((x) => x.id === e.matchId)!;
      expect([m.playerA, m.playerB]).toContain(e.userId);
    }
    expect(matched.length).toBeGreaterThanOrEqual(98);
    for (const e of entries.filter((x) => x.status === "failed")) expect(heard.get(e.userId)).toContainEqual({ type: "arena.failed" });
  });
});
