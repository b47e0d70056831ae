import { and, count, inArray, isNull } from "drizzle-orm";
import { notifications } from "#server/db/schema";
import { userChannel } from "#server/platform/realtime";
import type { NotificationsDeps, NotificationType } from "./deps";

/**
 * What a person's open pages receive: the new unread count, on a new notification or after marking read. A new
 * level or achievement also says what its toast needs (`LiveNotificationDetail`, flat like every realtime
 * message): the level reached and stat points granted, or the achievement's key, name key and typed names.
 */
export type LiveNotificationMessage = { type: "notification" | "unread"; unread: number } & Partial<LiveNotificationDetail>;
export type LiveNotificationDetail = {
  kind: Extract<NotificationType, "level_up" | "achievement_unlocked">;
  level: number | null;
  statPoints: number | null;
  key: string | null;
  nameKey: string | null;
  nameEs: string | null;
  nameEn: string | null;
};

const text = (v: unknown) => (typeof v === "string" && v ? v : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The toast's facts of a new notification, for the kinds that have one (a new level, an achievement). */
export function liveDetail(type: NotificationType, data: Record<string, unknown>): LiveNotificationDetail | null {
  if (type === "level_up")
    return { kind: type, level: num(data.level), statPoints: num(data.statPoints), key: null, nameKey: null, nameEs: null, nameEn: null };
  if (type === "achievement_unlocked") {
    const names = (data.names ?? {}) as { es?: unknown; en?: unknown };
    return {
      kind: type,
      level: null,
      statPoints: null,
      key: text(data.key),
      nameKey: text(data.nameKey),
      nameEs: text(names.es),
      nameEn: text(names.en),
    };
  }
  return null;
}

/**
 * Tells each person's open pages their unread count (one grouped count for all of them, then one small
 * message each). Live delivery is a courtesy: a failure is logged and never undoes what was written.
 */
export async function publishUnread(
  deps: Pick<NotificationsDeps, "db" | "realtime" | "log">,
  userIds: string[],
  type: LiveNotificationMessage["type"],
  details?: ReadonlyMap<string, LiveNotificationDetail>,
): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  try {
    const rows = await deps.db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    const unread = new Map(rows.map((r) => [r.userId, Number(r.n)]));
    await Promise.all(
      ids.map((id) => {
        const message: LiveNotificationMessage = { type, unread: unread.get(id) ?? 0, ...details?.get(id) };
        return deps.realtime.publish(userChannel(id), message);
      }),
    );
  } catch (err) {
    deps.log.warn("live notification count not sent", { err });
  }
}

/** The same when the count is already known (everything marked read: 0). */
export async function publishKnownUnread(deps: Pick<NotificationsDeps, "realtime">, userId: string, unread: number): Promise<void> {
  await deps.realtime.publish(userChannel(userId), { type: "unread", unread } satisfies LiveNotificationMessage);
}
