import type { GamificationDeps, GamificationSettings } from "./deps";

/**
 * How XP is earned, for everyone to read (the wiki and the account's progress tab explain each number with
 * it): XP per action, the daily caps and the stat points per level. The same values as the admin's settings
 * tab; nothing in them is private.
 */
export async function xpRules(deps: Pick<GamificationDeps, "settings">): Promise<GamificationSettings> {
  return deps.settings.get("gamification_settings");
}
