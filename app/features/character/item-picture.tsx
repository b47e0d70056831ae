import type { ItemRarity } from "#shared/character";
import { ITEM_RARITY_CLASSES } from "./rarity";

/**
 * An item's picture on the character pages: its drawing (the built-in one's stored preview, or the uploaded one)
 * framed in its rarity's colour, or a chip of that colour when it has none. Decorative: the name beside it says
 * what it is.
 */
export function ItemPicture({
  item,
  size = 40,
}: {
  item: { id: string; rarity: ItemRarity; picture?: string | null };
  size?: 32 | 40 | 48;
}) {
  const c = ITEM_RARITY_CLASSES[item.rarity] ?? ITEM_RARITY_CLASSES.common;
  const box = size === 32 ? "size-8" : size === 48 ? "size-12" : "size-10";
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-control border-2 bg-muted ${box} ${c.border}`}
    >
      {item.picture ? (
        <img src={item.picture} alt="" width={size} height={size} loading="lazy" decoding="async" className="size-full object-contain" />
      ) : (
        <span className={`block size-1/2 rotate-45 rounded-sm ${c.chip}`} />
      )}
    </span>
  );
}

/** An item's rarity as a word in its colour. */
export function ItemRarityLabel({ rarity, label }: { rarity: ItemRarity; label: string }) {
  const c = ITEM_RARITY_CLASSES[rarity] ?? ITEM_RARITY_CLASSES.common;
  return (
    <span className={`inline-flex items-center rounded-pill border px-2 py-0.5 text-xs font-semibold ${c.text} ${c.border}`}>{label}</span>
  );
}
