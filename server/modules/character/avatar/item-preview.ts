import { createHash } from "node:crypto";
import type { Storage } from "#server/platform/storage";
import type { ItemSlot } from "#shared/character";
import { ITEM_ART } from "./art/items";
import { rasteriseSvg } from "./rasterise";

/** A preview's side in pixels (a list's thumbnail, shown at 40–64 px). */
export const ITEM_PREVIEW_SIZE = 128;

/** The part of the 512-unit canvas each slot's drawing occupies, so a preview shows the item, not empty space. */
const SLOT_VIEW: Record<ItemSlot, string> = {
  head: "146 30 220 220",
  chest: "176 250 160 160",
  legs: "190 360 132 132",
  feet: "166 380 180 120",
  main_hand: "58 170 180 300",
  off_hand: "284 270 160 160",
  ring: "114 344 70 70",
  amulet: "206 256 100 100",
  frame: "0 0 512 512",
  aura: "0 0 512 512",
  badge: "368 368 120 120",
};

/** A built-in drawing alone, framed on its slot's part of the canvas. */
export function itemPreviewSvg(artKey: string, slot: ItemSlot): string {
  const draw = ITEM_ART[artKey];
  if (!draw) throw new Error(`no avatar art for key ${artKey}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ITEM_PREVIEW_SIZE}" height="${ITEM_PREVIEW_SIZE}" viewBox="${SLOT_VIEW[slot]}">${draw()}</svg>`;
}

const keys = new Map<string, string>();

/** Where a built-in drawing's preview is stored: named by its drawing's hash, so a changed drawing gets a new address. */
export function itemPreviewKey(artKey: string, slot: ItemSlot): string {
  const id = `${slot}/${artKey}`;
  let key = keys.get(id);
  if (!key) {
    const hash = createHash("sha256").update(itemPreviewSvg(artKey, slot)).digest("hex").slice(0, 12);
    key = `items/preview/${artKey}-${slot.replace("_", "-")}-${hash}.png`;
    keys.set(id, key);
  }
  return key;
}

/**
 * Stores the preview PNG of each built-in drawing for the slots it is used in, when it is not there yet (the
 * first start, a changed drawing): what the items lists show beside each name. Answers how many were drawn.
 */
export async function ensureItemPreviews(storage: Storage, used: readonly { artKey: string | null; slot: ItemSlot }[]): Promise<number> {
  let drawn = 0;
  const seen = new Set<string>();
  for (const { artKey, slot } of used) {
    if (!artKey || !ITEM_ART[artKey]) continue;
    const key = itemPreviewKey(artKey, slot);
    if (seen.has(key)) continue;
    seen.add(key);
    if (await storage.stat(key)) continue;
    const { png } = await rasteriseSvg(itemPreviewSvg(artKey, slot), ITEM_PREVIEW_SIZE);
    await storage.put(key, png, { contentType: "image/png" });
    drawn++;
  }
  return drawn;
}

/** The stored picture of an item for lists: its uploaded drawing, else its built-in drawing's preview (null: none). */
export function itemPictureKey(row: { artKey: string | null; artStorageKey: string | null; slot: ItemSlot }): string | null {
  if (row.artStorageKey) return row.artStorageKey;
  return row.artKey && Object.hasOwn(ITEM_ART, row.artKey) ? itemPreviewKey(row.artKey, row.slot) : null;
}
