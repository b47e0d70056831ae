import type { InferSelectModel } from "drizzle-orm";
import type { items } from "#server/db/schema";
import type { Storage } from "#server/platform/storage";
import { itemPictureKey } from "#server/modules/character/avatar/item-preview";

export type ItemRow = InferSelectModel<typeof items>;

/**
 * An item as the admin tab (and the inventory) show it: an uploaded drawing's address when there is one, and
 * a picture of it for lists (the upload itself, or the built-in drawing's stored preview).
 */
export type ItemView = Omit<ItemRow, "artStorageKey"> & { artUrl: string | null; previewUrl: string | null; retired: boolean };

export function toItemView(storage: Storage, row: ItemRow): ItemView {
  const { artStorageKey, ...rest } = row;
  const artUrl = artStorageKey ? storage.urlFor(artStorageKey) : null;
  const picture = itemPictureKey(row);
  return { ...rest, artUrl, previewUrl: picture ? storage.urlFor(picture) : null, retired: row.retiredAt !== null };
}
