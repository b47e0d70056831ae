import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { DataTable } from "#app/components/ui/table";
import type { AdminItemView } from "#server/modules/character";
import { CHARACTER_STATS } from "#shared/character";

/** The items, by slot: what each gives, how it is obtained, and its edit and retire/restore controls. */
export function ItemsTable({
  items,
  achievementNames,
  editHref,
}: {
  items: AdminItemView[];
  achievementNames: Record<string, string>;
  editHref: (id: string) => string;
}) {
  const { t } = useTranslation("admin-avatars");
  return (
    <DataTable caption={t("items.caption")}>
      <thead>
        <tr>
          <th scope="col">{t("items.columns.name")}</th>
          <th scope="col">{t("items.columns.slot")}</th>
          <th scope="col">{t("items.columns.rarity")}</th>
          <th scope="col">{t("items.columns.bonuses")}</th>
          <th scope="col">{t("items.columns.level")}</th>
          <th scope="col">{t("items.columns.obtained")}</th>
          <th scope="col">{t("items.columns.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const bonuses = CHARACTER_STATS.filter((s) => item[s] > 0);
          const ways = [
            item.price !== null ? t("items.price", { price: item.price }) : null,
            item.achievementId ? t("items.achievement", { name: achievementNames[item.achievementId] ?? item.achievementId }) : null,
            item.arenaReward ? t("items.arena") : null,
          ].filter(Boolean);
          return (
            <tr key={item.id} className={item.retired ? "text-muted-foreground" : undefined}>
              <th scope="row" className="font-semibold">
                <span className="flex flex-wrap items-center gap-2">
                  {item.previewUrl ? (
                    <img
                      src={item.previewUrl}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      className="rounded border border-border bg-muted"
                    />
                  ) : null}
                  <Link to={editHref(item.id)} preventScrollReset className="link inline-block py-0.5">
                    {item.nameEn}
                  </Link>
                  {item.retired ? <Badge>{t("items.retired")}</Badge> : null}
                </span>
                <span className="block text-xs font-normal text-muted-foreground" lang="es">
                  {item.nameEs}
                </span>
                <span className="block text-xs font-normal text-muted-foreground">
                  {item.artUrl ? t("items.uploadedArt") : item.artKey ? t("items.builtInArt", { key: item.artKey }) : null}
                </span>
              </th>
              <td>{t(`slots.${item.slot}`)}</td>
              <td>{t(`rarities.${item.rarity}`)}</td>
              <td className="tabular-nums">
                {bonuses.length
                  ? bonuses.map((s) => (
                      <abbr key={s} title={t(`items.bonusNames.${s}`)} className="mr-2 no-underline">
                        {t(`items.bonus.${s}`)} +{item[s]}
                      </abbr>
                    ))
                  : t("items.noBonus")}
              </td>
              <td className="tabular-nums">{item.levelRequired}</td>
              <td>{ways.join(" · ")}</td>
              <td>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={editHref(item.id)}
                    preventScrollReset
                    className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                    aria-label={t("items.editNamed", { name: item.nameEn })}
                  >
                    {t("items.edit")}
                  </Link>
                  <ConfirmAction
                    label={item.retired ? t("items.restore") : t("items.retire")}
                    question={
                      item.retired ? t("items.restoreQuestion", { name: item.nameEn }) : t("items.retireQuestion", { name: item.nameEn })
                    }
                    confirmLabel={item.retired ? t("items.restoreConfirm") : t("items.retireConfirm")}
                    tone={item.retired ? "primary" : "danger"}
                    intent="retire-item"
                    fields={{ itemId: item.id, retired: item.retired ? "false" : "true", name: item.nameEn }}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
