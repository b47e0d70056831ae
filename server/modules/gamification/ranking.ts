import type { Actor } from "#server/modules/accounts/actor";
import { leaderboard, type Leaderboard } from "./leaderboard";
import { assertCan, can } from "./policy";
import type { Database } from "#server/db/client";

/**
 * The admin area's ranking tab (SPEC §2): the leaderboard for Admins and Moderators, and whether the viewer
 * may adjust XP (Admins) — each row's history is `listLedger`, the adjustment `adjustXp`.
 */
export async function ranking(
  deps: { db: Pick<Database, "select">; now: () => Date },
  actor: Actor,
  input: unknown,
): Promise<Leaderboard & { canAdjust: boolean }> {
  assertCan(actor, "gamification.ranking");
  return { ...(await leaderboard(deps, actor, input)), canAdjust: can(actor, "xp.adjust") };
}
