import { eq } from "drizzle-orm";
import { items } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { assertAchievementExists } from "./achievement-check";
import { updateItemInput } from "./item-input";
import { toItemView, type ItemView } from "./item-view";

/**
 * Changes an item (Admins), audited as `character.item.update` with the fields that changed. Owners keep it;
 * renders already made keep the drawing they were made with, the next ones use the new one.
 */
export async function updateItem(deps: Pick<CharacterDeps, "db" | "storage" | "now">, actor: Actor, raw: unknown): Promise<ItemView> {
  assertCan(actor, "item.update");
  const { itemId, ...fields } = parseInput(updateItemInput, raw);
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(items).where(eq(items.id, itemId)).for("update");
    if (!before) throw new DomainError("character.item_not_found");
    await assertAchievementExists(tx, fields.achievementId);
    const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => before[k as keyof typeof before] !== v)) as Partial<
      typeof fields
    >;
    if (Object.keys(changed).length === 0) return before;
    const [after] = await tx
      .update(items)
      .set({ ...changed, updatedAt: deps.now() })
      .where(eq(items.id, itemId))
      .returning();
    await recordAudit(tx, actor, {
      action: "character.item.update",
      targetType: "item",
      targetId: itemId,
      targetName: after!.nameEn,
      details: { fields: Object.keys(changed) },
    });
    return after!;
  });
  return toItemView(deps.storage, row);
}
