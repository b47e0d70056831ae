import { sql } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { settingDefinitions } from "#server/modules/site/settings";
import { parseInput, type GamificationDeps, type GamificationSettings } from "./deps";
import { capField, statPointsField, xpField } from "./input";
import { assertCan } from "./policy";

/** The settings tab's fields (SPEC §2): XP per action, daily caps (blank: none), stat points per level. */
const updateSettingsInput = z.object({
  threadCreateXp: xpField,
  postCreateXp: xpField,
  likeReceivedXp: xpField,
  threadCreateCap: capField,
  postCreateCap: capField,
  likeReceivedCap: capField,
  pairDailyCap: capField,
  statPointsPerLevel: statPointsField,
});
export type UpdateGamificationSettingsInput = z.input<typeof updateSettingsInput>;

/**
 * Saves the gamification settings (Admins): the new value and its audit row (`gamification.settings.update`,
 * with the values before and after) in one transaction. New values apply to XP earned from then on; XP
 * already in the ledger stays as it was.
 */
export async function updateGamificationSettings(
  deps: Pick<GamificationDeps, "db" | "settings">,
  actor: Actor,
  input: unknown,
): Promise<GamificationSettings> {
  assertCan(actor, "gamification.update_settings");
  const d = parseInput(updateSettingsInput, input);
  const value: GamificationSettings = settingDefinitions.gamification_settings.schema.parse({
    rewards: { thread_create: d.threadCreateXp, post_create: d.postCreateXp, like_received: d.likeReceivedXp },
    dailyCaps: { thread_create: d.threadCreateCap, post_create: d.postCreateCap, like_received: d.likeReceivedCap },
    pairDailyCap: d.pairDailyCap,
    statPointsPerLevel: d.statPointsPerLevel,
  });
  const before = await deps.settings.get("gamification_settings");
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: "gamification_settings", value, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy: actor.userId, updatedAt: sql`now()` } });
    await recordAudit(tx, actor, {
      action: "gamification.settings.update",
      targetType: "setting",
      targetId: "gamification_settings",
      details: { before, after: value },
    });
  });
  deps.settings.invalidate();
  return value;
}
