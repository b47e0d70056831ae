import { CAPABILITY_OTHER, CAPABILITY_SELF, type CapabilityCases } from "#server/modules/area";
import { hasRole, isStaff, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/** Every action of the gamification area, one per verb (SPEC §2 gamification admin tabs). */
export const GAMIFICATION_ACTIONS = [
  /** The settings tab: XP per action, caps, modifiers as they are. */
  "gamification.read_settings",
  /** Changing those settings. */
  "gamification.update_settings",
  /** Adding a level or changing one. */
  "level.save",
  /** Deleting a level. */
  "level.delete",
  /** The achievements tab: how many members have unlocked each achievement. */
  "achievement.list",
  /** Adding an achievement. */
  "achievement.create",
  /** Changing an achievement. */
  "achievement.update",
  /** Deleting an achievement. */
  "achievement.delete",
  /** Giving or taking XP by hand, with a reason. */
  "xp.adjust",
  /** The ranking tab: the leaderboard with every member's ledger (Admins and Moderators). */
  "gamification.ranking",
  /** One person's XP history: their own, or anyone's for the team. */
  "gamification.ledger",
] as const;
export type GamificationAction = (typeof GAMIFICATION_ACTIONS)[number];

/** Pure rules of the gamification area, one case per action. */
export function can(actor: Actor, action: GamificationAction, resource: { userId?: string } = {}): boolean {
  if (!actor) return false;
  switch (action) {
    case "gamification.read_settings":
    case "gamification.update_settings":
    case "level.save":
    case "level.delete":
    case "achievement.list":
    case "achievement.create":
    case "achievement.update":
    case "achievement.delete":
    case "xp.adjust":
      return hasRole(actor, ROLE_ADMIN);
    case "gamification.ranking":
      return isStaff(actor);
    case "gamification.ledger":
      return isStaff(actor) || (!!resource.userId && resource.userId === actor.userId);
  }
}

export function assertCan(
  actor: Actor,
  action: GamificationAction,
  resource: { userId?: string } = {},
): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (!can(actor, action, resource)) throw new DomainError("auth.forbidden");
}

/** What the gamification pages may offer the person (loaders send it; the UI never re-implements a rule). */
export const gamificationAbilities = (actor: Actor) => ({
  readSettings: can(actor, "gamification.read_settings"),
  updateSettings: can(actor, "gamification.update_settings"),
  saveLevel: can(actor, "level.save"),
  deleteLevel: can(actor, "level.delete"),
  listAchievements: can(actor, "achievement.list"),
  createAchievement: can(actor, "achievement.create"),
  updateAchievement: can(actor, "achievement.update"),
  deleteAchievement: can(actor, "achievement.delete"),
  adjust: can(actor, "xp.adjust"),
  ranking: can(actor, "gamification.ranking"),
});

/** The gamification actions whose answer depends on whose it is, for the capability table. */
export const GAMIFICATION_CASES: CapabilityCases<GamificationAction, { userId?: string }> = {
  "gamification.ledger": [
    { case: "own", resource: { userId: CAPABILITY_SELF } },
    { case: "others", resource: { userId: CAPABILITY_OTHER } },
  ],
};
