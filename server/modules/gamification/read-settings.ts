import type { Actor } from "#server/modules/accounts/actor";
import type { GamificationDeps, GamificationSettings } from "./deps";
import { assertCan } from "./policy";

/** The gamification settings as the admin's settings tab shows them (Admins). */
export async function readGamificationSettings(deps: Pick<GamificationDeps, "settings">, actor: Actor): Promise<GamificationSettings> {
  assertCan(actor, "gamification.read_settings");
  return deps.settings.get("gamification_settings");
}
