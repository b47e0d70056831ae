import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "#app/lib/use-locale";
import type { ItemView } from "#server/modules/character";
import { ItemPicture, ItemRarityLabel } from "./item-picture";
import { itemName, statChanges } from "./stats";

/**
 * One item as a row: its picture, name, rarity, slot, stat bonuses and level, and on the right what can be
 * done with it (`children`). Needs the `character` namespace.
 */
export function ItemRow({
  item,
  showSlot = true,
  extra,
  children,
}: {
  item: ItemView;
  showSlot?: boolean;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation("character");
  const { locale } = useLocalePath();
  const bonus = statChanges(t, item.bonus);
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <ItemPicture item={item} />
      {/* At least 10rem for the text: on a phone the actions go below it instead of squeezing it. */}
      <div className="min-w-40 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{itemName(item, locale)}</span>
          <ItemRarityLabel rarity={item.rarity} label={t(`rarity.${item.rarity}`)} />
        </p>
        <p className="text-sm text-muted-foreground">
          {[showSlot ? t(`slots.${item.slot}`) : null, bonus || t("item.noBonus"), t("item.level", { level: item.levelRequired })]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {extra}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </li>
  );
}
