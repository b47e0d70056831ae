import type { CharacterClass, ItemSlot } from "#shared/character";
import { backdropArt, bodyArt } from "./art/bodies";
import { ITEM_ART } from "./art/items";

/** The canvas every layer is drawn on. */
export const AVATAR_CANVAS = 512;

/** What one slot shows: a built-in drawing by its key, or an uploaded picture (a PNG data URI, 512 × 512). */
export type LayerArt = { artKey: string | null; image?: string | null };

/** What an avatar is drawn from: the class and the item art per equipped slot. */
export type AvatarLoadout = { characterClass: CharacterClass | null; slots: Partial<Record<ItemSlot, LayerArt>> };

/**
 * The drawing order, back to front: the aura glows behind the body; then the body, clothes from the legs up,
 * the head, what the hands hold, jewellery, and the frame and badge over everything.
 */
export const LAYER_ORDER = [
  "aura",
  "body",
  "legs",
  "feet",
  "chest",
  "head",
  "main_hand",
  "off_hand",
  "ring",
  "amulet",
  "frame",
  "badge",
] as const;

/** An uploaded picture's layer: a data URI of a PNG only, so nothing else can slip into the SVG. */
const PNG_DATA_URI = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

function layerOf(art: LayerArt | undefined): string {
  if (!art) return "";
  if (art.image) {
    if (!PNG_DATA_URI.test(art.image)) throw new Error("avatar layer image must be a PNG data URI");
    return `<image x="0" y="0" width="${AVATAR_CANVAS}" height="${AVATAR_CANVAS}" href="${art.image}"/>`;
  }
  const draw = art.artKey ? ITEM_ART[art.artKey] : undefined;
  if (!draw) throw new Error(`no avatar art for key ${String(art.artKey)}`);
  return draw();
}

/**
 * Draws the avatar as one SVG (pure): the class's backdrop and body with each equipped item's layer in
 * LAYER_ORDER. `size` sets the rendered width and height (the drawing itself is always 512 units); an unknown
 * art key throws, so a render fails visibly instead of drawing a hole.
 */
export function composeAvatar(loadout: AvatarLoadout, size: number = AVATAR_CANVAS): string {
  const parts = LAYER_ORDER.map((layer) => {
    if (layer === "body") return bodyArt(loadout.characterClass);
    const art = layerOf(loadout.slots[layer]);
    return art ? `<g data-layer="${layer}">${art}</g>` : "";
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${AVATAR_CANVAS} ${AVATAR_CANVAS}">` +
    backdropArt(loadout.characterClass) +
    parts.join("") +
    `</svg>`
  );
}
