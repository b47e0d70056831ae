import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { threadFollows, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { idField } from "./input";
import { assertCan, can } from "./policy";

const followThreadInput = z.object({ threadId: idField });
export type FollowResult = { following: boolean; changed: boolean };

/** The thread, if the actor may see it (hidden threads are `not_found` except for moderators). */
export async function visibleThread(db: Pick<Database, "select">, actor: Actor, threadId: string) {
  const [t] = await db.select({ id: threads.id, hidden: threads.hidden }).from(threads).where(eq(threads.id, threadId)).limit(1);
  if (!t || (t.hidden && !can(actor, "forum.view_hidden"))) throw new DomainError("not_found");
  return t;
}

/**
 * Follows a thread: its follower is told of new replies. Following twice changes nothing. Follows are not
 * content, so a banned member may still follow and unfollow (a ban stops writing, not reading).
 */
export async function followThread(deps: Pick<ForumDeps, "db" | "now">, actor: Actor, input: unknown): Promise<FollowResult> {
  assertCan(actor, "thread.follow");
  const { threadId } = parseInput(followThreadInput, input);
  const t = await visibleThread(deps.db, actor, threadId);
  const inserted = await deps.db
    .insert(threadFollows)
    .values({ threadId: t.id, userId: actor.userId, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ threadId: threadFollows.threadId });
  return { following: true, changed: inserted.length > 0 };
}
