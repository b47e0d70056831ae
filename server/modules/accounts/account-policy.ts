import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";

/**
 * The rule for a person's own account data (profile, avatar, sessions, export, deletion): only its owner may
 * act on it. Operations take an optional target `userId` (the actor's own by default); anyone else's is
 * refused, staff included — moderation of profiles goes through its own operations.
 */
export function assertOwnAccount(actor: Actor, userId?: string | null): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (userId != null && userId !== actor.userId) throw new DomainError("auth.forbidden");
}
