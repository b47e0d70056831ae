import { serverI18n } from "#app/i18n/server";
import type { AchievementView } from "#server/modules/gamification";

export type Lang = "es" | "en";
export const LANGS: Lang[] = ["es", "en"];

/** A built-in text of the `badges` namespace in one language, or null when the key has none (typed achievements). */
export function builtInBadgeText(lng: Lang, key: string): string | null {
  const i18n = serverI18n(lng);
  return i18n.exists(key, { ns: "badges", lng }) ? i18n.getFixedT(lng, "badges")(key) : null;
}

type Texts = Record<Lang, { typed: string | null; builtIn: string | null }>;

/**
 * An achievement with its name and description in BOTH languages, typed or built in: the admin sees and edits
 * both, whatever the page's language (the client only loads the page language's `badges`).
 */
export function withBothLanguages(a: AchievementView): AchievementView & { nameTexts: Texts; descriptionTexts: Texts } {
  const texts = (typed: AchievementView["names"], key: string) =>
    Object.fromEntries(LANGS.map((lng) => [lng, { typed: typed[lng], builtIn: builtInBadgeText(lng, key) }])) as Texts;
  return { ...a, nameTexts: texts(a.names, a.nameKey), descriptionTexts: texts(a.descriptions, a.descriptionKey) };
}
