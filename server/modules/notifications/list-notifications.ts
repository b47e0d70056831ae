import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { forums, notifications, posts, profiles, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { flagField, PAGE_SIZE, parseInput, type NotificationsDeps, type NotificationType } from "./deps";
import { assertCan } from "./policy";

const listInput = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  unreadOnly: flagField.default(false).catch(false),
});
export type ListNotificationsInput = z.input<typeof listInput>;

export type NotificationView = {
  id: number;
  type: NotificationType;
  actor: { id: string; username: string; avatarUrl: string | null } | null;
  thread: { id: string; title: string; slug: string; forumSlug: string; hidden: boolean } | null;
  post: { id: string; number: number } | null;
  data: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
};

/** The notifications matching `where`, newest first, with who acted and on which thread and post. */
export async function selectNotificationViews(
  db: NotificationsDeps["db"],
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<NotificationView[]> {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actorId: profiles.id,
      actorName: profiles.username,
      actorAvatar: profiles.avatarUrl,
      threadId: threads.id,
      title: threads.title,
      slug: threads.slug,
      hidden: threads.hidden,
      forumSlug: forums.slug,
      postId: posts.id,
      number: posts.number,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.actorId))
    .leftJoin(threads, eq(threads.id, notifications.threadId))
    .leftJoin(forums, eq(forums.id, threads.forumId))
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as NotificationType,
    actor: r.actorId && r.actorName ? { id: r.actorId, username: r.actorName, avatarUrl: r.actorAvatar } : null,
    thread:
      r.threadId && r.title && r.slug && r.forumSlug
        ? { id: r.threadId, title: r.title, slug: r.slug, forumSlug: r.forumSlug, hidden: r.hidden ?? false }
        : null,
    post: r.postId && r.number ? { id: r.postId, number: r.number } : null,
    data: r.data,
    readAt: r.readAt,
    createdAt: r.createdAt,
  }));
}

/**
 * One's own notifications, newest first, 20 per page (or only the unread ones), with who acted and on which
 * thread and post, plus the unread count for the bell.
 */
export async function listNotifications(deps: Pick<NotificationsDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "notifications.read");
  const data = parseInput(listInput, input);
  const mine = eq(notifications.userId, actor.userId);
  const where = data.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine;
  const items = await selectNotificationViews(deps.db, where, { limit: PAGE_SIZE, offset: (data.page - 1) * PAGE_SIZE });
  const [totals] = await deps.db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
    .from(notifications)
    .where(where);
  const unread = data.unreadOnly ? totals.total : await unreadCount(deps, actor);
  return { items, unread, page: data.page, pageCount: Math.max(1, Math.ceil(totals.total / PAGE_SIZE)) };
}

/** The number of one's unread notifications (the bell's badge); 0 for a visitor. */
export async function unreadCount(deps: Pick<NotificationsDeps, "db">, actor: Actor): Promise<number> {
  if (!actor) return 0;
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)));
  return row.n;
}
