import type { TFunction } from "i18next";
import type { Locale } from "#shared/locales";
import type { AchievementView } from "#server/modules/gamification";

type Texts = Pick<AchievementView, "key" | "nameKey" | "descriptionKey" | "names" | "descriptions">;

/** What pages know of an achievement's name: its key in the `badges` namespace, or the names an admin typed. */
export type AchievementNaming = { key?: string; nameKey: string; names?: { es: string | null; en: string | null } | null };

const other = (locale: Locale): Locale => (locale === "es" ? "en" : "es");

/**
 * An achievement's name in the page's language: the name an admin typed for that language (admin-created
 * achievements), else the translation of its name key; failing both, the other language's typed name or the key.
 */
export function achievementName(t: TFunction, locale: Locale, a: AchievementNaming): string {
  const typed = a.names?.[locale];
  if (typed) return typed;
  return t(`badges:${a.nameKey}`, { defaultValue: a.names?.[other(locale)] || a.key || a.nameKey });
}

/**
 * The name (as `achievementName`) and the description, chosen the same way. `exists` (i18next's) keeps an
 * admin's achievement without a description from asking for a translation that was never meant to be there
 * (it would be reported as missing).
 */
export function achievementText(
  a: Texts,
  locale: Locale,
  t: TFunction,
  exists: (key: string) => boolean = () => true,
): { name: string; description: string } {
  const key = `badges:${a.descriptionKey}`;
  const fallback = a.descriptions[other(locale)] || "";
  const description = a.descriptions[locale] || (exists(key) ? t(key, { defaultValue: fallback }) : fallback);
  return { name: achievementName(t, locale, a), description };
}
