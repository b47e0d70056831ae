import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import { achievementIcon } from "#app/features/gamification/achievement-icon";
import { RarityBadge } from "#app/features/gamification/rarity-badge";
import { useLocalePath } from "#app/lib/use-locale";
import type { Rarity } from "#shared/gamification-limits";
import { shown, type AdminAchievement } from "./achievement-form";
import type { AchievementSort, SortDir } from "./achievement-sort";
import { formatNumber } from "#app/features/gamification/numbers";
import { TableFrame } from "#app/components/ui/table";

export type AchievementRow = AdminAchievement & { name: string };

/**
 * The achievements as a table, sortable by its column headers: each header is a link to the same page with
 * `?sort=&dir=` (so sorting works without JavaScript), the sorted column marked with aria-sort. Each row's
 * Edit link opens the edit dialog (`?edit=<id>`). On a phone the condition, the reward and the unlocks fold
 * under the name.
 */
export function AchievementsTable({
  rows,
  sort,
  dir,
  hrefWith,
}: {
  rows: AchievementRow[];
  sort: AchievementSort;
  dir: SortDir;
  hrefWith: (params: Record<string, string | null>) => string;
}) {
  const { t } = useTranslation("admin");
  const tb = useTranslation("badges").t;
  const { locale } = useLocalePath();
  const other = locale === "es" ? "en" : "es";

  const header = (col: AchievementSort, label: string, className = "") => {
    const current = sort === col;
    const next: SortDir = current && dir === "asc" ? "desc" : "asc";
    const icon = current ? (dir === "asc" ? "arrow-up" : "arrow-down") : "arrow-up-down";
    return (
      <th key={col} scope="col" className={`p-2 ${className}`} aria-sort={current ? (dir === "asc" ? "ascending" : "descending") : "none"}>
        <Link
          to={hrefWith({ sort: col === "condition" ? null : col, dir: next === "asc" ? null : "desc", edit: null })}
          preventScrollReset
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 font-semibold no-underline hover:text-primary"
        >
          {label}
          <Icon name={icon} size={14} className={current ? "text-primary" : "text-muted-foreground"} />
          <span className="sr-only">{t(next === "asc" ? "gamification.achievements.sortAsc" : "gamification.achievements.sortDesc")}</span>
        </Link>
      </th>
    );
  };

  const caption = t("gamification.achievements.tableCaption", {
    column: t(`gamification.achievements.columns.${sort}`),
    direction: t(dir === "asc" ? "gamification.achievements.ascending" : "gamification.achievements.descending"),
  });
  return (
    <TableFrame label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left">
            {header("name", t("gamification.achievements.columns.name"))}
            {header("condition", t("gamification.achievements.columns.condition"), "hidden md:table-cell")}
            {header("rarity", t("gamification.achievements.columns.rarity"))}
            {header("xp", t("gamification.achievements.columns.xp"), "hidden text-right sm:table-cell")}
            {header("earned", t("gamification.achievements.columns.earned"), "hidden text-right sm:table-cell")}
            <th scope="col" className="p-2">
              <span className="sr-only">{t("gamification.achievements.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => {
            const condition = t("gamification.achievements.conditionValue", {
              type: tb(`type.${a.type}`),
              threshold: formatNumber(a.threshold, locale),
            });
            const reward = tb("reward", { xp: formatNumber(a.rewardXp, locale) });
            const members = t("gamification.achievements.members", { count: a.unlocks, formatted: formatNumber(a.unlocks, locale) });
            return (
              <tr key={a.id} className="border-b border-border align-top last:border-0">
                <th scope="row" className="p-2 text-left font-normal">
                  <div className="flex min-w-0 gap-2">
                    <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
                      <Icon name={achievementIcon(a.key, a.icon)} size={16} />
                    </span>
                    <div className="min-w-0 break-words">
                      <p className="font-semibold">{a.name}</p>
                      <p className="text-xs text-muted-foreground" lang={other}>
                        {shown(a.nameTexts[other], a.key)}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        <code className="font-mono">{a.key}</code>
                      </p>
                      <p className="mt-1 text-xs md:hidden">{condition}</p>
                      <p className="text-xs sm:hidden">
                        {reward} · {members}
                      </p>
                    </div>
                  </div>
                </th>
                <td className="hidden p-2 md:table-cell">{condition}</td>
                <td className="p-2">
                  <RarityBadge rarity={a.rarity as Rarity} />
                </td>
                <td className="hidden p-2 text-right tabular-nums sm:table-cell">{reward}</td>
                <td className="hidden p-2 text-right tabular-nums sm:table-cell">{members}</td>
                <td className="p-2 text-right">
                  <Link
                    to={hrefWith({ edit: a.id })}
                    preventScrollReset
                    className="btn btn-outline min-h-11 px-3 py-1 text-sm"
                    aria-label={t("gamification.achievements.edit", { name: a.name })}
                  >
                    {t("gamification.achievements.editShort")}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
