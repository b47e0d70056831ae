import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/** Every action of the notifications area, one per verb. */
export const NOTIFICATIONS_ACTIONS = [
  /** Reading one's notifications, opening them and marking them read. */
  "notifications.read",
  /** Choosing which kinds of notification one receives. */
  "notifications.configure",
] as const;
export type NotificationsAction = (typeof NOTIFICATIONS_ACTIONS)[number];

/**
 * Notifications are personal: any signed-in person reads and settles their own, and sets their preferences
 * (also before confirming the email: reading is not submitting content). Operations filter every query by the
 * actor's id.
 */
export function can(actor: Actor, action: NotificationsAction): boolean {
  switch (action) {
    case "notifications.read":
    case "notifications.configure":
      return !!actor;
  }
}

export function assertCan(actor: Actor, action: NotificationsAction): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (!can(actor, action)) throw new DomainError("auth.forbidden");
}
