import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { notifications, profiles, threadFollows, threads, userFollows } from "#server/db/schema";
import type { DomainEvents } from "#server/platform/events";
import type { NotificationsDeps } from "./deps";
import { notify, type NewNotification } from "./notify";
import { subscribeGamificationNotifications } from "./gamification";

/** The ids of the mentioned usernames (lower case, as the renderer gives them). */
async function mentionedIds(db: NotificationsDeps["db"], usernames: string[]): Promise<string[]> {
  if (!usernames.length) return [];
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      inArray(
        sql`lower(${profiles.username})`,
        usernames.map((u) => u.toLowerCase()),
      ),
    );
  return rows.map((r) => r.id);
}

async function threadHidden(db: NotificationsDeps["db"], threadId: string): Promise<boolean> {
  const [t] = await db.select({ hidden: threads.hidden }).from(threads).where(eq(threads.id, threadId)).limit(1);
  return !t || t.hidden;
}

/**
 * The notifications area listens to the forum's events (ARCHITECTURE: effects across areas go through
 * events) and writes one row per person told:
 * - thread.created: the author's followers (`new_thread`), the people mentioned (`mention`);
 * - post.created: the thread's followers except the author (`reply`), the people mentioned (`mention`, which
 *   takes the place of `reply` for a follower who is also mentioned);
 * - like.given: the post's author (`like`), once per liker and post even if they unlike and like again;
 * - answer.accepted: the answer's author (`answer_accepted`);
 * - content.hidden: the content's author (`moderation`, with the reason);
 * - answer.withdrawn: the thread's author, when its accepted answer is hidden or deleted by someone else and the
 *   thread is no longer resolved (`moderation`, action `answer_hidden` or `answer_deleted`).
 * Nothing is sent about a hidden thread (its readers could not open it). Returns a function that unsubscribes.
 */
export function registerNotificationListeners(deps: NotificationsDeps): () => void {
  const { db, events } = deps;
  const handlers = {
    "thread.created": async (e: DomainEvents["thread.created"]) => {
      if (await threadHidden(db, e.threadId)) return;
      const followers = await db.select({ id: userFollows.followerId }).from(userFollows).where(eq(userFollows.followedId, e.authorId));
      const mentioned = new Set(await mentionedIds(db, e.mentions));
      const rows: NewNotification[] = [
        ...[...mentioned].map((userId) => ({
          userId,
          type: "mention" as const,
          actorId: e.authorId,
          threadId: e.threadId,
          postId: e.postId,
          createdAt: e.at,
        })),
        ...followers
          .filter((f) => !mentioned.has(f.id))
          .map((f) => ({
            userId: f.id,
            type: "new_thread" as const,
            actorId: e.authorId,
            threadId: e.threadId,
            postId: e.postId,
            createdAt: e.at,
          })),
      ];
      await notify(deps, rows);
    },
    "post.created": async (e: DomainEvents["post.created"]) => {
      if (await threadHidden(db, e.threadId)) return;
      const followers = await db
        .select({ id: threadFollows.userId })
        .from(threadFollows)
        .where(and(eq(threadFollows.threadId, e.threadId), ne(threadFollows.userId, e.authorId)));
      const mentioned = new Set(await mentionedIds(db, e.mentions));
      const rows: NewNotification[] = [
        ...[...mentioned].map((userId) => ({
          userId,
          type: "mention" as const,
          actorId: e.authorId,
          threadId: e.threadId,
          postId: e.postId,
          data: { number: e.number },
          createdAt: e.at,
        })),
        ...followers
          .filter((f) => !mentioned.has(f.id))
          .map((f) => ({
            userId: f.id,
            type: "reply" as const,
            actorId: e.authorId,
            threadId: e.threadId,
            postId: e.postId,
            data: { number: e.number },
            createdAt: e.at,
          })),
      ];
      await notify(deps, rows);
    },
    "like.given": async (e: DomainEvents["like.given"]) => {
      if (!e.postAuthorId || e.postAuthorId === e.userId) return;
      const [seen] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, e.postAuthorId),
            eq(notifications.type, "like"),
            eq(notifications.postId, e.postId),
            eq(notifications.actorId, e.userId),
          ),
        )
        .limit(1);
      if (seen) return;
      await notify(deps, [
        { userId: e.postAuthorId, type: "like", actorId: e.userId, threadId: e.threadId, postId: e.postId, createdAt: e.at },
      ]);
    },
    "answer.accepted": async (e: DomainEvents["answer.accepted"]) => {
      if (!e.postAuthorId) return;
      await notify(deps, [
        { userId: e.postAuthorId, type: "answer_accepted", actorId: e.acceptedBy, threadId: e.threadId, postId: e.postId, createdAt: e.at },
      ]);
    },
    "content.hidden": async (e: DomainEvents["content.hidden"]) => {
      if (!e.authorId) return;
      await notify(deps, [
        {
          userId: e.authorId,
          type: "moderation",
          actorId: e.by,
          threadId: e.threadId,
          postId: e.kind === "post" ? e.id : null,
          data: { action: "hidden", kind: e.kind, reason: e.reason },
          createdAt: e.at,
        },
      ]);
    },
    "answer.withdrawn": async (e: DomainEvents["answer.withdrawn"]) => {
      if (!e.threadAuthorId || e.threadAuthorId === e.by || (await threadHidden(db, e.threadId))) return;
      await notify(deps, [
        {
          userId: e.threadAuthorId,
          type: "moderation",
          actorId: e.by,
          threadId: e.threadId,
          postId: e.postId,
          data: { action: e.cause === "hidden" ? "answer_hidden" : "answer_deleted", kind: "post" },
          createdAt: e.at,
        },
      ]);
    },
  };
  const offs = [
    events.subscribe("thread.created", handlers["thread.created"]),
    events.subscribe("post.created", handlers["post.created"]),
    events.subscribe("like.given", handlers["like.given"]),
    events.subscribe("answer.accepted", handlers["answer.accepted"]),
    events.subscribe("content.hidden", handlers["content.hidden"]),
    events.subscribe("answer.withdrawn", handlers["answer.withdrawn"]),
    ...subscribeGamificationNotifications(deps),
  ];
  return () => offs.forEach((off) => off());
}
