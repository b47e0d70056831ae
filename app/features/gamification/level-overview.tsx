import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import type { Locale } from "#shared/locales";
import type { PersonSummary } from "#server/modules/gamification";
import { levelName } from "./level-name";
import { formatNumber } from "./numbers";
import { ProgressBar } from "./progress-bar";

/**
 * A person's level, title, XP and progress to the next level, stat points and counters, each with a line that
 * says where it comes from (needs the `progress`, `levels` and `badges` namespaces).
 */
export function LevelOverview({
  summary,
  locale,
  historyHref,
}: {
  summary: Omit<PersonSummary, "achievements">;
  locale: Locale;
  historyHref: string;
}) {
  const { t } = useTranslation("progress");
  const n = (v: number) => formatNumber(v, locale);
  const title = levelName(t, summary);
  const next = summary.next;
  const counters = [
    ["threads", summary.counters.threads],
    ["posts", summary.counters.replies],
    ["likes_given", summary.counters.likesGiven],
    ["likes_received", summary.counters.likesReceived],
  ] as const;
  return (
    <section className="card space-y-5 p-6" aria-labelledby="level-heading">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="level-heading" className="text-xl font-bold">
            {t("level.heading")}
          </h2>
          <p className="mt-1 text-2xl font-black">{t("level.levelTitle", { level: summary.level, title })}</p>
        </div>
        <div className="sm:text-right">
          <p className="text-sm text-muted-foreground">{t("level.xpTotal")}</p>
          <p className="text-2xl font-black">{t("levels:xp", { xp: n(summary.xp) })}</p>
        </div>
      </div>

      <div className="space-y-2">
        {next ? (
          <>
            <ProgressBar
              value={summary.xp}
              min={summary.levelXp}
              max={next.xpRequired}
              label={t("level.progressLabel")}
              valueText={t("levels:progress", { xp: n(summary.xp), next: n(next.xpRequired), level: next.level })}
            />
            <p className="flex flex-wrap justify-between gap-2 text-sm">
              <span>{t("levels:progress", { xp: n(summary.xp), next: n(next.xpRequired), level: next.level })}</span>
              <span className="text-muted-foreground">
                {t("level.toGo", {
                  count: next.xpRequired - summary.xp,
                  xp: n(next.xpRequired - summary.xp),
                  level: next.level,
                  title: levelName(t, next),
                })}
              </span>
            </p>
          </>
        ) : (
          <>
            <ProgressBar
              value={summary.xp}
              min={summary.levelXp}
              max={summary.xp}
              label={t("level.progressLabel")}
              valueText={t("levels:maxLevel")}
            />
            <p className="text-sm">
              {t("levels:maxLevel")} <span className="text-muted-foreground">{t("level.maxHint")}</span>
            </p>
          </>
        )}
        <p className="text-sm text-muted-foreground">
          {t("level.xpHint")}{" "}
          <a href={historyHref} className="link">
            {t("level.historyLink")}
          </a>
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-border p-4">
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon name="sparkles" size={18} className="text-primary" />
            {t("level.statPoints")}
          </h3>
          <p className="mt-1 text-2xl font-black">{n(summary.statPoints)}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("level.statPointsHint")}</p>
        </div>
        <div className="rounded-xl border border-border p-4">
          <h3 className="font-semibold">{t("level.counters")}</h3>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {counters.map(([type, value]) => (
              <div key={type} className="contents">
                <dt>{t(`badges:type.${type}`)}</dt>
                <dd className="text-right font-semibold">{n(value)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-muted-foreground">{t("level.countersHint")}</p>
        </div>
      </div>
    </section>
  );
}
