import { desc, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, userStats } from "#server/db/schema";
import { levelOfXp } from "./views";

export type TopMember = { userId: string; username: string; avatarUrl: string | null; xp: number; level: number };

/**
 * The members with the most XP (the side panel's "active members", SPEC §2 card 2: 5 of them), each with the
 * level their XP gives. Members without XP are not listed. One statement, on the XP index.
 */
export async function topByXp(deps: { db: Pick<Database, "select"> }, limit = 5): Promise<TopMember[]> {
  const n = Math.min(Math.max(Math.trunc(limit) || 1, 1), 100);
  return deps.db
    .select({
      userId: userStats.userId,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      xp: userStats.xp,
      level: levelOfXp(userStats.xp),
    })
    .from(userStats)
    .innerJoin(profiles, eq(profiles.id, userStats.userId))
    .where(gt(userStats.xp, 0))
    .orderBy(desc(userStats.xp), userStats.userId)
    .limit(n);
}
