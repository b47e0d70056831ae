import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { characters } from "#server/db/schema";
import { CHARACTER_LIMITS, CHARACTER_STATS } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { takeStatPoints } from "#server/modules/gamification";
import { parseInput, type CharacterDeps } from "./deps";
import { lockCharacter } from "./gold";
import type { StatBlock } from "./item-view";
import { assertCan } from "./policy";

const points = z.coerce
  .number({ error: "errors:character.stat_points_invalid" })
  .int("errors:character.stat_points_invalid")
  .min(0, "errors:character.stat_points_invalid")
  .max(CHARACTER_LIMITS.statPointsPerSpend, "errors:character.stat_points_invalid");

/** A form leaves a field empty for "none": that is zero. */
const stat = z.preprocess((v) => (v === "" || v === undefined || v === null ? 0 : v), points);

export const spendInput = z
  .object({ strength: stat, intelligence: stat, agility: stat, charisma: stat })
  .refine((d) => CHARACTER_STATS.some((s) => d[s] > 0), { message: "errors:character.stat_points_none", path: ["strength"] })
  .refine((d) => CHARACTER_STATS.reduce((n, s) => n + d[s], 0) <= CHARACTER_LIMITS.statPointsPerSpend, {
    message: "errors:character.stat_points_invalid",
    path: ["strength"],
  });

/**
 * Spends unspent stat points on the four stats (SPEC §1; the page asks for confirmation first). In one
 * transaction: the character row is locked, the points are taken from gamification's count by one conditional
 * update (never below zero, whatever runs at once) and added to the stats.
 */
export async function spendStatPoints(
  deps: CharacterDeps,
  actor: Actor,
  raw: unknown,
): Promise<{ spent: number; statPointsLeft: number; base: StatBlock }> {
  assertCan(actor, "character.spend_stat_points");
  const spend = parseInput(spendInput, raw);
  const n = CHARACTER_STATS.reduce((sum, s) => sum + spend[s], 0);
  return deps.db.transaction(async (tx) => {
    const character = await lockCharacter(tx, actor.userId);
    if (!character.characterClass) throw new DomainError("character.class_required");
    const left = await takeStatPoints(tx, actor.userId, n);
    if (left === null) throw new DomainError("character.not_enough_stat_points");
    const [row] = await tx
      .update(characters)
      .set({
        strength: sql`${characters.strength} + ${spend.strength}`,
        intelligence: sql`${characters.intelligence} + ${spend.intelligence}`,
        agility: sql`${characters.agility} + ${spend.agility}`,
        charisma: sql`${characters.charisma} + ${spend.charisma}`,
        updatedAt: sql`now()`,
      })
      .where(eq(characters.userId, actor.userId))
      .returning();
    return {
      spent: n,
      statPointsLeft: left,
      base: { strength: row!.strength, intelligence: row!.intelligence, agility: row!.agility, charisma: row!.charisma },
    };
  });
}
