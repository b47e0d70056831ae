import type { TFunction } from "i18next";
import { CHARACTER_STATS } from "#shared/character";
import type { Locale } from "#shared/locales";
import type { ItemView, StatBlock } from "#server/modules/character";

/** An item's name in the page's language (the other language's when it has none). */
export const itemName = (item: Pick<ItemView, "name">, locale: Locale) => item.name[locale] || item.name[locale === "es" ? "en" : "es"];

/** What wearing `next` instead of `current` does to each stat (a slot holds one item). */
export function statDelta(next: Pick<ItemView, "bonus">, current: Pick<ItemView, "bonus"> | null): StatBlock {
  const out = { strength: 0, intelligence: 0, agility: 0, charisma: 0 };
  for (const s of CHARACTER_STATS) out[s] = next.bonus[s] - (current?.bonus[s] ?? 0);
  return out;
}

/** "+3 strength, −1 agility" (needs the `character` namespace); empty when nothing changes. */
export function statChanges(t: TFunction, block: StatBlock): string {
  return CHARACTER_STATS.filter((s) => block[s] !== 0)
    .map((s) =>
      t("character:item.bonus", {
        sign: block[s] > 0 ? "+" : "−",
        amount: Math.abs(block[s]),
        stat: t(`character:stats.${s}`).toLowerCase(),
      }),
    )
    .join(", ");
}
