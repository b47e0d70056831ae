import { count } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { userAchievements } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { assertCan } from "./policy";

/**
 * How many members unlocked each achievement (Admins: the achievements tab). One grouped count over the
 * unlocks' achievement index; achievements nobody unlocked are absent (0).
 */
export async function achievementUnlockCounts(deps: { db: Pick<Database, "select"> }, actor: Actor): Promise<Record<string, number>> {
  assertCan(actor, "achievement.list");
  const rows = await deps.db
    .select({ id: userAchievements.achievementId, n: count() })
    .from(userAchievements)
    .groupBy(userAchievements.achievementId);
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
}
