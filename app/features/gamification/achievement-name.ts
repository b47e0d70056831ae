import type { TFunction } from "i18next";
import type { Locale } from "~/i18n/config";

/** What pages know of an achievement's name: its key in the `badges` namespace, or the names an admin typed. */
export type AchievementNaming = { key?: string; nameKey: string; names?: { es: string | null; en: string | null } | null };

/**
 * An achievement's name in the page's language: the name an admin typed for that language (admin-created
 * achievements), else the translation of its name key; failing both, the other language's typed name or the key.
 */
export function achievementName(t: TFunction, locale: Locale, a: AchievementNaming): string {
  const typed = a.names?.[locale];
  if (typed) return typed;
  const other = a.names?.[locale === "es" ? "en" : "es"];
  return t(`badges:${a.nameKey}`, { defaultValue: other || a.key || a.nameKey });
}
