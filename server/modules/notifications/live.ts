import { and, count, inArray, isNull } from "drizzle-orm";
import { notifications } from "../../db/schema";
import { userChannel } from "../../platform/realtime";
import type { NotificationsDeps } from "./deps";

/** What a person's open pages receive: the new unread count, on a new notification or after marking read. */
export type LiveNotificationMessage = { type: "notification" | "unread"; unread: number };

/**
 * Tells each person's open pages their unread count (one grouped count for all of them, then one small
 * message each). Live delivery is a courtesy: a failure is logged and never undoes what was written.
 */
export async function publishUnread(deps: Pick<NotificationsDeps, "db" | "realtime" | "log">, userIds: string[], type: LiveNotificationMessage["type"]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  try {
    const rows = await deps.db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    const unread = new Map(rows.map((r) => [r.userId, Number(r.n)]));
    await Promise.all(ids.map((id) => deps.realtime.publish(userChannel(id), { type, unread: unread.get(id) ?? 0 } satisfies LiveNotificationMessage)));
  } catch (err) {
    deps.log.warn("live notification count not sent", { err });
  }
}

/** The same when the count is already known (everything marked read: 0). */
export async function publishKnownUnread(deps: Pick<NotificationsDeps, "realtime">, userId: string, unread: number): Promise<void> {
  await deps.realtime.publish(userChannel(userId), { type: "unread", unread } satisfies LiveNotificationMessage);
}
