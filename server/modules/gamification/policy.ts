import { hasRole, isStaff, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

export type GamificationAction =
  /** Settings, levels, achievements, manual XP adjustments (SPEC §2 gamification admin tabs). */
  | "gamification.admin"
  /** The ranking tab: the leaderboard with every member's ledger (Admins and Moderators). */
  | "gamification.ranking"
  /** One person's XP history: their own, or anyone's for the team. */
  | "gamification.ledger";

/** Pure rules of the gamification area. */
export function can(actor: Actor, action: GamificationAction, resource: { userId?: string } = {}): boolean {
  if (!actor) return false;
  switch (action) {
    case "gamification.admin":
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
  admin: can(actor, "gamification.admin"),
  ranking: can(actor, "gamification.ranking"),
});
