import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { equipment } from "#server/db/schema";
import { ITEM_SLOTS, type ItemSlot } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CharacterDeps } from "./deps";
import { assertCan } from "./policy";

const input = z.object({ slot: z.enum(ITEM_SLOTS, { error: "errors:character.slot_invalid" }) });

/** Takes off what is worn in one slot (nothing to take off changes nothing). The avatar is drawn again. */
export async function unequipItem(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<{ slot: ItemSlot; itemId: string | null }> {
  assertCan(actor, "item.unequip");
  const { slot } = parseInput(input, raw);
  const [removed] = await deps.db
    .delete(equipment)
    .where(and(eq(equipment.userId, actor.userId), eq(equipment.slot, slot)))
    .returning({ itemId: equipment.itemId });
  if (removed) await deps.events.publish("character.loadout_changed", { userId: actor.userId, at: deps.now() });
  return { slot, itemId: removed?.itemId ?? null };
}
