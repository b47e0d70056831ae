import type { Database } from "#server/db/client";
import { achievements } from "#server/db/schema";
import { byTypeAndThreshold, toAchievementView, type AchievementView } from "./views";

/** Every achievement (public: the badges people can earn), by type then threshold. */
export async function listAchievements(deps: { db: Pick<Database, "select"> }): Promise<AchievementView[]> {
  const rows = await deps.db.select().from(achievements);
  return rows.map(toAchievementView).sort(byTypeAndThreshold);
}
