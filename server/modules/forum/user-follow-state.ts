import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { userFollows } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { idField } from "./input";
import { can } from "./policy";

const followStateInput = z.object({ userId: idField });
export type UserFollowState = { followers: number; following: boolean; canFollow: boolean };

/**
 * What a public profile shows about following its person: how many follow them, whether the viewer does, and
 * whether the viewer may (a member who may write, never on their own profile). One statement.
 */
export async function userFollowState(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown): Promise<UserFollowState> {
  const { userId } = parseInput(followStateInput, input);
  const viewerId = actor?.userId ?? null;
  const [row] = await deps.db
    .select({
      followers: sql<number>`count(*)::int`,
      following: viewerId ? sql<boolean>`coalesce(bool_or(${userFollows.followerId} = ${viewerId}), false)` : sql<boolean>`false`,
    })
    .from(userFollows)
    .where(eq(userFollows.followedId, userId));
  return {
    followers: row?.followers ?? 0,
    following: !!row?.following,
    canFollow: !!actor && actor.userId !== userId && can(actor, "user.follow"),
  };
}
