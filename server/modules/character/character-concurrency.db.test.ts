import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters, goldLedger, items, userItems, userStats } from "#server/db/schema";
import { codeOf, member } from "#tests/support/forum-kit";
import { testServices } from "#tests/support/services";
import type { Services } from "#server/services";
import { moveGold } from "./gold";

/**
 * Gold and stat points under races, through the real services container: meaningful on PostgreSQL
 * (`--project data-pg`), where the transactions truly overlap; on PGlite they run one after the other and
 * must give the same numbers.
 */
describe("character under concurrency", () => {
  let ctx: Awaited<ReturnType<typeof testServices>>;
  let services: Services;

  beforeAll(async () => {
    ctx = await testServices();
    services = ctx.services;
  });
  afterAll(() => ctx.close());

  const ledgerSum = async (userId: string) => {
    const [row] = await services.db
      .select({
        sum: sql<number>`coalesce(sum(${goldLedger.amount}), 0)::int`,
        min: sql<number>`coalesce(min(${goldLedger.balanceAfter}), 0)::int`,
      })
      .from(goldLedger)
      .where(eq(goldLedger.userId, userId));
    return row;
  };
  const balance = async (userId: string) =>
    (await services.db.select({ gold: characters.gold }).from(characters).where(eq(characters.userId, userId)))[0]?.gold;

  it("50 purchases at once with gold for 10: exactly 10 succeed and the balance ends at zero, never below", async () => {
    const db = services.db;
    const buyer = await member(db, new Date(), { username: "race_buyer" });
    await services.character.chooseClass(buyer, { characterClass: "warrior" });
    await db.insert(items).values(
      Array.from({ length: 50 }, (_, i) => ({
        id: `race-item-${i}`,
        slot: "ring" as const,
        rarity: "common" as const,
        nameEn: `Ring ${i}`,
        nameEs: `Anillo ${i}`,
        price: 7,
      })),
    );
    await db.transaction((tx) => moveGold(tx, { userId: buyer.userId, reason: "adjustment", amount: 70, sourceId: "race-funds" }));

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => codeOf(services.character.buyItem(buyer, { itemId: `race-item-${i}` }))),
    );
    expect(results.filter((r) => r === "no error")).toHaveLength(10);
    expect(results.filter((r) => r !== "no error").every((r) => r === "character.not_enough_gold")).toBe(true);
    expect(await balance(buyer.userId)).toBe(0);
    const ledger = await ledgerSum(buyer.userId);
    expect(ledger).toEqual({ sum: 0, min: 0 });
    const owned = await db.select().from(userItems).where(eq(userItems.userId, buyer.userId));
    expect(owned).toHaveLength(10);
    const purchases = await db.select().from(goldLedger).where(eq(goldLedger.userId, buyer.userId));
    expect(
      purchases
        .filter((r) => r.reason === "item_purchase")
        .map((r) => r.sourceId)
        .sort(),
    ).toEqual(owned.map((o) => o.itemId).sort());
  });

  it("the same item bought 20 times at once is sold once", async () => {
    const db = services.db;
    const buyer = await member(db, new Date(), { username: "race_twice" });
    await db.insert(items).values({ id: "race-single", slot: "amulet", rarity: "rare", nameEn: "Amulet", nameEs: "Amuleto", price: 5 });
    await db.transaction((tx) => moveGold(tx, { userId: buyer.userId, reason: "adjustment", amount: 100, sourceId: "funds" }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => codeOf(services.character.buyItem(buyer, { itemId: "race-single" }))),
    );
    expect(results.filter((r) => r === "no error")).toHaveLength(1);
    expect(new Set(results.filter((r) => r !== "no error"))).toEqual(new Set(["character.item_already_owned"]));
    expect(await balance(buyer.userId)).toBe(95);
    expect((await ledgerSum(buyer.userId)).sum).toBe(95);
  });

  it("stat points spent at once never go below zero", async () => {
    const db = services.db;
    const spender = await member(db, new Date(), { username: "race_spender" });
    await services.character.chooseClass(spender, { characterClass: "rogue" });
    await db.insert(userStats).values({ userId: spender.userId, level: 3, peakLevel: 3, statPoints: 9 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => codeOf(services.character.spendStatPoints(spender, i % 2 ? { agility: 2 } : { strength: 2 }))),
    );
    expect(results.filter((r) => r === "no error")).toHaveLength(4);
    expect(results.filter((r) => r !== "no error").every((r) => r === "character.not_enough_stat_points")).toBe(true);
    const [stats] = await db.select().from(userStats).where(eq(userStats.userId, spender.userId));
    expect(stats.statPoints).toBe(1);
    const [row] = await db.select().from(characters).where(eq(characters.userId, spender.userId));
    expect(row.strength + row.agility).toBe(5 + 5 + 8);
  });

  it("pays an event handled twice at once only once", async () => {
    const db = services.db;
    const earner = await member(db, new Date(), { username: "race_earner" });
    const at = new Date();
    await Promise.all(
      Array.from({ length: 10 }, () => services.events.publish("level.up", { userId: earner.userId, from: 1, to: 2, statPoints: 3, at })),
    );
    const unlocked = {
      userId: earner.userId,
      achievementId: "threads_1",
      key: "threads_1",
      nameKey: "x",
      rarity: "Common",
      rewardXp: 10,
      at,
    };
    await Promise.all(Array.from({ length: 10 }, () => services.events.publish("achievement.unlocked", unlocked)));
    const activity = {
      threadId: "t",
      forumId: "f",
      postId: "p",
      authorId: earner.userId,
      threadAuthorId: null,
      number: 2,
      mentions: [],
      at,
    };
    await Promise.all(Array.from({ length: 10 }, () => services.events.publish("post.created", activity)));
    const rows = await db.select().from(goldLedger).where(eq(goldLedger.userId, earner.userId));
    expect(rows.map((r) => r.reason).sort()).toEqual(["achievement", "daily_activity", "level_up"]);
    expect(await balance(earner.userId)).toBe(50 + 25 + 5);
    expect((await ledgerSum(earner.userId)).sum).toBe(80);
  });
});
