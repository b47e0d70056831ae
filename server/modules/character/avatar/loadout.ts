import { eq } from "drizzle-orm";
import { characters, equipment, items } from "#server/db/schema";
import type { Database } from "#server/db/client";
import type { Storage } from "#server/platform/storage";
import { CHARACTER_CLASSES, ITEM_SLOTS, type CharacterClass, type ItemSlot } from "#shared/character";
import type { AvatarLoadout, LayerArt } from "./compose-avatar";

/** One equipped slot as a render stores it: the item and its art at the time of the request. */
export type StoredSlot = { itemId: string; artKey: string | null; artStorageKey: string | null };

/** What a render row keeps (`avatar_renders.loadout`): enough to draw the same avatar again. */
export type StoredLoadout = { characterClass: CharacterClass | null; slots: Partial<Record<ItemSlot, StoredSlot>> };

/** The person's loadout now: their class and what they wear, in one read of the character and one of the equipment. */
export async function readLoadout(db: Pick<Database, "select">, userId: string): Promise<StoredLoadout> {
  const [character] = await db
    .select({ characterClass: characters.characterClass })
    .from(characters)
    .where(eq(characters.userId, userId))
    .limit(1);
  const worn = await db
    .select({ slot: equipment.slot, itemId: items.id, artKey: items.artKey, artStorageKey: items.artStorageKey })
    .from(equipment)
    .innerJoin(items, eq(items.id, equipment.itemId))
    .where(eq(equipment.userId, userId));
  const slots: StoredLoadout["slots"] = {};
  for (const w of worn) slots[w.slot] = { itemId: w.itemId, artKey: w.artKey, artStorageKey: w.artStorageKey };
  return { characterClass: character?.characterClass ?? null, slots };
}

/** A stored loadout read back from JSON, keeping only known classes and slots. */
export function parseStoredLoadout(value: unknown): StoredLoadout {
  const raw = (value ?? {}) as { characterClass?: unknown; slots?: Record<string, Partial<StoredSlot>> };
  const characterClass = CHARACTER_CLASSES.includes(raw.characterClass as CharacterClass) ? (raw.characterClass as CharacterClass) : null;
  const slots: StoredLoadout["slots"] = {};
  for (const slot of ITEM_SLOTS) {
    const s = raw.slots?.[slot];
    if (s && typeof s.itemId === "string")
      slots[slot] = { itemId: s.itemId, artKey: s.artKey ?? null, artStorageKey: s.artStorageKey ?? null };
  }
  return { characterClass, slots };
}

/** Two loadouts that draw the same picture. */
export function sameLoadout(a: StoredLoadout, b: StoredLoadout): boolean {
  return JSON.stringify(parseStoredLoadout(a)) === JSON.stringify(parseStoredLoadout(b));
}

/**
 * The drawable loadout: built-in art by key, and an uploaded drawing read from storage as a PNG data URI
 * (uploads are stored as 512 × 512 PNGs, items-admin/upload-item-art.ts).
 */
export async function drawableLoadout(storage: Storage, stored: StoredLoadout): Promise<AvatarLoadout> {
  const slots: AvatarLoadout["slots"] = {};
  for (const slot of ITEM_SLOTS) {
    const s = stored.slots[slot];
    if (!s) continue;
    let art: LayerArt = { artKey: s.artKey };
    if (s.artStorageKey) {
      const file = await storage.read(s.artStorageKey);
      if (!file) throw new Error(`item art missing from storage: ${s.artStorageKey}`);
      art = { artKey: s.artKey, image: `data:image/png;base64,${Buffer.from(file.body).toString("base64")}` };
    }
    slots[slot] = art;
  }
  return { characterClass: stored.characterClass, slots };
}
