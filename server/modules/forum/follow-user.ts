import { eq } from "drizzle-orm";
import { z } from "zod";
import { users, userFollows } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import type { FollowResult } from "./follow-thread";
import { idField } from "./input";
import { assertCan } from "./policy";

const followUserInput = z.object({ userId: idField });

/** Follows a person: their follower is told of the threads they start. Not oneself; twice changes nothing. */
export async function followUser(deps: Pick<ForumDeps, "db" | "now">, actor: Actor, input: unknown): Promise<FollowResult> {
  assertCan(actor, "user.follow");
  const { userId } = parseInput(followUserInput, input);
  if (userId === actor.userId) throw new DomainError("forum.self_follow");
  const [target] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw new DomainError("not_found");
  const inserted = await deps.db
    .insert(userFollows)
    .values({ followerId: actor.userId, followedId: target.id, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: userFollows.followedId });
  return { following: true, changed: inserted.length > 0 };
}
