import { and, asc, eq, isNotNull, isNull, notExists } from "drizzle-orm";
import { z } from "zod";
import { characters, items, userItems } from "#server/db/schema";
import { ITEM_SLOTS, type CharacterClass, type ItemSlot } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CharacterDeps } from "./deps";
import { addStats, baseStatsOf, bonusOf, equippedOf, ownedOf, progressOf, toItemView, type ItemView, type StatBlock } from "./item-view";
import { assertCan } from "./policy";

const input = z.object({ userId: z.string().min(1).max(64) });

export type OwnedItem = ItemView & { source: string; acquiredAt: string; equipped: boolean; levelMet: boolean };
export type AvailableItem = ItemView & { price: number; affordable: boolean; levelMet: boolean };

export type Inventory = {
  characterClass: CharacterClass | null;
  level: number;
  gold: number;
  base: StatBlock;
  total: StatBlock;
  /** The eleven slots in order, with what is worn (null: empty). */
  slots: { slot: ItemSlot; item: ItemView | null }[];
  owned: OwnedItem[];
  /** What can be bought with gold (SPEC §3: no shop page, items are bought here): on sale, not retired, not owned. */
  available: AvailableItem[];
};

/** One person's inventory: worn, owned, and what they can buy (their own, or anyone's for the team). */
export async function listInventory(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<Inventory> {
  const { userId } = parseInput(input, raw);
  assertCan(actor, "character.view", { userId });
  const db = deps.db;
  const [[character], progress, slots, owned, forSale] = await Promise.all([
    db.select().from(characters).where(eq(characters.userId, userId)).limit(1),
    progressOf(db, userId),
    equippedOf(db, userId),
    ownedOf(db, userId),
    db
      .select()
      .from(items)
      .where(
        and(
          isNull(items.retiredAt),
          isNotNull(items.price),
          notExists(
            db
              .select({ one: userItems.itemId })
              .from(userItems)
              .where(and(eq(userItems.userId, userId), eq(userItems.itemId, items.id))),
          ),
        ),
      )
      .orderBy(asc(items.levelRequired), asc(items.price), asc(items.sort), asc(items.id)),
  ]);
  const gold = character?.gold ?? 0;
  const worn = new Set(slots.flatMap((s) => (s.item ? [s.item.id] : [])));
  const base = baseStatsOf(character);
  return {
    characterClass: character?.characterClass ?? null,
    level: progress.level,
    gold,
    base,
    total: addStats(base, bonusOf(slots.flatMap((s) => (s.item ? [s.item] : [])))),
    slots,
    owned: owned.map(({ sort: _sort, ...item }) => ({
      ...item,
      equipped: worn.has(item.id),
      levelMet: progress.level >= item.levelRequired,
    })),
    available: forSale
      .map(toItemView)
      .map((item) => ({ ...item, price: item.price!, affordable: gold >= item.price!, levelMet: progress.level >= item.levelRequired }))
      .sort((a, b) => ITEM_SLOTS.indexOf(a.slot) - ITEM_SLOTS.indexOf(b.slot) || a.levelRequired - b.levelRequired || a.price - b.price),
  };
}
