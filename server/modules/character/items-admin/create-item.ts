import { items } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { assertAchievementExists } from "./achievement-check";
import { createItemInput } from "./item-input";
import { toItemView, type ItemView } from "./item-view";

/** Adds an item (Admins), audited as `character.item.create`. Its id is a slug chosen once. */
export async function createItem(deps: Pick<CharacterDeps, "db" | "storage" | "now">, actor: Actor, raw: unknown): Promise<ItemView> {
  assertCan(actor, "item.create");
  const { id, ...fields } = parseInput(createItemInput, raw);
  const row = await deps.db.transaction(async (tx) => {
    await assertAchievementExists(tx, fields.achievementId);
    const now = deps.now();
    const [created] = await tx
      .insert(items)
      .values({ id, ...fields, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new DomainError("input.invalid", { fieldErrors: { id: "errors:character.item_id_taken" } });
    await recordAudit(tx, actor, {
      action: "character.item.create",
      targetType: "item",
      targetId: id,
      targetName: created.nameEn,
      details: { slot: created.slot, rarity: created.rarity, price: created.price },
    });
    return created;
  });
  return toItemView(deps.storage, row);
}
