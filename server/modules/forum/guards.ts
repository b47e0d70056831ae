import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { posts, userBans, users } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { SettingValue } from "#server/modules/site/settings";
import { can } from "./policy";
import type { Actor } from "#server/modules/accounts/actor";

type Tx = Pick<Database, "select">;
export type PostingLimits = SettingValue<"forum_posting_limits">;

/** The active ban of a user (not lifted, and for good or until a later date), if any. */
export async function activeBan(db: Tx, userId: string, now: Date) {
  const [ban] = await db
    .select({ reason: userBans.reason, until: userBans.until })
    .from(userBans)
    .where(and(eq(userBans.userId, userId), isNull(userBans.liftedAt), or(isNull(userBans.until), gt(userBans.until, now))))
    .orderBy(sql`${userBans.until} desc nulls first`)
    .limit(1);
  return ban ?? null;
}

/** Banned people read but do not write: every forum write calls this. */
export async function assertNotBanned(db: Tx, userId: string, now: Date): Promise<void> {
  const ban = await activeBan(db, userId, now);
  if (ban) throw new DomainError("forum.banned", { reason: ban.reason, until: ban.until?.toISOString() ?? null });
}

/** Trimmed, whitespace collapsed, case-insensitive: two texts that read the same compare equal. */
export const normalizeBody = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Locks the author's `users` row for the rest of the transaction: one person's writes are then checked and
 * made one after the other, whatever the number of connections. Every forum write takes this lock first.
 */
export async function lockAuthor(tx: Tx, userId: string): Promise<{ createdAt: Date }> {
  const [me] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).for("update");
  if (!me) throw new DomainError("auth.unauthenticated");
  return me;
}

/**
 * Posting limits, checked inside the writing transaction after `lockAuthor`, so two posts by
 * one person are checked one after the other even on PostgreSQL with many connections. Moderators and Admins
 * are not limited.
 */
export async function checkPostingLimits(
  tx: Tx,
  actor: NonNullable<Actor>,
  me: { createdAt: Date },
  kind: "thread" | "reply",
  body: string,
  limits: PostingLimits,
  now: Date,
): Promise<void> {
  if (can(actor, "post.skip_limits")) return;
  const nowMs = now.getTime();
  const newUser = nowMs - me.createdAt.getTime() < limits.newUserHours * 3600_000;

  // The latest posts within the widest window that matters: enough for the interval and duplicate checks.
  const windowSeconds = Math.max(
    limits.duplicateWindowSeconds,
    limits.postIntervalSeconds,
    limits.newUserPostIntervalSeconds,
    limits.threadIntervalSeconds,
    limits.newUserThreadIntervalSeconds,
  );
  const recent = await tx
    .select({ bodyMd: posts.bodyMd, number: posts.number, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.authorId, actor.userId), gt(posts.createdAt, new Date(nowMs - windowSeconds * 1000))))
    .orderBy(desc(posts.createdAt))
    .limit(200);

  const wait = (intervalSeconds: number, last: Date | undefined) => (last ? intervalSeconds * 1000 - (nowMs - last.getTime()) : 0);
  if (kind === "thread") {
    const interval = newUser ? limits.newUserThreadIntervalSeconds : limits.threadIntervalSeconds;
    const left = wait(interval, recent.find((p) => p.number === 1)?.createdAt);
    if (left > 0) {
      const seconds = Math.ceil(left / 1000);
      // `count` picks the message's plural form; `seconds` stays for API clients.
      throw new DomainError("forum.thread_too_soon", { seconds, count: seconds });
    }
  }
  const postInterval = newUser ? limits.newUserPostIntervalSeconds : limits.postIntervalSeconds;
  const left = wait(postInterval, recent[0]?.createdAt);
  if (left > 0) {
    const seconds = Math.ceil(left / 1000);
    throw new DomainError("forum.post_too_soon", { seconds, count: seconds });
  }

  if (newUser) {
    const [counts] = await tx
      .select({
        threads: sql<number>`count(*) filter (where ${posts.number} = 1)::int`,
        replies: sql<number>`count(*) filter (where ${posts.number} > 1)::int`,
      })
      .from(posts)
      .where(eq(posts.authorId, actor.userId));
    if (kind === "thread" && counts.threads >= limits.newUserMaxThreads)
      throw new DomainError("forum.new_user_thread_limit", { max: limits.newUserMaxThreads });
    if (kind === "reply" && counts.replies >= limits.newUserMaxReplies)
      throw new DomainError("forum.new_user_reply_limit", { max: limits.newUserMaxReplies });
  }

  const normalized = normalizeBody(body);
  const since = nowMs - limits.duplicateWindowSeconds * 1000;
  if (recent.some((p) => p.createdAt.getTime() > since && normalizeBody(p.bodyMd) === normalized))
    throw new DomainError("forum.duplicate_post");
}
