import type { TFunction } from "i18next";
import { achievementName } from "#app/features/gamification/achievement-name";
import type { Locale } from "#shared/locales";
import type { NotificationView } from "#server/modules/notifications";

/** A notification as pages receive it (dates may arrive as strings from JSON). */
export type NotificationItem = Omit<NotificationView, "readAt" | "createdAt"> & { readAt: Date | string | null; createdAt: Date | string };

/** The sentence for a notification, in the page's language ("ana replied in Godot pathfinding"). */
export function notificationSentence(t: TFunction, n: NotificationItem, locale: Locale = "en"): string {
  const actor = n.actor?.username ?? t("notifications:someone");
  const thread = n.thread?.title ?? t("notifications:deletedThread");
  // Gamification's notifications (issue 5) name a level or an achievement (typed by an admin, or from badges).
  if (n.type === "level_up") return t("notifications:sentence.level_up", { level: Number(n.data.level) });
  if (n.type === "achievement_unlocked") {
    const name = achievementNameOf(t, locale, n.data);
    return t("notifications:sentence.achievement_unlocked", { name });
  }
  const key = n.type === "moderation" ? (n.data.kind === "thread" ? "moderation_thread" : "moderation_post") : n.type;
  return t(`notifications:sentence.${key}`, { actor, thread });
}

/** An achievement's name from a notification's data (key, name key, typed names). */
export function achievementNameOf(t: TFunction, locale: Locale, data: Record<string, unknown>): string {
  const key = String(data.key ?? "");
  if (typeof data.nameKey !== "string") return key;
  const names = data.names && typeof data.names === "object" ? (data.names as { es?: unknown; en?: unknown }) : null;
  const typed = (v: unknown) => (typeof v === "string" && v ? v : null);
  return achievementName(t, locale, { key, nameKey: data.nameKey, names: names ? { es: typed(names.es), en: typed(names.en) } : null });
}

/** A moderator's reason, for moderation notifications that carry one. */
export function moderationReason(n: NotificationItem): string | null {
  return n.type === "moderation" && typeof n.data.reason === "string" && n.data.reason ? n.data.reason : null;
}

/**
 * Where a notification leads (without the language prefix): its post (the thread page finds the post's page
 * from `?post=`), else its thread. Nothing for a thread that is gone or hidden (its author cannot open it).
 */
export function notificationTarget(n: Pick<NotificationItem, "thread" | "post">): string | null {
  if (!n.thread || n.thread.hidden) return null;
  const thread = `/community/${n.thread.forumSlug}/${n.thread.slug}`;
  return n.post && n.post.number > 1 ? `${thread}?post=${n.post.number}` : thread;
}

/** The link that opens a notification: it is marked read, then the person goes on to its target. */
export const openPath = (id: number) => `/notifications?open=${id}`;
