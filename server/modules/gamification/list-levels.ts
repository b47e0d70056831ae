import { asc } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { levels } from "#server/db/schema";

export type LevelView = { level: number; titleKey: string; xpRequired: number };

/** The level table (public): number, title (an i18n key in `levels`), XP required, in order. */
export async function listLevels(deps: { db: Pick<Database, "select"> }): Promise<LevelView[]> {
  return deps.db
    .select({ level: levels.level, titleKey: levels.titleKey, xpRequired: levels.xpRequired })
    .from(levels)
    .orderBy(asc(levels.level));
}
