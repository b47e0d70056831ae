import { and, eq } from "drizzle-orm";
import { avatarRenders, characters, equipment, items, userStats } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { CharacterClass, ItemRarity, ItemSlot } from "#shared/character";
import { ITEM_SLOTS } from "#shared/character";
import type { CharacterDeps } from "./deps";
import { itemPictureKey } from "./avatar/item-preview";
import { assertCan } from "./policy";

export type PublicEquippedItem = {
  id: string;
  slot: ItemSlot;
  rarity: ItemRarity;
  nameEn: string;
  nameEs: string;
  artKey: string | null;
  artStorageKey: string | null;
  /** Its picture for lists, or null. */
  picture: string | null;
};

/** What a member's public profile shows of their character; null when they have not picked a class yet. */
export type PublicCharacter = {
  characterClass: CharacterClass;
  level: number;
  /** The last finished render (PNG and WebP), or null before the first one. */
  avatar: { png: string; webp: string } | null;
  equipped: PublicEquippedItem[];
};

/**
 * A member's character as anyone may see it on /u/{username}: class, level, the rendered avatar and what they
 * wear (never their gold or history). Three primary-key or indexed reads.
 */
export async function publicCharacter(
  deps: Pick<CharacterDeps, "db" | "storage">,
  actor: Actor,
  input: { userId: string },
): Promise<PublicCharacter | null> {
  assertCan(actor, "character.view_public");
  const [row] = await deps.db
    .select({
      characterClass: characters.characterClass,
      level: userStats.level,
      pngKey: avatarRenders.pngKey,
      webpKey: avatarRenders.webpKey,
    })
    .from(characters)
    .leftJoin(userStats, eq(userStats.userId, characters.userId))
    .leftJoin(avatarRenders, and(eq(avatarRenders.id, characters.renderedAvatarId), eq(avatarRenders.status, "done")))
    .where(eq(characters.userId, input.userId))
    .limit(1);
  if (!row?.characterClass) return null;
  const worn = await deps.db
    .select({
      id: items.id,
      slot: equipment.slot,
      rarity: items.rarity,
      nameEn: items.nameEn,
      nameEs: items.nameEs,
      artKey: items.artKey,
      artStorageKey: items.artStorageKey,
    })
    .from(equipment)
    .innerJoin(items, eq(items.id, equipment.itemId))
    .where(eq(equipment.userId, input.userId));
  worn.sort((a, b) => ITEM_SLOTS.indexOf(a.slot) - ITEM_SLOTS.indexOf(b.slot));
  return {
    characterClass: row.characterClass,
    level: row.level ?? 1,
    avatar: row.pngKey && row.webpKey ? { png: deps.storage.urlFor(row.pngKey), webp: deps.storage.urlFor(row.webpKey) } : null,
    equipped: worn.map((item) => {
      const key = itemPictureKey(item);
      return { ...item, picture: key ? deps.storage.urlFor(key) : null };
    }),
  };
}
