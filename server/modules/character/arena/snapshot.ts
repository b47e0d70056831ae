import { eq, inArray } from "drizzle-orm";
import { characters, equipment, items, profiles, userStats } from "#server/db/schema";
import { BASE_STAT, CHARACTER_STATS, ITEM_SLOTS, type CharacterStat } from "#shared/character";
import type { Tx } from "#server/modules/character/deps";
import type { FighterSnapshot } from "./resolve-match";

const zeroStats = (): Record<CharacterStat, number> => ({ strength: 0, intelligence: 0, agility: 0, charisma: 0 });

/**
 * What each of these people brings to a match, read inside the match's transaction (after their character rows
 * are locked): class, level, own stats, and each equipped item with its bonuses, summed into the stats that
 * fight. Stored with the match, so its replay never depends on what they wear later.
 */
export async function readSnapshots(tx: Tx, userIds: readonly string[]): Promise<Map<string, FighterSnapshot>> {
  const people = await tx
    .select({
      userId: characters.userId,
      characterClass: characters.characterClass,
      strength: characters.strength,
      intelligence: characters.intelligence,
      agility: characters.agility,
      charisma: characters.charisma,
      username: profiles.username,
      level: userStats.level,
    })
    .from(characters)
    .leftJoin(profiles, eq(profiles.id, characters.userId))
    .leftJoin(userStats, eq(userStats.userId, characters.userId))
    .where(inArray(characters.userId, [...userIds]));
  const worn = await tx
    .select({
      userId: equipment.userId,
      slot: equipment.slot,
      itemId: items.id,
      nameEn: items.nameEn,
      nameEs: items.nameEs,
      rarity: items.rarity,
      strength: items.strength,
      intelligence: items.intelligence,
      agility: items.agility,
      charisma: items.charisma,
    })
    .from(equipment)
    .innerJoin(items, eq(items.id, equipment.itemId))
    .where(inArray(equipment.userId, [...userIds]));
  const out = new Map<string, FighterSnapshot>();
  for (const p of people) {
    const baseStats = zeroStats();
    for (const s of CHARACTER_STATS) baseStats[s] = p[s] ?? BASE_STAT;
    const stats = { ...baseStats };
    const mine = worn
      .filter((w) => w.userId === p.userId)
      .sort((x, y) => ITEM_SLOTS.indexOf(x.slot) - ITEM_SLOTS.indexOf(y.slot))
      .map((w) => {
        const bonus = zeroStats();
        for (const s of CHARACTER_STATS) {
          bonus[s] = w[s];
          stats[s] += w[s];
        }
        return { slot: w.slot, itemId: w.itemId, nameEn: w.nameEn, nameEs: w.nameEs, rarity: w.rarity, bonus };
      });
    out.set(p.userId, {
      userId: p.userId,
      username: p.username ?? "",
      characterClass: p.characterClass,
      level: p.level ?? 1,
      baseStats,
      stats,
      items: mine,
    });
  }
  return out;
}
