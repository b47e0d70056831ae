import { eq } from "drizzle-orm";
import { achievements } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Tx } from "#server/modules/character/deps";

/** An item may name only an achievement that exists (a field error beside the select otherwise). */
export async function assertAchievementExists(tx: Tx, achievementId: string | null): Promise<void> {
  if (!achievementId) return;
  const [found] = await tx.select({ id: achievements.id }).from(achievements).where(eq(achievements.id, achievementId)).limit(1);
  if (!found) throw new DomainError("input.invalid", { fieldErrors: { achievementId: "errors:character.item_achievement_unknown" } });
}
