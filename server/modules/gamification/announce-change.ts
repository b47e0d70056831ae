import type { DomainEvents } from "#server/platform/events";
import type { GamificationDeps } from "./deps";

/**
 * Tells the rest of the site that XP, levels or achievements changed without a forum event behind it (an
 * admin's adjustment or edit, a settle or reconcile run): the anonymous page cache empties on it, so the side
 * panel and the leaderboard show the change at once. Published after the change has committed.
 */
export async function announceChange(
  deps: Pick<GamificationDeps, "events" | "now">,
  cause: DomainEvents["gamification.changed"]["cause"],
): Promise<void> {
  await deps.events.publish("gamification.changed", { cause, at: deps.now() });
}
