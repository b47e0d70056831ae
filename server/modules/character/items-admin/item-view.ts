import type { InferSelectModel } from "drizzle-orm";
import type { items } from "#server/db/schema";
import type { Storage } from "#server/platform/storage";

export type ItemRow = InferSelectModel<typeof items>;

/** An item as the admin tab (and the inventory) show it; an uploaded drawing's address when there is one. */
export type ItemView = Omit<ItemRow, "artStorageKey"> & { artUrl: string | null; retired: boolean };

export function toItemView(storage: Storage, row: ItemRow): ItemView {
  const { artStorageKey, ...rest } = row;
  return { ...rest, artUrl: artStorageKey ? storage.urlFor(artStorageKey) : null, retired: row.retiredAt !== null };
}
