import type { InferSelectModel } from "drizzle-orm";
import type { items } from "#server/db/schema";
import type { Storage } from "#server/platform/storage";
import { ITEM_ART } from "#server/modules/character/avatar/art/items";
import { itemPreviewKey } from "#server/modules/character/avatar/item-preview";

export type ItemRow = InferSelectModel<typeof items>;

/**
 * An item as the admin tab (and the inventory) show it: an uploaded drawing's address when there is one, and
 * a picture of it for lists (the upload itself, or the built-in drawing's stored preview).
 */
export type ItemView = Omit<ItemRow, "artStorageKey"> & { artUrl: string | null; previewUrl: string | null; retired: boolean };

export function toItemView(storage: Storage, row: ItemRow): ItemView {
  const { artStorageKey, ...rest } = row;
  const artUrl = artStorageKey ? storage.urlFor(artStorageKey) : null;
  const builtIn = row.artKey && Object.hasOwn(ITEM_ART, row.artKey) ? storage.urlFor(itemPreviewKey(row.artKey, row.slot)) : null;
  return { ...rest, artUrl, previewUrl: artUrl ?? builtIn, retired: row.retiredAt !== null };
}
