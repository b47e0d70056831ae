import { and, eq, inArray } from "drizzle-orm";
import { notificationPreferences, notifications } from "#server/db/schema";
import type { NotificationsDeps, NotificationType } from "./deps";
import { liveDetail, publishUnread, type LiveNotificationDetail } from "./live";

export type NewNotification = {
  userId: string;
  type: NotificationType;
  actorId: string | null;
  threadId?: string | null;
  postId?: string | null;
  data?: Record<string, unknown>;
  createdAt: Date;
};

/**
 * Writes notifications, leaving out the people who turned that type off, and never telling someone of their
 * own act. One statement to read the settings, one to insert; then each person told gets their new unread
 * count on `user:<id>` (their open pages update the bell), with a level's or achievement's data (a toast).
 */
export async function notify(deps: Pick<NotificationsDeps, "db" | "realtime" | "log">, rows: NewNotification[]): Promise<number> {
  const { db } = deps;
  const wanted = rows.filter((r) => r.userId !== r.actorId);
  if (!wanted.length) return 0;
  const off = await db
    .select({ userId: notificationPreferences.userId, type: notificationPreferences.type })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, [...new Set(wanted.map((r) => r.userId))]), eq(notificationPreferences.enabled, false)),
    );
  const muted = new Set(off.map((o) => `${o.userId}\u0000${o.type}`));
  const kept = wanted.filter((r) => !muted.has(`${r.userId}\u0000${r.type}`));
  if (!kept.length) return 0;
  await db.insert(notifications).values(
    kept.map((r) => ({
      userId: r.userId,
      type: r.type,
      actorId: r.actorId,
      threadId: r.threadId ?? null,
      postId: r.postId ?? null,
      data: r.data ?? {},
      createdAt: r.createdAt,
    })),
  );
  const details = new Map<string, LiveNotificationDetail>();
  for (const r of kept) {
    const detail = liveDetail(r.type, r.data ?? {});
    if (detail) details.set(r.userId, detail);
  }
  await publishUnread(
    deps,
    kept.map((r) => r.userId),
    "notification",
    details,
  );
  return kept.length;
}
