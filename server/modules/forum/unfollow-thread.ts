import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { threadFollows } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import type { FollowResult } from "./follow-thread";
import { idField } from "./input";
import { assertCan } from "./policy";

const unfollowThreadInput = z.object({ threadId: idField });

/** Stops following a thread. Not following it already changes nothing. */
export async function unfollowThread(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown): Promise<FollowResult> {
  assertCan(actor, "thread.follow");
  const { threadId } = parseInput(unfollowThreadInput, input);
  const deleted = await deps.db
    .delete(threadFollows)
    .where(and(eq(threadFollows.threadId, threadId), eq(threadFollows.userId, actor.userId)))
    .returning({ threadId: threadFollows.threadId });
  return { following: false, changed: deleted.length > 0 };
}
