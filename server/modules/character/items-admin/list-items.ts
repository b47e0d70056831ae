import { asc } from "drizzle-orm";
import { items } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { ITEM_SLOTS } from "#shared/character";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { toItemView, type ItemView } from "./item-view";

/** Every item, retired ones included, in slot order then by their sort and name (the avatars admin tab). */
export async function listAllItems(deps: Pick<CharacterDeps, "db" | "storage">, actor: Actor): Promise<ItemView[]> {
  assertCan(actor, "item.list_all");
  const rows = await deps.db.select().from(items).orderBy(asc(items.sort), asc(items.nameEn));
  const order = new Map(ITEM_SLOTS.map((s, i) => [s, i]));
  return rows.sort((a, b) => order.get(a.slot)! - order.get(b.slot)!).map((row) => toItemView(deps.storage, row));
}
