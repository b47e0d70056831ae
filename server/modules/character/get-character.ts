import { eq } from "drizzle-orm";
import { z } from "zod";
import { characters, users } from "#server/db/schema";
import { CLASS_PERKS, type CharacterClass, type ItemSlot } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "./deps";
import { addStats, baseStatsOf, bonusOf, equippedOf, progressOf, type ItemView, type StatBlock } from "./item-view";
import { assertCan } from "./policy";

const input = z.object({ userId: z.string().min(1).max(64) });

export type CharacterSheet = {
  userId: string;
  /** Null until the first pick. */
  characterClass: CharacterClass | null;
  perk: (typeof CLASS_PERKS)[CharacterClass] | null;
  /** The character's own stats (BASE_STAT plus the points spent), what worn items add, and both together. */
  base: StatBlock;
  bonus: StatBlock;
  total: StatBlock;
  gold: number;
  level: number;
  /** Unspent stat points (granted by levels). */
  statPoints: number;
  classChanges: number;
  /** What a class change costs now (the setting). */
  classChangeCost: number;
  /** All eleven slots, in order; null where nothing is worn. */
  equipped: { slot: ItemSlot; item: ItemView | null }[];
};

/** One person's character sheet (SPEC §1): their own, or anyone's for the team. */
export async function getCharacter(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<CharacterSheet> {
  const { userId } = parseInput(input, raw);
  assertCan(actor, "character.view", { userId });
  const [row] = await deps.db.select().from(characters).where(eq(characters.userId, userId)).limit(1);
  // No character yet is a member who never played (their sheet starts at the beginning), or nobody.
  if (!row) {
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new DomainError("character.member_not_found");
  }
  const [progress, equipped, settings] = await Promise.all([
    progressOf(deps.db, userId),
    equippedOf(deps.db, userId),
    deps.settings.get("character_settings"),
  ]);
  const base = baseStatsOf(row);
  const bonus = bonusOf(equipped.flatMap((e) => (e.item ? [e.item] : [])));
  const characterClass = row?.characterClass ?? null;
  return {
    userId,
    characterClass,
    perk: characterClass ? CLASS_PERKS[characterClass] : null,
    base,
    bonus,
    total: addStats(base, bonus),
    gold: row?.gold ?? 0,
    level: progress.level,
    statPoints: progress.statPoints,
    classChanges: row?.classChanges ?? 0,
    classChangeCost: settings.classChangeCost,
    equipped,
  };
}
