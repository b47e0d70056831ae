import type { TFunction } from "i18next";
import { achievementName } from "#app/features/gamification/achievement-name";
import type { Locale } from "#shared/locales";
import type { NotificationView } from "#server/modules/notifications";
import { forumPath, postLinkPath } from "#shared/forum-paths";

/** A notification as pages receive it (dates may arrive as strings from JSON). */
export type NotificationItem = Omit<NotificationView, "readAt" | "createdAt"> & { readAt: Date | string | null; createdAt: Date | string };

/** The sentence for a notification, in the page's language ("ana replied in Godot pathfinding"). */
export function notificationSentence(t: TFunction, n: NotificationItem, locale: Locale = "en"): string {
  const actor = n.actor?.username ?? t("notifications:someone");
  const thread = n.thread?.title ?? t("notifications:deletedThread");
  // Gamification's notifications name a level or an achievement (typed by an admin, or from badges).
  if (n.type === "level_up") return t("notifications:sentence.level_up", { level: Number(n.data.level) });
  if (n.type === "achievement_unlocked") {
    const name = achievementNameOf(t, locale, n.data);
    return t("notifications:sentence.achievement_unlocked", { name });
  }
  // Creator key campaigns: a company's decision on one's key request, by the game's name.
  if (n.type === "campaign_decided")
    return t(`notifications:sentence.${n.data.status === "approved" ? "campaign_approved" : "campaign_rejected"}`, {
      game: String(n.data.gameName ?? ""),
    });
  // Episode rooms: what happened in the room, by its title.
  if (n.type === "episode_room")
    return t(`notifications:sentence.episode_room.${String(n.data.kind ?? "chat")}`, {
      title: String(n.data.title ?? ""),
      status: t(`notifications:episodeStatus.${String(n.data.status ?? "preparing")}`),
    });
  const key = n.type === "moderation" ? moderationKey(n.data) : n.type;
  return t(`notifications:sentence.${key}`, { actor, thread });
}

/** A moderation notification: its content was hidden, or its thread's accepted answer went (hidden or deleted). */
function moderationKey(data: Record<string, unknown>): string {
  if (data.action === "answer_hidden" || data.action === "answer_deleted") return `moderation_${data.action}`;
  return data.kind === "thread" ? "moderation_thread" : "moderation_post";
}

/** An achievement's name from a notification's data (key, name key, typed names). */
export function achievementNameOf(t: TFunction, locale: Locale, data: Record<string, unknown>): string {
  const key = String(data.key ?? "");
  if (typeof data.nameKey !== "string") return key;
  const names = data.names && typeof data.names === "object" ? (data.names as { es?: unknown; en?: unknown }) : null;
  const typed = (v: unknown) => (typeof v === "string" && v ? v : null);
  return achievementName(t, locale, { key, nameKey: data.nameKey, names: names ? { es: typed(names.es), en: typed(names.en) } : null });
}

/** A moderator's reason, for moderation notifications that carry one; a company's, for a rejected key request. */
export function moderationReason(n: NotificationItem): string | null {
  const carries = n.type === "moderation" || (n.type === "campaign_decided" && n.data.status === "rejected");
  return carries && typeof n.data.reason === "string" && n.data.reason ? n.data.reason : null;
}

/**
 * Where a notification leads (without the language prefix); every notification leads somewhere.
 * Gamification's: the person's progress (a new level) or its achievements. The forum's: their post
 * (the thread page finds the post's page from `?post=`), else their thread; when the thread is hidden (its
 * author cannot open it) a moderation notice leads to the thread's forum; when it is gone, to who acted, else
 * to the community.
 */
export function notificationTarget(n: Pick<NotificationItem, "type" | "thread" | "post" | "actor" | "data">): string {
  if (n.type === "level_up") return "/account/progress";
  if (n.type === "achievement_unlocked") return "/account/progress#achievements-heading";
  if (n.type === "campaign_decided") return "/my-keys";
  if (n.type === "episode_room") return `/episode-panel/${String(n.data.roomId ?? "")}`;
  if (n.thread && !n.thread.hidden) {
    return postLinkPath(n.thread.forumSlug, n.thread.slug, n.post?.number);
  }
  if (n.thread && n.type === "moderation") return forumPath(n.thread.forumSlug);
  if (n.actor && n.type !== "moderation") return `/u/${n.actor.username}`;
  return "/community";
}

/** The system notifications' pictures: an icon that says what happened. */
export type NotificationIcon = "level" | "achievement" | "moderation" | "community" | "campaign" | "episode";

/**
 * A notification's picture: the avatar of who acted (a reply, a mention, a like…), or an icon for what the
 * site itself tells: a new level, an unlocked achievement (its own icon, by its key), a moderation action
 * (the site team's, whoever of them acted); the forum's icon when who acted has left. Never a blank "?".
 */
export type NotificationPicture =
  | { kind: "avatar"; userId: string; username: string; avatarUrl: string | null }
  | { kind: "icon"; icon: NotificationIcon; achievementKey?: string };

export function notificationPicture(n: Pick<NotificationItem, "type" | "actor" | "data">): NotificationPicture {
  if (n.type === "level_up") return { kind: "icon", icon: "level" };
  if (n.type === "achievement_unlocked") return { kind: "icon", icon: "achievement", achievementKey: String(n.data.key ?? "") };
  if (n.type === "moderation") return { kind: "icon", icon: "moderation" };
  if (n.type === "campaign_decided") return { kind: "icon", icon: "campaign" };
  if (n.type === "episode_room") return { kind: "icon", icon: "episode" };
  // Who acted has left the site: the forum's icon.
  if (!n.actor) return { kind: "icon", icon: "community" };
  return { kind: "avatar", userId: n.actor.id, username: n.actor.username, avatarUrl: n.actor.avatarUrl };
}

/** The link that opens a notification: it is marked read, then the person goes on to its target. */
export const openPath = (id: number) => `/notifications?open=${id}`;
