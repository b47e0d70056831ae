import { and, eq, gt, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import { posts, reports, threads, userBans } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { assertCan } from "./policy";

export const ACTIVITY_DAYS = 30;

/** A day as YYYY-MM-DD in UTC. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export type ForumOverview = {
  counts: { threads: number; posts: number; openReports: number; hiddenItems: number; activeBans: number; activeMembers: number };
  /** Threads and posts started each UTC day of the last 30 days, oldest first, days without any included. */
  activity: { day: string; threads: number; posts: number }[];
};

/**
 * The forum admin's overview (Moderators and Admins): how big the forum is, what waits for the team (open
 * reports, hidden content, bans in force), how many members posted in the last 30 days, and threads and
 * posts per day over those 30 days. Posts count every post (opening ones too), deleted ones left out.
 */
export async function forumOverview(deps: Pick<ForumDeps, "db" | "now">, actor: Actor): Promise<ForumOverview> {
  assertCan(actor, "forum.overview");
  const db = deps.db;
  const now = deps.now();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (ACTIVITY_DAYS - 1)));
  const count = sql<number>`count(*)::int`;

  const [{ n: threadTotal }] = await db.select({ n: count }).from(threads);
  const [{ n: postTotal }] = await db.select({ n: count }).from(posts).where(isNull(posts.deletedAt));
  const [{ n: openReports }] = await db.select({ n: count }).from(reports).where(eq(reports.status, "open"));
  const [{ n: hiddenThreads }] = await db.select({ n: count }).from(threads).where(eq(threads.hidden, true));
  const [{ n: hiddenPosts }] = await db
    .select({ n: count })
    .from(posts)
    .where(and(eq(posts.hidden, true), isNull(posts.deletedAt)));
  const [{ n: activeBans }] = await db
    .select({ n: sql<number>`count(distinct ${userBans.userId})::int` })
    .from(userBans)
    .where(and(isNull(userBans.liftedAt), or(isNull(userBans.until), gt(userBans.until, now))));
  const [{ n: activeMembers }] = await db
    .select({ n: sql<number>`count(distinct ${posts.authorId})::int` })
    .from(posts)
    .where(and(isNotNull(posts.authorId), gte(posts.createdAt, new Date(now.getTime() - ACTIVITY_DAYS * 86_400_000))));

  const threadDay = sql<string>`to_char(${threads.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const postDay = sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const threadsPerDay = await db.select({ day: threadDay, n: count }).from(threads).where(gte(threads.createdAt, start)).groupBy(threadDay);
  const postsPerDay = await db
    .select({ day: postDay, n: count })
    .from(posts)
    .where(and(gte(posts.createdAt, start), isNull(posts.deletedAt)))
    .groupBy(postDay);
  const activity = Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
    const day = dayOf(new Date(start.getTime() + i * 86_400_000));
    return { day, threads: threadsPerDay.find((r) => r.day === day)?.n ?? 0, posts: postsPerDay.find((r) => r.day === day)?.n ?? 0 };
  });

  return {
    counts: { threads: threadTotal, posts: postTotal, openReports, hiddenItems: hiddenThreads + hiddenPosts, activeBans, activeMembers },
    activity,
  };
}
