import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { useLocalePath } from "#app/lib/use-locale";
import { CHARACTER_STATS } from "#shared/character";
import type { MatchPlayerView } from "#server/modules/character";
import { formatPercent, formatSigned, formatWhole } from "./numbers";

/**
 * One fighter as they came to the match (their snapshot): class, level, stats with the items' bonuses, the
 * equipment, the numbers the engine fought with (the class perk named where it applies), and what the match
 * did to their rating and gold.
 */
export function MatchFighter({ player, won, rated }: { player: MatchPlayerView; won: boolean; rated: boolean }) {
  const { t } = useTranslation("arena");
  const { to, locale } = useLocalePath();
  const { snapshot, profile, outcome } = player;
  const headingId = `fighter-${player.side}`;
  return (
    <section aria-labelledby={headingId} className="card space-y-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          <Link to={to(`/u/${player.username}`)} className="link break-all">
            {player.username}
          </Link>
        </h3>
        {won ? <Badge tone="positive">{t("recent.win")}</Badge> : null}
        <span className="text-sm text-muted-foreground">
          {snapshot.characterClass ? t(`classes.${snapshot.characterClass}`) : t("match.noClass")} ·{" "}
          {t("match.level", { level: snapshot.level })}
        </span>
      </header>

      <div>
        <h4 className="text-sm font-semibold">{t("match.stats")}</h4>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {CHARACTER_STATS.map((s) => {
            const bonus = snapshot.stats[s] - snapshot.baseStats[s];
            return (
              <div key={s} className="flex justify-between gap-2">
                <dt className="text-muted-foreground">{t(`stats.${s}`)}</dt>
                <dd className="tabular-nums">
                  {bonus ? t("match.statWithBonus", { total: snapshot.stats[s], base: snapshot.baseStats[s], bonus }) : snapshot.stats[s]}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>

      <div>
        <h4 className="text-sm font-semibold">{t("match.items")}</h4>
        {snapshot.items.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t("match.noItems")}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {snapshot.items.map((item) => (
              <li key={item.slot} className="flex flex-wrap justify-between gap-2">
                <span>
                  <span className="text-muted-foreground">{t(`slots.${item.slot}`)}:</span> {locale === "es" ? item.nameEs : item.nameEn}
                </span>
                <span className="text-muted-foreground tabular-nums">
                  {CHARACTER_STATS.filter((s) => item.bonus[s])
                    .map((s) => `${t(`stats.${s}`)} ${formatSigned(item.bonus[s], locale)}`)
                    .join(", ")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h4 className="text-sm font-semibold">{t("match.combat")}</h4>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{t("match.maxHp")}</dt>
            <dd className="tabular-nums">{formatWhole(profile.maxHp, locale)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{t("match.power")}</dt>
            <dd className="tabular-nums">{formatWhole(profile.power, locale)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{t("match.initiative")}</dt>
            <dd className="tabular-nums">{formatWhole(profile.initiative, locale)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{t("match.critChance")}</dt>
            <dd className="tabular-nums">{formatPercent(profile.critChance, locale)}</dd>
          </div>
        </dl>
        {profile.perk ? (
          <p className="mt-2 text-sm font-semibold text-primary">
            {t(`match.perk.${profile.perk.kind}`, { percent: profile.perk.percent })}
          </p>
        ) : null}
      </div>

      <div>
        <h4 className="text-sm font-semibold">{t("match.changes")}</h4>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-muted-foreground">{t("match.ratingAll")}</dt>
            <dd className="tabular-nums">
              {rated
                ? `${t("match.ratingChange", { before: formatWhole(outcome.ratings.all.before, locale), after: formatWhole(outcome.ratings.all.after, locale) })} (${formatSigned(outcome.ratings.all.after - outcome.ratings.all.before, locale)})`
                : formatWhole(outcome.ratings.all.before, locale)}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-muted-foreground">{t("match.ratingSeason")}</dt>
            <dd className="tabular-nums">
              {rated
                ? `${t("match.ratingChange", { before: formatWhole(outcome.ratings.season.before, locale), after: formatWhole(outcome.ratings.season.after, locale) })} (${formatSigned(outcome.ratings.season.after - outcome.ratings.season.before, locale)})`
                : formatWhole(outcome.ratings.season.before, locale)}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-muted-foreground">{t("match.gold")}</dt>
            <dd className="tabular-nums">
              {t("match.goldChange", { count: outcome.gold, formatted: formatSigned(outcome.gold, locale) })}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
