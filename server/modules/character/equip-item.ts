import { and, eq } from "drizzle-orm";
import { equipment, items, userItems } from "#server/db/schema";
import type { ItemSlot } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { itemInput } from "./buy-item";
import { parseInput, type CharacterDeps } from "./deps";
import { lockCharacter } from "./gold";
import { progressOf } from "./item-view";
import { assertCan } from "./policy";

/**
 * Puts an owned item on (SPEC §3): it must be owned and its level requirement met (a retired item one owns can
 * still be worn); whatever was in its slot comes off. The avatar is drawn again (`character.loadout_changed`).
 */
export async function equipItem(
  deps: CharacterDeps,
  actor: Actor,
  raw: unknown,
): Promise<{ itemId: string; slot: ItemSlot; replaced: string | null }> {
  assertCan(actor, "item.equip");
  const { itemId } = parseInput(itemInput, raw);
  const result = await deps.db.transaction(async (tx) => {
    await lockCharacter(tx, actor.userId);
    const [row] = await tx
      .select({ item: items, owner: userItems.userId })
      .from(items)
      .leftJoin(userItems, and(eq(userItems.itemId, items.id), eq(userItems.userId, actor.userId)))
      .where(eq(items.id, itemId))
      .limit(1);
    if (!row) throw new DomainError("character.item_not_found");
    if (!row.owner) throw new DomainError("character.item_not_owned");
    const { level } = await progressOf(tx, actor.userId);
    if (level < row.item.levelRequired) throw new DomainError("character.item_level_too_high", { level: row.item.levelRequired });
    const slot = row.item.slot;
    const [before] = await tx
      .select({ itemId: equipment.itemId })
      .from(equipment)
      .where(and(eq(equipment.userId, actor.userId), eq(equipment.slot, slot)))
      .limit(1);
    if (before?.itemId === itemId) return { itemId, slot, replaced: null, changed: false };
    await tx
      .insert(equipment)
      .values({ userId: actor.userId, slot, itemId, equippedAt: deps.now() })
      .onConflictDoUpdate({ target: [equipment.userId, equipment.slot], set: { itemId, equippedAt: deps.now() } });
    return { itemId, slot, replaced: before?.itemId ?? null, changed: true };
  });
  if (result.changed) await deps.events.publish("character.loadout_changed", { userId: actor.userId, at: deps.now() });
  return { itemId: result.itemId, slot: result.slot, replaced: result.replaced };
}
