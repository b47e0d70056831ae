import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { userFollows } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import type { FollowResult } from "./follow-thread";
import { idField } from "./input";
import { assertCan } from "./policy";

const unfollowUserInput = z.object({ userId: idField });

/** Stops following a person. Not following them already changes nothing. */
export async function unfollowUser(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown): Promise<FollowResult> {
  assertCan(actor, "user.follow");
  const { userId } = parseInput(unfollowUserInput, input);
  const deleted = await deps.db
    .delete(userFollows)
    .where(and(eq(userFollows.followerId, actor.userId), eq(userFollows.followedId, userId)))
    .returning({ id: userFollows.followedId });
  return { following: false, changed: deleted.length > 0 };
}
