import { inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { achievements, items } from "#server/db/schema";
import type { Storage } from "#server/platform/storage";
import { ensureItemPreviews } from "#server/modules/character/avatar/item-preview";
import { ITEM_CATALOGUE } from "#server/modules/character/catalogue";

/**
 * Writes the default catalogue's items that are missing (a new database, or items added to the catalogue
 * since), each linked to its achievement by key when that achievement exists. Items already there are left as
 * an admin made them. Answers how many were written.
 */
export async function ensureItemCatalogue(db: Database): Promise<number> {
  const keys = [...new Set(ITEM_CATALOGUE.map((i) => i.achievementKey).filter((k): k is string => !!k))];
  const found = keys.length
    ? await db.select({ id: achievements.id, key: achievements.key }).from(achievements).where(inArray(achievements.key, keys))
    : [];
  const idOf = new Map(found.map((a) => [a.key, a.id]));
  const rows = ITEM_CATALOGUE.map(({ achievementKey, ...item }, sort) => ({
    ...item,
    achievementId: achievementKey ? (idOf.get(achievementKey) ?? null) : null,
    sort,
  }));
  const written = await db.insert(items).values(rows).onConflictDoNothing().returning({ id: items.id });
  return written.length;
}

/** The stored previews of every item's built-in drawing (what the items lists show), drawn when missing. */
export async function ensureCatalogueArt(db: Database, storage: Storage): Promise<number> {
  const used = await db.select({ artKey: items.artKey, slot: items.slot }).from(items);
  return ensureItemPreviews(storage, used);
}
