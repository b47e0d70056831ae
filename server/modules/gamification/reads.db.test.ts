import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum } from "#server/db/forum-factories";
import { codeOf, member, testClock } from "#tests/support/forum-kit";
import { gamificationKit } from "#tests/support/gamification-kit";
import type { DatabaseHandle } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import { createThread } from "#server/modules/forum/create-thread";
import { hidePost } from "#server/modules/forum/hide-post";
import { likePost } from "#server/modules/forum/like-post";
import { reply } from "#server/modules/forum/reply";

describe("gamification reads: side panel, leaderboard, summaries", () => {
  let database: DatabaseHandle;
  let kit: Awaited<ReturnType<typeof gamificationKit>>;
  // A Wednesday: this ISO week started on Monday 2026-05-18, this month on 2026-05-01.
  const clock = testClock(new Date("2026-05-20T10:00:00Z"));
  let admin: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  const people: Record<string, NonNullable<Actor>> = {};

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    kit = await gamificationKit(database.db, clock);
    admin = await member(database.db, clock.now(), { username: "board_admin", roles: ["Admin"] });
    mod = await member(database.db, clock.now(), { username: "board_mod", roles: ["Moderator"] });
    for (const name of ["ana", "ben", "cris", "dani", "eli", "fer"])
      people[name] = await member(database.db, clock.now(), { username: name });
    const cat = await createCategory(database.db);
    await createForum(database.db, { categoryId: cat.id, slug: "reads" });
  });
  afterAll(async () => {
    kit.stop();
    await database.close();
  });

  const at = async (iso: string, who: string, amount: number) => {
    clock.set(new Date(iso));
    await kit.game.adjustXp(admin, { userId: people[who].userId, amount, reason: "Leaderboard test" });
  };
  const board = (viewer: Actor, input: Record<string, unknown>) => kit.game.leaderboard(viewer, input);
  /** Rank, name and XP in rank order (people sharing a rank by name: their order is the id's). */
  const names = (entries: Array<{ username: string; rank: number; xp: number }>) =>
    [...entries].sort((a, b) => a.rank - b.rank || a.username.localeCompare(b.username)).map((e) => [e.rank, e.username, e.xp]);

  it("ranks all time, this month and this ISO week from the ledger's dates, with shared ranks and the viewer's place", async () => {
    await at("2026-04-28T12:00:00Z", "ana", 300); // last month
    await at("2026-05-12T12:00:00Z", "ben", 200); // last week, this month
    await at("2026-05-18T00:00:00Z", "cris", 100); // Monday 00:00: this week
    await at("2026-05-17T23:59:59Z", "dani", 40); // Sunday night: last week
    await at("2026-05-20T09:00:00Z", "dani", 60); // this week
    clock.set(new Date("2026-05-20T10:00:00Z"));
    expect(names((await board(null, {})).entries)).toEqual([
      [1, "ana", 300],
      [2, "ben", 200],
      [3, "cris", 100],
      [3, "dani", 100],
    ]);
    const month = await board(people.eli, { period: "month" });
    expect([month.startsOn, names(month.entries)]).toEqual([
      "2026-05-01",
      [
        [1, "ben", 200],
        [2, "cris", 100],
        [2, "dani", 100],
      ],
    ]);
    expect(month.me).toEqual({ rank: null, xp: 0, inTop: false });
    const week = await board(people.dani, { period: "week" });
    expect([week.startsOn, names(week.entries)]).toEqual([
      "2026-05-18",
      [
        [1, "cris", 100],
        [2, "dani", 60],
      ],
    ]);
    expect(week.me).toEqual({ rank: 2, xp: 60, inTop: true });
    expect((await board(people.ana, { period: "week" })).me).toEqual({ rank: null, xp: 0, inTop: false });
    // Anything unexpected is all time, page 1.
    expect(await board(null, { period: "year", page: "x" })).toMatchObject({ period: "all", page: 1, pageCount: 1 });
  });

  it("lists the top 5 by XP with their level, and the 3 newest unlocked achievements", async () => {
    clock.set(new Date("2026-05-20T11:00:00Z"));
    await createThread(kit.forum, people.eli, { forumSlug: "reads", title: "Eli's first thread", body: "Hello" });
    const top = await kit.game.topByXp();
    expect(top.map((m) => m.xp)).toEqual([300, 200, 100, 100, 20]);
    expect([...top].sort((a, b) => b.xp - a.xp || a.username.localeCompare(b.username)).map((m) => [m.username, m.xp, m.level])).toEqual([
      ["ana", 300, 4],
      ["ben", 200, 3],
      ["cris", 100, 2],
      ["dani", 100, 2],
      ["eli", 20, 1],
    ]);
    expect(await kit.game.topByXp(2)).toHaveLength(2);
    const recent = await kit.game.recentAchievements();
    expect(recent[0]).toEqual({
      key: "threads_1",
      nameKey: "threads_1.name",
      names: { es: null, en: null },
      icon: null,
      rarity: "Common",
      createdAt: "2026-05-20T11:00:00.000Z",
      username: "eli",
      avatarUrl: null,
    });
    expect(recent.length).toBeLessThanOrEqual(3);
  });

  it("follows hidden content: a hidden liked reply leaves the leaderboard and the side panel", async () => {
    clock.set(new Date("2026-05-20T12:00:00Z"));
    const t = await createThread(kit.forum, people.eli, { forumSlug: "reads", title: "Fer will answer", body: "Question" });
    clock.advance(60_000);
    const r = await reply(kit.forum, people.fer, { threadId: t.threadId, body: "An answer worth liking" });
    for (const who of ["ana", "ben", "cris"]) await likePost(kit.forum, people[who], { postId: r.postId });
    const fer = async () => (await board(null, { period: "week" })).entries.find((e) => e.username === "fer")?.xp ?? 0;
    expect(await fer()).toBe(5 + 3 * 2 + 5);
    expect((await kit.game.topByXp(10)).some((m) => m.username === "fer")).toBe(true);
    clock.advance(60_000);
    await hidePost(kit.forum, mod, { postId: r.postId });
    expect(await fer()).toBe(5); // the likes_received_1 reward stays
    expect((await board(null, {})).entries.find((e) => e.username === "fer")?.xp).toBe(5);
  });

  it("shows the viewer's rank outside the top 100, and pages the top 100 by 25", async () => {
    clock.set(new Date("2026-05-21T10:00:00Z"));
    for (let i = 0; i < 105; i++) {
      const p = await member(database.db, clock.now(), { username: `crowd_${i}` });
      await kit.game.adjustXp(admin, { userId: p.userId, amount: 1000 + i, reason: "Crowd" });
    }
    const first = await board(people.cris, {});
    expect(first).toMatchObject({ page: 1, pageCount: 4 });
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]).toMatchObject({ rank: 1, username: "crowd_104", level: 7 });
    // Above cris (105 XP: 100 and a likes_given_1 reward): 105 crowd members, ana and ben.
    expect(first.me).toEqual({ rank: 108, xp: 105, inTop: false });
    const last = await board(people.cris, { page: 9 });
    expect(last.page).toBe(4);
    expect(last.entries.map((e) => e.rank)).toEqual(Array.from({ length: 25 }, (_, i) => 76 + i));
    // This week, above dani's 60: the crowd and cris.
    expect((await board(people.dani, { period: "week" })).me).toEqual({ rank: 107, xp: 60, inTop: false });
  });

  it("answers not_found for an unknown person's summary, and input.invalid without an id", async () => {
    expect(await codeOf(kit.game.personSummary({ userId: "nobody" }))).toBe("not_found");
    expect(await codeOf(kit.game.personSummary({}))).toBe("input.invalid");
  });
});
