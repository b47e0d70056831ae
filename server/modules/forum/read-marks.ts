import { sql, type Placeholder } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { threadReads, threads } from "#server/db/schema";

type Writer = Pick<Database, "insert">;

/**
 * Records that a member has read a thread up to post `number` (one upsert; a position never moves back, so
 * opening page 1 again keeps the mark at the last page read). Used by the thread page, and by replying and
 * starting a thread, so one's own new post is never "new since your last visit".
 */
export async function markRead(db: Writer, userId: string, threadId: string, number: number, now: Date) {
  if (number < 1) return;
  await db
    .insert(threadReads)
    .values({ userId, threadId, lastReadNumber: number, updatedAt: now })
    .onConflictDoUpdate({
      target: [threadReads.userId, threadReads.threadId],
      set: { lastReadNumber: sql`greatest(${threadReads.lastReadNumber}, excluded.last_read_number)`, updatedAt: now },
      // Nothing to write when the mark is already there (most page views): no new row version.
      setWhere: sql`${threadReads.lastReadNumber} < excluded.last_read_number`,
    });
}

/**
 * A column: how far the viewer had read the row's thread (null for a visitor or a thread never opened). The
 * viewer is a value, or a placeholder in a prepared statement.
 */
export function lastReadColumn(viewerId: string | Placeholder | null) {
  return viewerId === null
    ? sql<number | null>`null`
    : sql<number | null>`(select r.last_read_number from ${threadReads} r where r.thread_id = ${threads.id} and r.user_id = ${viewerId})`;
}
