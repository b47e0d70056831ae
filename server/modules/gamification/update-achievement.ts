import { eq } from "drizzle-orm";
import type { z } from "zod";
import { achievements } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { updateAchievementInput } from "./achievement-input";
import { announceChange } from "./announce-change";
import { parseInput, type GamificationDeps } from "./deps";
import { requestSettle } from "./jobs";
import { assertCan } from "./policy";
import { toAchievementView, type AchievementView } from "./views";

export type UpdateAchievementInput = z.input<typeof updateAchievementInput>;

/**
 * Changes an achievement (Admins), audited as `gamification.achievement.update` with the values before and
 * after. Whoever unlocked it keeps it; whoever qualifies under the new condition gets it from the
 * `gamification.settle` job. A changed reward applies to unlocks from then on.
 */
export async function updateAchievement(deps: GamificationDeps, actor: Actor, input: unknown): Promise<AchievementView> {
  assertCan(actor, "achievement.update");
  const d = parseInput(updateAchievementInput, input);
  const updated = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(achievements).where(eq(achievements.id, d.id)).limit(1).for("update");
    if (!before) throw new DomainError("not_found");
    const values = {
      nameEs: d.nameEs ?? null,
      nameEn: d.nameEn ?? null,
      descriptionEs: d.descriptionEs ?? null,
      descriptionEn: d.descriptionEn ?? null,
      icon: d.icon ?? null,
      rewardXp: d.rewardXp,
      rarity: d.rarity,
      type: d.type,
      threshold: d.threshold,
    };
    const [row] = await tx
      .update(achievements)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(achievements.id, d.id))
      .returning();
    const changed = Object.fromEntries(
      Object.entries(values)
        .filter(([k, v]) => before[k as keyof typeof values] !== v)
        .map(([k, v]) => [k, { before: before[k as keyof typeof values], after: v }]),
    );
    await recordAudit(tx, actor, {
      action: "gamification.achievement.update",
      targetType: "achievement",
      targetId: row.id,
      targetName: row.key,
      details: changed,
    });
    return row;
  });
  await announceChange(deps, "achievements");
  await requestSettle(deps);
  return toAchievementView(updated);
}
