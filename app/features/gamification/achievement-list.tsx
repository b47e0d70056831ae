import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import type { Locale } from "#shared/locales";
import { formatDate } from "#app/i18n/format";
import type { AchievementProgress, AchievementType } from "#server/modules/gamification";
import { AchievementIcon } from "./achievement-icon";
import { achievementText } from "./achievement-name";
import { formatNumber } from "./numbers";
import { ProgressBar } from "./progress-bar";
import { RARITY_CLASSES } from "./rarity";
import { RarityBadge } from "./rarity-badge";

const TYPES: AchievementType[] = ["threads", "posts", "likes_given", "likes_received", "level"];

/** The anchor of an achievement on the progress tab (the XP history links its rewards there). */
export const achievementAnchor = (key: string) => `achievement-${key}`;

/**
 * Every achievement, grouped by what it counts (threads, replies, likes given, likes received, level) in
 * threshold order, locked or unlocked: icon, name, description, rarity (word and colour), reward, and either
 * the date it was unlocked or the progress toward it (needs the `progress`, `badges` namespaces).
 */
export function AchievementList({ achievements, locale }: { achievements: AchievementProgress[]; locale: Locale }) {
  const { t } = useTranslation("progress");
  const unlocked = achievements.filter((a) => a.unlocked).length;
  return (
    <section className="card p-6" aria-labelledby="achievements-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="achievements-heading" className="text-xl font-bold">
          {t("achievements.heading")}
        </h2>
        {achievements.length ? (
          <p className="text-sm text-muted-foreground">{t("achievements.summary", { unlocked, total: achievements.length })}</p>
        ) : null}
      </div>
      {achievements.length === 0 ? <p className="mt-3 text-muted-foreground">{t("achievements.empty")}</p> : null}
      {TYPES.map((type) => {
        const group = achievements.filter((a) => a.type === type);
        if (!group.length) return null;
        return (
          <section key={type} className="mt-6" aria-labelledby={`achievements-${type}`}>
            <h3 id={`achievements-${type}`} className="text-lg font-semibold">
              {t(`badges:type.${type}`)}
            </h3>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {group.map((a) => (
                <AchievementItem key={a.id} achievement={a} locale={locale} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

function AchievementItem({ achievement: a, locale }: { achievement: AchievementProgress; locale: Locale }) {
  const { t, i18n } = useTranslation("progress");
  const { name, description } = achievementText(a, locale, t, (key) => i18n.exists(key));
  const progressText = t("badges:progress", {
    current: formatNumber(a.progress.current, locale),
    target: formatNumber(a.progress.target, locale),
  });
  return (
    <li
      id={achievementAnchor(a.key)}
      className={`flex scroll-mt-24 gap-3 rounded-xl border p-4 ${a.unlocked ? RARITY_CLASSES[a.rarity].border : "border-border"}`}
    >
      <AchievementIcon achievementKey={a.key} icon={a.icon} rarity={a.rarity} locked={!a.unlocked} />
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{name}</span>
          <RarityBadge rarity={a.rarity} />
        </p>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        {a.unlocked && a.unlockedAt ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-positive">
            <Icon name="circle-check" size={16} />
            {t("badges:unlockedOn", { date: formatDate(a.unlockedAt, locale) })}
          </p>
        ) : (
          <div className="space-y-1">
            <p className="flex items-center justify-between gap-2 text-sm">
              <span className="inline-flex items-center gap-1.5 font-medium text-muted-foreground">
                <Icon name="lock" size={14} />
                {t("badges:locked")}
              </span>
              <span>{progressText}</span>
            </p>
            <ProgressBar
              value={a.progress.current}
              max={a.progress.target}
              label={t("achievements.progressLabel", { name })}
              valueText={progressText}
              fillClassName={RARITY_CLASSES[a.rarity].bar}
            />
          </div>
        )}
        <p className="text-sm">
          <span className="text-muted-foreground">{t("achievements.rewardLabel")}:</span>{" "}
          <span className="font-semibold">{t("badges:reward", { xp: formatNumber(a.rewardXp, locale) })}</span>
        </p>
      </div>
    </li>
  );
}
