import { eq } from "drizzle-orm";
import { z } from "zod";
import { items } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { itemIdField } from "./item-input";
import { toItemView, type ItemView } from "./item-view";

const input = z.object({ itemId: itemIdField, retired: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()) });

/**
 * Retires an item (no longer offered, bought or granted; those who own it keep it and may wear it) or brings it
 * back (Admins), audited as `character.item.retire` / `character.item.restore`. No change when it already is.
 */
export async function retireItem(deps: Pick<CharacterDeps, "db" | "storage" | "now">, actor: Actor, raw: unknown): Promise<ItemView> {
  assertCan(actor, "item.retire");
  const { itemId, retired } = parseInput(input, raw);
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(items).where(eq(items.id, itemId)).for("update");
    if (!before) throw new DomainError("character.item_not_found");
    if ((before.retiredAt !== null) === retired) return before;
    const now = deps.now();
    const [after] = await tx
      .update(items)
      .set({ retiredAt: retired ? now : null, updatedAt: now })
      .where(eq(items.id, itemId))
      .returning();
    await recordAudit(tx, actor, {
      action: retired ? "character.item.retire" : "character.item.restore",
      targetType: "item",
      targetId: itemId,
      targetName: before.nameEn,
    });
    return after!;
  });
  return toItemView(deps.storage, row);
}
