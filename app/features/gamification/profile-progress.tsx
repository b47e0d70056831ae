import { useTranslation } from "react-i18next";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";
import type { AchievementProgress, PersonSummary } from "#server/modules/gamification";
import type { PublicProfile } from "#server/modules/accounts";
import { AchievementIcon } from "./achievement-icon";
import { achievementName } from "./achievement-name";
import { levelName } from "./level-name";
import { formatNumber } from "./numbers";
import { RarityBadge } from "./rarity-badge";

/** What the public profile's loader sends for this section: the level and the unlocked achievements only. */
export type ProfileProgressData = Pick<PersonSummary, "level" | "titleKey" | "titleRank" | "xp"> & {
  achievements: Pick<
    AchievementProgress,
    "id" | "key" | "nameKey" | "descriptionKey" | "names" | "descriptions" | "icon" | "rarity" | "unlockedAt"
  >[];
};

/** The section's data from a person's summary: never the locked achievements (they are one's own business). */
export function profileProgressData(summary: PersonSummary): ProfileProgressData {
  return {
    level: summary.level,
    titleKey: summary.titleKey,
    titleRank: summary.titleRank,
    xp: summary.xp,
    // Only what the section shows: a counter (likes given…) stays the person's own business.
    achievements: summary.achievements
      .filter((a) => a.unlocked)
      .sort((a, b) => (b.unlockedAt ?? "").localeCompare(a.unlockedAt ?? ""))
      .map(({ id, key, nameKey, descriptionKey, names, descriptions, icon, rarity, unlockedAt }) => ({
        id,
        key,
        nameKey,
        descriptionKey,
        names,
        descriptions,
        icon,
        rarity,
        unlockedAt,
      })),
  };
}

/**
 * SPEC §2 /u/{username}: the person's level with its title and XP, and the achievements they unlocked (icon,
 * name, rarity, date), newest first; a sentence when there are none. Needs `progress`, `levels`, `badges`.
 */
export function ProfileProgress({ profile, data }: { profile: PublicProfile; data: unknown }) {
  const { t } = useTranslation("progress");
  const { locale } = useLocalePath();
  if (!data) return null;
  const d = data as ProfileProgressData;
  return (
    <section className="card p-6" aria-labelledby="profile-progress">
      <h2 id="profile-progress" className="text-xl font-bold">
        {t("profile.heading")}
      </h2>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-lg font-black">{t("level.levelTitle", { level: d.level, title: levelName(t, d) })}</span>
        <span className="text-muted-foreground">{t("profile.xp", { xp: formatNumber(d.xp, locale) })}</span>
      </p>
      <h3 className="mt-5 font-semibold">{t("profile.achievements")}</h3>
      {d.achievements.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{t("profile.none", { username: profile.username })}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {d.achievements.map((a) => (
            <li key={a.id} className="flex items-center gap-3 rounded-xl border border-border p-3">
              <AchievementIcon achievementKey={a.key} icon={a.icon} rarity={a.rarity} size={18} />
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{achievementName(t, locale, a)}</span>
                  <RarityBadge rarity={a.rarity} />
                </p>
                {a.unlockedAt ? (
                  <p className="text-sm text-muted-foreground">{t("badges:unlockedOn", { date: formatDate(a.unlockedAt, locale) })}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
