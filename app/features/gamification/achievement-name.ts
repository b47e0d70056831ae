import type { TFunction } from "i18next";
import type { Locale } from "~/i18n/config";
import type { AchievementView } from "../../../server/modules/gamification";

type Texts = Pick<AchievementView, "key" | "nameKey" | "descriptionKey" | "names" | "descriptions">;

const other = (locale: Locale): Locale => (locale === "es" ? "en" : "es");

/**
 * An achievement's name and description in the page's language: the text an admin typed for that language
 * when there is one, else the `badges` translation of its key, else what was typed in the other language
 * (an achievement added in the admin has typed names and no translation keys), else its key / nothing.
 */
export function achievementText(a: Texts, locale: Locale, t: TFunction): { name: string; description: string } {
  const name = a.names[locale] || t(`badges:${a.nameKey}`, { defaultValue: a.names[other(locale)] || a.key });
  const description = a.descriptions[locale] || t(`badges:${a.descriptionKey}`, { defaultValue: a.descriptions[other(locale)] || "" });
  return { name, description };
}
