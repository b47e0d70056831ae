import { z } from "zod";
import { CHARACTER_LIMITS as L, ITEM_RARITIES, ITEM_SLOTS } from "#shared/character";
import { ITEM_ART } from "#server/modules/character/avatar/art/items";

/** Field rules of the items admin (its forms send strings; a checkbox sends "on" or nothing). */
const int = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);

export const itemIdField = z
  .string({ error: "errors:character.item_id_invalid" })
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "errors:character.item_id_invalid")
  .max(L.itemNameMax, "errors:character.item_id_invalid");

const bonus = int(0, L.itemStatBonusMax, "errors:character.item_bonus_range");

const fields = {
  slot: z.enum(ITEM_SLOTS, { error: "errors:character.item_slot_invalid" }),
  rarity: z.enum(ITEM_RARITIES, { error: "errors:character.item_rarity_invalid" }),
  nameEn: z
    .string({ error: "errors:character.item_name_length" })
    .trim()
    .min(1, "errors:character.item_name_length")
    .max(L.itemNameMax, "errors:character.item_name_length"),
  nameEs: z
    .string({ error: "errors:character.item_name_length" })
    .trim()
    .min(1, "errors:character.item_name_length")
    .max(L.itemNameMax, "errors:character.item_name_length"),
  descriptionEn: z.preprocess((v) => v ?? "", z.string().trim().max(L.itemDescriptionMax, "errors:character.item_description_length")),
  descriptionEs: z.preprocess((v) => v ?? "", z.string().trim().max(L.itemDescriptionMax, "errors:character.item_description_length")),
  strength: bonus,
  intelligence: bonus,
  agility: bonus,
  charisma: bonus,
  levelRequired: int(1, L.itemLevelMax, "errors:character.item_level_range"),
  /** Blank: earned only (an achievement or the arena). */
  price: z.preprocess(blankIsNull, int(1, L.itemPriceMax, "errors:character.item_price_range").nullable()),
  /** The achievement that grants it (its id), or blank for none. */
  achievementId: z.preprocess(blankIsNull, z.string().trim().max(100, "errors:character.item_achievement_unknown").nullable()),
  arenaReward: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
  /** A built-in drawing's key, or blank for none (an uploaded drawing then). */
  artKey: z.preprocess(
    blankIsNull,
    z
      .string()
      .refine((k) => Object.hasOwn(ITEM_ART, k), "errors:character.item_art_key_unknown")
      .nullable(),
  ),
};

export const createItemInput = z.object({ id: itemIdField, ...fields });
export const updateItemInput = z.object({ itemId: itemIdField, ...fields });
export type ItemFields = z.infer<typeof createItemInput>;
