import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { achievements } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { createAchievementInput } from "./achievement-input";
import { announceChange } from "./announce-change";
import { parseInput, type GamificationDeps } from "./deps";
import { requestSettle } from "./jobs";
import { assertCan } from "./policy";
import { toAchievementView, type AchievementView } from "./views";

export type CreateAchievementInput = z.input<typeof createAchievementInput>;

/**
 * Adds an achievement (Admins), audited as `gamification.achievement.create`. Everyone who already qualifies
 * gets it (once, with its reward XP and a notification) from the `gamification.settle` job.
 */
export async function createAchievement(deps: GamificationDeps, actor: Actor, input: unknown): Promise<AchievementView> {
  assertCan(actor, "achievement.create");
  const d = parseInput(createAchievementInput, input);
  const now = deps.now();
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(achievements)
      .values({
        id: randomUUID(),
        key: d.key,
        nameKey: `${d.key}.name`,
        descriptionKey: `${d.key}.description`,
        nameEs: d.nameEs,
        nameEn: d.nameEn,
        descriptionEs: d.descriptionEs ?? null,
        descriptionEn: d.descriptionEn ?? null,
        icon: d.icon ?? null,
        rewardXp: d.rewardXp,
        rarity: d.rarity,
        type: d.type,
        threshold: d.threshold,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: achievements.key })
      .returning();
    if (!row) throw new DomainError("gamification.achievement_key_taken");
    await recordAudit(tx, actor, {
      action: "gamification.achievement.create",
      targetType: "achievement",
      targetId: row.id,
      targetName: row.key,
      details: { type: row.type, threshold: row.threshold, rarity: row.rarity, rewardXp: row.rewardXp },
    });
    return row;
  });
  await announceChange(deps, "achievements");
  await requestSettle(deps);
  return toAchievementView(created);
}
