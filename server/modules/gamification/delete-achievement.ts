import { count, eq } from "drizzle-orm";
import { achievements, userAchievements } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { achievementIdInput } from "./achievement-input";
import { announceChange } from "./announce-change";
import { parseInput, type GamificationDeps } from "./deps";
import { assertCan } from "./policy";

/**
 * Deletes an achievement and its unlocks (Admins), audited as `gamification.achievement.delete` with how many
 * people had it. The reward XP they received stays: the ledger is history (its rows name the achievement).
 */
export async function deleteAchievement(
  deps: Pick<GamificationDeps, "db" | "events" | "now">,
  actor: Actor,
  input: unknown,
): Promise<{ id: string; unlocks: number }> {
  assertCan(actor, "achievement.delete");
  const { id } = parseInput(achievementIdInput, input);
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(achievements).where(eq(achievements.id, id)).limit(1).for("update");
    if (!row) throw new DomainError("not_found");
    const [{ unlocks }] = await tx.select({ unlocks: count() }).from(userAchievements).where(eq(userAchievements.achievementId, id));
    await tx.delete(achievements).where(eq(achievements.id, id));
    await recordAudit(tx, actor, {
      action: "gamification.achievement.delete",
      targetType: "achievement",
      targetId: id,
      targetName: row.key,
      details: { type: row.type, threshold: row.threshold, unlocks },
    });
    return { id, unlocks };
  });
  await announceChange(deps, "achievements");
  return done;
}
