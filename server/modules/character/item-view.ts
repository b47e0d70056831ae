import { and, eq, inArray } from "drizzle-orm";
import { equipment, items, userItems, userStats } from "#server/db/schema";
import { BASE_STAT, CHARACTER_STATS, ITEM_SLOTS, type CharacterStat, type ItemRarity, type ItemSlot } from "#shared/character";
import type { Database } from "#server/db/client";
import { mediaUrlFor } from "#server/platform/storage";
import { itemPictureKey } from "./avatar/item-preview";
import type { Tx } from "./deps";

export type StatBlock = Record<CharacterStat, number>;

/** An item as the character pages show it: both languages' texts (the page picks), its bonuses and rules. */
export type ItemView = {
  id: string;
  slot: ItemSlot;
  rarity: ItemRarity;
  name: { en: string; es: string };
  description: { en: string; es: string };
  bonus: StatBlock;
  levelRequired: number;
  price: number | null;
  retired: boolean;
  /** The built-in drawing's name or an uploaded one's storage key (the avatar area draws them). */
  artKey: string | null;
  artStorageKey: string | null;
  /** Its picture for lists (the uploaded drawing or the built-in one's preview), or null. */
  picture: string | null;
};

type ItemRow = typeof items.$inferSelect;

export function toItemView(row: ItemRow): ItemView {
  const pictureKey = itemPictureKey(row);
  return {
    id: row.id,
    slot: row.slot,
    rarity: row.rarity,
    name: { en: row.nameEn, es: row.nameEs },
    description: { en: row.descriptionEn, es: row.descriptionEs },
    bonus: { strength: row.strength, intelligence: row.intelligence, agility: row.agility, charisma: row.charisma },
    levelRequired: row.levelRequired,
    price: row.price,
    retired: row.retiredAt !== null,
    artKey: row.artKey,
    artStorageKey: row.artStorageKey,
    // `/media/<key>` is every storage provider's public address (decision 0034); no storage handle is needed here.
    picture: pictureKey ? mediaUrlFor(pictureKey) : null,
  };
}

export const zeroStats = (): StatBlock => ({ strength: 0, intelligence: 0, agility: 0, charisma: 0 });

/** The sum of the bonuses of what is worn. */
export function bonusOf(worn: readonly { bonus: StatBlock }[]): StatBlock {
  const sum = zeroStats();
  for (const item of worn) for (const stat of CHARACTER_STATS) sum[stat] += item.bonus[stat];
  return sum;
}

export function addStats(a: StatBlock, b: StatBlock): StatBlock {
  const sum = zeroStats();
  for (const stat of CHARACTER_STATS) sum[stat] = a[stat] + b[stat];
  return sum;
}

/** A character's own stats (BASE_STAT each before any character row exists). */
export function baseStatsOf(row: Partial<StatBlock> | undefined): StatBlock {
  const base = zeroStats();
  for (const stat of CHARACTER_STATS) base[stat] = row?.[stat] ?? BASE_STAT;
  return base;
}

type Reader = Database | Tx;

/**
 * A person's level and unspent stat points, as gamification keeps them (`user_stats`; read only here, written by
 * gamification and by its `takeStatPoints`): level 1 and no points before their first XP.
 */
export async function progressOf(db: Reader, userId: string): Promise<{ level: number; statPoints: number }> {
  const [row] = await db
    .select({ level: userStats.level, statPoints: userStats.statPoints })
    .from(userStats)
    .where(eq(userStats.userId, userId))
    .limit(1);
  return row ?? { level: 1, statPoints: 0 };
}

/** What a person wears, slot by slot in ITEM_SLOTS order (null for an empty slot). */
export async function equippedOf(db: Reader, userId: string): Promise<{ slot: ItemSlot; item: ItemView | null }[]> {
  const rows = await db
    .select({ slot: equipment.slot, item: items })
    .from(equipment)
    .innerJoin(items, eq(items.id, equipment.itemId))
    .where(eq(equipment.userId, userId));
  const bySlot = new Map(rows.map((r) => [r.slot, toItemView(r.item)]));
  return ITEM_SLOTS.map((slot) => ({ slot, item: bySlot.get(slot) ?? null }));
}

/** The items a person owns, with how they got them (in slot order, then the catalogue's order). */
export async function ownedOf(db: Reader, userId: string, onlyIds?: readonly string[]) {
  const where = onlyIds ? and(eq(userItems.userId, userId), inArray(userItems.itemId, [...onlyIds])) : eq(userItems.userId, userId);
  const rows = await db
    .select({ item: items, source: userItems.source, acquiredAt: userItems.acquiredAt })
    .from(userItems)
    .innerJoin(items, eq(items.id, userItems.itemId))
    .where(where);
  return rows
    .map((r) => ({ ...toItemView(r.item), source: r.source, acquiredAt: r.acquiredAt.toISOString(), sort: r.item.sort }))
    .sort((a, b) => ITEM_SLOTS.indexOf(a.slot) - ITEM_SLOTS.indexOf(b.slot) || a.sort - b.sort || a.id.localeCompare(b.id));
}
