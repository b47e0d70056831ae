import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { characters } from "#server/db/schema";
import { CHARACTER_CLASSES, type CharacterClass } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "./deps";
import { lockCharacter } from "./gold";
import { assertCan } from "./policy";

export const classInput = z.object({
  characterClass: z.enum(CHARACTER_CLASSES, { error: "errors:character.class_invalid" }),
});

/**
 * The first pick of a class (SPEC §1): free, once. A character that has a class already changes it with
 * `changeClass`, which costs gold. The avatar is drawn again (`character.loadout_changed`).
 */
export async function chooseClass(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<{ characterClass: CharacterClass }> {
  assertCan(actor, "character.choose_class");
  const { characterClass } = parseInput(classInput, raw);
  await deps.db.transaction(async (tx) => {
    const character = await lockCharacter(tx, actor.userId);
    if (character.characterClass === characterClass) throw new DomainError("character.class_same");
    if (character.characterClass) throw new DomainError("character.class_chosen");
    await tx
      .update(characters)
      .set({ characterClass, updatedAt: sql`now()` })
      .where(eq(characters.userId, actor.userId));
  });
  await deps.events.publish("character.loadout_changed", { userId: actor.userId, at: deps.now() });
  return { characterClass };
}
