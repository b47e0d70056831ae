import type { TFunction } from "i18next";
import type { ToastInput } from "#app/components/ui/toast";
import type { Locale } from "#shared/locales";
import type { LiveNotificationDetail } from "#server/modules/notifications";
import { achievementName } from "./achievement-name";

/** The namespaces a gamification toast speaks from (loaded on demand on pages that did not bring them). */
export const TOAST_NAMESPACES = ["levels", "badges"];

/**
 * The toast for a live notification: "Level up! You reached level 3 and earned 3 stat points." or
 * "Achievement unlocked: First thread"; nothing for other kinds or a message without what the sentence needs.
 */
export function gamificationToast(t: TFunction, locale: Locale, e: Partial<LiveNotificationDetail>): ToastInput | null {
  if (e.kind === "level_up" && typeof e.level === "number") {
    // Told once: the reply that reached the level says it too (the thread page), whichever arrives first.
    return { title: t("levels:levelUp", { level: e.level, count: e.statPoints ?? 0 }), variant: "success", once: `level-up:${e.level}` };
  }
  if (e.kind === "achievement_unlocked" && e.nameKey) {
    const name = achievementName(t, locale, {
      key: e.key ?? undefined,
      nameKey: e.nameKey,
      names: { es: e.nameEs ?? null, en: e.nameEn ?? null },
    });
    return { title: t("badges:unlockedToast", { name }), variant: "success" };
  }
  return null;
}
