import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { items, userItems } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "./deps";
import { lockCharacter, moveGold } from "./gold";
import { progressOf } from "./item-view";
import { assertCan } from "./policy";

export const itemInput = z.object({
  itemId: z
    .string({ error: "errors:character.item_invalid" })
    .trim()
    .min(1, "errors:character.item_invalid")
    .max(64, "errors:character.item_invalid"),
});

/**
 * Buys an item from the inventory's "available" list with gold (SPEC §3: there is no shop page). All in ONE
 * transaction, with the character row locked first (by `moveGold`'s lock, taken before any check), so
 * purchases of one person run one after the other: the level requirement, not owned yet, for sale and not
 * retired, then the price through the gold ledger ('Not enough gold!' when short; the balance never goes
 * below zero) and the item into the inventory. The price is the one read under the lock.
 */
export async function buyItem(deps: CharacterDeps, actor: Actor, raw: unknown): Promise<{ itemId: string; price: number; gold: number }> {
  assertCan(actor, "item.buy");
  const { itemId } = parseInput(itemInput, raw);
  return deps.db.transaction(async (tx) => {
    await lockCharacter(tx, actor.userId);
    const [item] = await tx.select().from(items).where(eq(items.id, itemId)).limit(1);
    if (!item) throw new DomainError("character.item_not_found");
    if (item.retiredAt) throw new DomainError("character.item_retired");
    if (item.price === null) throw new DomainError("character.item_not_for_sale");
    const { level } = await progressOf(tx, actor.userId);
    if (level < item.levelRequired) throw new DomainError("character.item_level_too_high", { level: item.levelRequired });
    const [owned] = await tx
      .select({ itemId: userItems.itemId })
      .from(userItems)
      .where(and(eq(userItems.userId, actor.userId), eq(userItems.itemId, itemId)))
      .limit(1);
    if (owned) throw new DomainError("character.item_already_owned");
    const moved = await moveGold(tx, { userId: actor.userId, reason: "item_purchase", amount: -item.price, sourceId: item.id });
    // The ledger's cause is unique: a second purchase of one item (sold and bought again cannot happen) is refused.
    if (!moved) throw new DomainError("character.item_already_owned");
    await tx.insert(userItems).values({ userId: actor.userId, itemId: item.id, source: "purchase", sourceId: String(moved.id) });
    return { itemId: item.id, price: item.price, gold: moved.balance };
  });
}
