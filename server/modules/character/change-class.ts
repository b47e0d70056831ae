import { eq, sql } from "drizzle-orm";
import { characters } from "#server/db/schema";
import type { CharacterClass } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { classInput } from "./choose-class";
import { parseInput, type CharacterDeps } from "./deps";
import { lockCharacter, moveGold } from "./gold";
import { assertCan } from "./policy";

/**
 * Changes a character's class after the first pick (SPEC §1): costs `character_settings.classChangeCost` gold,
 * taken through the gold ledger in the same transaction ('Not enough gold!' when short). Each change is its
 * own ledger cause (`change-<n>`), so a change can never be charged twice. The avatar is drawn again.
 */
export async function changeClass(
  deps: CharacterDeps,
  actor: Actor,
  raw: unknown,
): Promise<{ characterClass: CharacterClass; cost: number; gold: number }> {
  assertCan(actor, "character.change_class");
  const { characterClass } = parseInput(classInput, raw);
  const { classChangeCost } = await deps.settings.get("character_settings");
  const gold = await deps.db.transaction(async (tx) => {
    const character = await lockCharacter(tx, actor.userId);
    if (!character.characterClass) throw new DomainError("character.class_required");
    if (character.characterClass === characterClass) throw new DomainError("character.class_same");
    const change = character.classChanges + 1;
    const moved = await moveGold(tx, {
      userId: actor.userId,
      reason: "class_change",
      amount: -classChangeCost,
      sourceId: `change-${change}`,
      details: { from: character.characterClass, to: characterClass },
    });
    await tx
      .update(characters)
      .set({ characterClass, classChanges: change, updatedAt: sql`now()` })
      .where(eq(characters.userId, actor.userId));
    return moved?.balance ?? character.gold;
  });
  await deps.events.publish("character.loadout_changed", { userId: actor.userId, at: deps.now() });
  return { characterClass, cost: classChangeCost, gold };
}
