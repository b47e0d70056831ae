import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createForum } from "#server/db/forum-factories";
import { characters, goldLedger, items, userItems, userStats, xpLedger } from "#server/db/schema";
import { codeOf, member } from "#tests/support/forum-kit";
import { NO_POSTING_LIMITS } from "#tests/support/gamification-kit";
import { testServices } from "#tests/support/services";
import type { Services } from "#server/services";
import { moveGold } from "./gold";
import { utcDay } from "./gold-listeners";

/**
 * The character, its gold and its items through the real services container: the gold listeners and the
 * trader's perk are registered by the area's start, as in production.
 */
describe("character, gold and inventory", () => {
  let ctx: Awaited<ReturnType<typeof testServices>>;
  let services: Services;
  let n = 0;
  const someone = (opts: Parameters<typeof member>[2] = {}) => member(services.db, new Date(), { username: `hero_${++n}`, ...opts });
  const give = (userId: string, amount: number) =>
    services.db.transaction((tx) => moveGold(tx, { userId, reason: "adjustment", amount, sourceId: `test-${++n}` }));
  const setProgress = (userId: string, level: number, statPoints = 0) =>
    services.db
      .insert(userStats)
      .values({ userId, level, peakLevel: level, statPoints })
      .onConflictDoUpdate({ target: userStats.userId, set: { level, peakLevel: level, statPoints } });
  const item = async (over: Partial<typeof items.$inferInsert> = {}) => {
    const id = over.id ?? `item-${++n}`;
    await services.db
      .insert(items)
      .values({ id, slot: "head", rarity: "common", nameEn: `Hat ${id}`, nameEs: `Gorro ${id}`, price: 10, ...over });
    return id;
  };
  const ledgerOf = (userId: string) =>
    services.db.select().from(goldLedger).where(eq(goldLedger.userId, userId)).orderBy(asc(goldLedger.id));
  const loadouts: string[] = [];

  beforeAll(async () => {
    ctx = await testServices();
    services = ctx.services;
    await services.settings.write("forum_posting_limits", NO_POSTING_LIMITS, "test");
    services.events.subscribe("character.loadout_changed", (e) => void loadouts.push(e.userId));
  });
  afterAll(() => ctx.close());

  it("picks a class once for free, changes it for gold, and refuses visitors and pending companies", async () => {
    const hero = await someone();
    const character = services.character;
    expect(await codeOf(character.chooseClass(null, { characterClass: "mage" }))).toBe("auth.unauthenticated");
    const company = await someone({ role: "company" });
    expect(await codeOf(character.chooseClass(company, { characterClass: "mage" }))).toBe("auth.forbidden");
    expect(await codeOf(character.changeClass(company, { characterClass: "mage" }))).toBe("auth.forbidden");
    expect(await codeOf(character.chooseClass(hero, { characterClass: "bard" }))).toBe("input.invalid");
    expect(await codeOf(character.changeClass(hero, { characterClass: "rogue" }))).toBe("character.class_required");

    expect(await character.chooseClass(hero, { characterClass: "mage" })).toEqual({ characterClass: "mage" });
    expect(loadouts).toContain(hero.userId);
    expect(await codeOf(character.chooseClass(hero, { characterClass: "rogue" }))).toBe("character.class_chosen");
    expect(await codeOf(character.changeClass(hero, { characterClass: "mage" }))).toBe("character.class_same");
    // The setting's cost (200 by default); short of it, nothing changes.
    await give(hero.userId, 150);
    expect(await codeOf(character.changeClass(hero, { characterClass: "rogue" }))).toBe("character.not_enough_gold");
    await give(hero.userId, 60);
    expect(await character.changeClass(hero, { characterClass: "rogue" })).toEqual({ characterClass: "rogue", cost: 200, gold: 10 });
    const sheet = await character.getCharacter(hero, { userId: hero.userId });
    expect(sheet).toMatchObject({ characterClass: "rogue", gold: 10, classChanges: 1, perk: { kind: "initiative", percent: 5 } });
    expect((await ledgerOf(hero.userId)).at(-1)).toMatchObject({
      reason: "class_change",
      amount: -200,
      sourceId: "change-1",
      balanceAfter: 10,
      details: { from: "mage", to: "rogue", base: -200 },
    });
  });

  it("shows a sheet to its owner and the team only, with worn items added to the stats", async () => {
    const hero = await someone();
    const other = await someone();
    const moderator = await someone({ roles: ["Moderator"] });
    await services.character.chooseClass(hero, { characterClass: "warrior" });
    const sword = await item({ slot: "main_hand", strength: 3, agility: -1 });
    await services.db.insert(userItems).values({ userId: hero.userId, itemId: sword, source: "grant" });
    await services.character.equipItem(hero, { itemId: sword });
    expect(await codeOf(services.character.getCharacter(other, { userId: hero.userId }))).toBe("auth.forbidden");
    expect(await codeOf(services.character.getCharacter(null, { userId: hero.userId }))).toBe("auth.unauthenticated");
    const sheet = await services.character.getCharacter(moderator, { userId: hero.userId });
    expect(sheet.base).toEqual({ strength: 5, intelligence: 5, agility: 5, charisma: 5 });
    expect(sheet.bonus).toEqual({ strength: 3, intelligence: 0, agility: -1, charisma: 0 });
    expect(sheet.total).toEqual({ strength: 8, intelligence: 5, agility: 4, charisma: 5 });
    expect(sheet.equipped).toHaveLength(11);
    expect(sheet.equipped.find((s) => s.slot === "main_hand")?.item?.id).toBe(sword);
    expect(sheet.perk).toEqual({ kind: "combat_power", percent: 5 });
    expect(await codeOf(services.character.getCharacter(moderator, { userId: "nobody-at-all" }))).toBe("character.member_not_found");
    const newcomer = await someone();
    expect(await services.character.getCharacter(newcomer, { userId: newcomer.userId })).toMatchObject({
      characterClass: null,
      perk: null,
      gold: 0,
      level: 1,
      statPoints: 0,
      total: { strength: 5, intelligence: 5, agility: 5, charisma: 5 },
    });
  });

  it("spends stat points on stats, never more than there are", async () => {
    const hero = await someone();
    const spend = (input: Record<string, unknown>) => services.character.spendStatPoints(hero, input);
    expect(await codeOf(services.character.spendStatPoints(null, { strength: 1 }))).toBe("auth.unauthenticated");
    expect(await codeOf(services.character.spendStatPoints(await someone({ role: "company" }), { strength: 1 }))).toBe("auth.forbidden");
    expect(await codeOf(spend({ strength: 1 }))).toBe("character.class_required");
    await services.character.chooseClass(hero, { characterClass: "trader" });
    await setProgress(hero.userId, 3, 6);
    expect(await codeOf(spend({}))).toBe("input.invalid");
    expect(await codeOf(spend({ strength: "-1" }))).toBe("input.invalid");
    expect(await codeOf(spend({ strength: "1.5" }))).toBe("input.invalid");
    expect(await codeOf(spend({ strength: 4, charisma: 3 }))).toBe("character.not_enough_stat_points");
    expect(await spend({ strength: "4", intelligence: "", charisma: "2" })).toEqual({
      spent: 6,
      statPointsLeft: 0,
      base: { strength: 9, intelligence: 5, agility: 5, charisma: 7 },
    });
    expect(await codeOf(spend({ agility: 1 }))).toBe("character.not_enough_stat_points");
    expect(await services.character.getCharacter(hero, { userId: hero.userId })).toMatchObject({ statPoints: 0, level: 3 });
  });

  it("pays gold for levels, achievements (with their items) and daily activity once each, the mage 5% more", async () => {
    const mage = await someone();
    const plain = await someone();
    await services.character.chooseClass(mage, { characterClass: "mage" });
    const at = new Date();
    for (let i = 0; i < 2; i++) {
      await services.events.publish("level.up", { userId: mage.userId, from: 1, to: 3, statPoints: 6, at });
      await services.events.publish("level.up", { userId: plain.userId, from: 1, to: 2, statPoints: 3, at });
    }
    // 2 levels × 50 = 100, +5% = 105; one level, no perk: 50.
    expect((await ledgerOf(mage.userId)).map((r) => [r.reason, r.sourceId, r.amount, r.details])).toEqual([
      ["level_up", "3", 105, { from: 1, to: 3, base: 100, steps: [{ perk: "mage", percent: 5, from: 100, to: 105 }] }],
    ]);
    expect((await ledgerOf(plain.userId)).map((r) => [r.reason, r.amount])).toEqual([["level_up", 50]]);

    const crown = await item({ id: "crown-of-first-thread", slot: "head", price: null, achievementId: "threads_1" });
    await item({ slot: "ring", price: null, achievementId: "threads_1", retiredAt: new Date() });
    const unlocked = {
      userId: plain.userId,
      achievementId: "threads_1",
      key: "threads_1",
      nameKey: "x",
      rarity: "common",
      rewardXp: 10,
      at,
    };
    await services.events.publish("achievement.unlocked", unlocked);
    await services.events.publish("achievement.unlocked", unlocked);
    expect((await ledgerOf(plain.userId)).map((r) => [r.reason, r.sourceId, r.amount])).toEqual([
      ["level_up", "2", 50],
      ["achievement", "threads_1", 25],
    ]);
    const owned = await services.db.select().from(userItems).where(eq(userItems.userId, plain.userId));
    // Every item the achievement grants (the catalogue's first-thread badge too), each once; never a retired one.
    const granted = await services.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.achievementId, "threads_1"), isNull(items.retiredAt)));
    expect(granted.map((i) => i.id)).toContain(crown);
    expect(owned.map((o) => [o.itemId, o.source, o.sourceId]).sort()).toEqual(
      granted.map((i) => [i.id, "achievement", "threads_1"]).sort(),
    );

    const activity = { threadId: "t", forumId: "f", postId: "p", authorId: plain.userId, title: "x", mentions: [], at };
    await services.events.publish("thread.created", activity);
    await services.events.publish("post.created", { ...activity, threadAuthorId: null, number: 2 });
    const tomorrow = new Date(at.getTime() + 24 * 3600_000);
    await services.events.publish("post.created", { ...activity, threadAuthorId: null, number: 3, at: tomorrow });
    const daily = (await ledgerOf(plain.userId)).filter((r) => r.reason === "daily_activity");
    expect(daily.map((r) => [r.sourceId, r.amount])).toEqual([
      [utcDay(at), 5],
      [utcDay(tomorrow), 5],
    ]);
    const [row] = await services.db.select().from(characters).where(eq(characters.userId, plain.userId));
    expect(row.gold).toBe(50 + 25 + 10);

    // The history explains each row, newest first; a member cannot read another's.
    const history = await services.character.goldHistory(mage, { userId: mage.userId });
    expect(history).toMatchObject({ page: 1, pageCount: 1, total: 1 });
    expect(history.rows[0]).toMatchObject({
      reason: "level_up",
      amount: 105,
      base: 100,
      steps: [{ perk: "mage", percent: 5 }],
      source: { kind: "level", level: 3 },
    });
    const plainHistory = await services.character.goldHistory(plain, { userId: plain.userId, page: "1" });
    expect(plainHistory.rows.map((r) => r.source.kind)).toEqual(["day", "day", "achievement", "level"]);
    expect(plainHistory.rows[2].source).toMatchObject({ kind: "achievement", key: "threads_1" });
    expect(await codeOf(services.character.goldHistory(mage, { userId: plain.userId }))).toBe("auth.forbidden");

    // Twenty rows a page, newest first.
    for (let i = 0; i < 21; i++) await give(mage.userId, 1);
    const first = await services.character.goldHistory(mage, { userId: mage.userId });
    const second = await services.character.goldHistory(mage, { userId: mage.userId, page: 2 });
    expect([first.total, first.pageCount, first.rows.length, second.rows.length]).toEqual([22, 2, 20, 2]);
    expect(second.rows.at(-1)).toMatchObject({ reason: "level_up", amount: 105 });
    expect(first.rows[0]).toMatchObject({ reason: "adjustment", balanceAfter: 126, base: null, steps: [] });
  });

  it("sells items from the available list under its rules, and equips and takes off what is owned", async () => {
    const hero = await someone();
    const buy = (itemId: string) => services.character.buyItem(hero, { itemId });
    await services.character.chooseClass(hero, { characterClass: "warrior" });
    await setProgress(hero.userId, 2);
    const cheap = await item({ slot: "head", price: 30, strength: 2 });
    const better = await item({ slot: "head", price: 40, strength: 3, agility: -1 });
    const high = await item({ slot: "chest", price: 10, levelRequired: 5 });
    const earned = await item({ slot: "badge", price: null });
    const retired = await item({ slot: "ring", price: 10, retiredAt: new Date() });
    await give(hero.userId, 60);

    expect(await codeOf(services.character.buyItem(null, { itemId: cheap }))).toBe("auth.unauthenticated");
    expect(await codeOf(services.character.buyItem(await someone({ role: "company" }), { itemId: cheap }))).toBe("auth.forbidden");
    expect(await codeOf(buy("nothing-here"))).toBe("character.item_not_found");
    expect(await codeOf(buy(""))).toBe("input.invalid");
    const tooHigh = await services.character.buyItem(hero, { itemId: high }).catch((e) => e);
    expect([tooHigh.code, tooHigh.details]).toEqual(["character.item_level_too_high", { level: 5 }]);
    expect(await codeOf(buy(earned))).toBe("character.item_not_for_sale");
    expect(await codeOf(buy(retired))).toBe("character.item_retired");

    let inventory = await services.character.listInventory(hero, { userId: hero.userId });
    const offered = (id: string) => inventory.available.find((a) => a.id === id);
    expect(offered(cheap)).toMatchObject({ price: 30, affordable: true, levelMet: true });
    expect(offered(high)).toMatchObject({ affordable: true, levelMet: false });
    expect([offered(earned), offered(retired)]).toEqual([undefined, undefined]);

    expect(await buy(cheap)).toEqual({ itemId: cheap, price: 30, gold: 30 });
    expect(await codeOf(buy(cheap))).toBe("character.item_already_owned");
    expect(await codeOf(buy(better))).toBe("character.not_enough_gold");
    await give(hero.userId, 10);
    expect(await buy(better)).toMatchObject({ gold: 0 });
    const purchases = (await ledgerOf(hero.userId)).filter((r) => r.reason === "item_purchase");
    expect(purchases.map((r) => [r.sourceId, r.amount])).toEqual([
      [cheap, -30],
      [better, -40],
    ]);

    expect(await codeOf(services.character.equipItem(hero, { itemId: earned }))).toBe("character.item_not_owned");
    expect(await codeOf(services.character.equipItem(null, { itemId: cheap }))).toBe("auth.unauthenticated");
    expect(await codeOf(services.character.unequipItem(null, { slot: "head" }))).toBe("auth.unauthenticated");
    const company = await someone({ role: "company" });
    expect(await codeOf(services.character.equipItem(company, { itemId: cheap }))).toBe("auth.forbidden");
    expect(await codeOf(services.character.unequipItem(company, { slot: "head" }))).toBe("auth.forbidden");
    loadouts.length = 0;
    expect(await services.character.equipItem(hero, { itemId: cheap })).toEqual({ itemId: cheap, slot: "head", replaced: null });
    expect(await services.character.equipItem(hero, { itemId: better })).toEqual({ itemId: better, slot: "head", replaced: cheap });
    expect(loadouts).toEqual([hero.userId, hero.userId]);
    inventory = await services.character.listInventory(hero, { userId: hero.userId });
    expect(inventory.slots.find((s) => s.slot === "head")?.item?.id).toBe(better);
    expect(inventory.owned.map((o) => [o.id, o.equipped])).toEqual([
      [cheap, false],
      [better, true],
    ]);
    expect(inventory.total).toMatchObject({ strength: 8, agility: 4 });

    // An owned item whose level is out of reach (granted) cannot be worn.
    await services.db.insert(userItems).values({ userId: hero.userId, itemId: high, source: "grant" });
    expect(await codeOf(services.character.equipItem(hero, { itemId: high }))).toBe("character.item_level_too_high");

    expect(await codeOf(services.character.unequipItem(hero, { slot: "tail" }))).toBe("input.invalid");
    expect(await services.character.unequipItem(hero, { slot: "head" })).toEqual({ slot: "head", itemId: better });
    expect(await services.character.unequipItem(hero, { slot: "head" })).toEqual({ slot: "head", itemId: null });
    expect(loadouts).toHaveLength(3);
  });

  it("gives the trader 3% more XP (at least one point) from others' activity on their threads, recorded as the trader's step", async () => {
    const db = services.db;
    const cat = await createCategory(db);
    const forum = await createForum(db, { categoryId: cat.id, slug: `perk-${++n}` });
    const trader = await someone();
    const guest = await someone();
    await services.character.chooseClass(trader, { characterClass: "trader" });
    const rows = async (userId: string, reason: string) =>
      (
        await db
          .select()
          .from(xpLedger)
          .where(and(eq(xpLedger.userId, userId)))
          .orderBy(asc(xpLedger.id))
      ).filter((r) => r.reason === reason);
    const t = await services.forum.createThread(trader, {
      forumSlug: forum.slug,
      title: "Trading post for pixel art",
      body: "Open for offers.",
    });
    // Alone in the thread: no perk.
    await services.forum.reply(trader, { threadId: t.threadId, body: "Anyone?" });
    expect((await rows(trader.userId, "post_create")).map((r) => r.amount)).toEqual([5]);
    const guestReply = await services.forum.reply(guest, { threadId: t.threadId, body: "I am interested." });
    // The guest's own XP is not the trader's business.
    expect((await rows(guest.userId, "post_create")).map((r) => r.amount)).toEqual([5]);
    await services.forum.reply(trader, { threadId: t.threadId, body: "Great, let us talk." });
    const replies = await rows(trader.userId, "post_create");
    expect(replies.at(-1)).toMatchObject({ amount: 6, details: { base: 5, modifiers: [{ modifier: "trader", from: 5, to: 6 }] } });
    // A like from someone else on a post of the trader's thread.
    const tradersFirst = replies[0].sourceId;
    await services.forum.likePost(guest, { postId: tradersFirst });
    expect((await rows(trader.userId, "like_received")).at(-1)).toMatchObject({
      amount: 3,
      details: { modifiers: [{ modifier: "trader" }] },
    });
    // The trader's like in the guest's thread earns the guest nothing extra.
    await services.forum.likePost(trader, { postId: guestReply.postId });
    expect((await rows(guest.userId, "like_received")).at(-1)).toMatchObject({ amount: 2 });
  });
});
