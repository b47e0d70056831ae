/** Where a character's items come from now that the shop is closed, in the order the page lists them. */
export const ITEM_SOURCES = ["achievements", "arena", "inventory"] as const;

export type ShopStatus = { open: false; itemSources: readonly (typeof ITEM_SOURCES)[number][] };

/** The shop is removed (SPEC §1): items are earned or bought with gold from the inventory, never from a shop. */
export function shopStatus(): ShopStatus {
  return { open: false, itemSources: ITEM_SOURCES };
}
