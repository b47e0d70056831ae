import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/**
 * Notifications are personal: any signed-in person reads and settles their own (also before confirming the
 * email: reading is not submitting content). Operations filter every query by the actor's id.
 */
export function assertSignedIn(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
}
