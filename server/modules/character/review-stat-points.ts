import { CHARACTER_STATS } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "./deps";
import { progressOf, type StatBlock } from "./item-view";
import { assertCan } from "./policy";
import { spendInput } from "./spend-stat-points";

/**
 * The confirmation step before spending stat points (the page shows it, and it works without JavaScript):
 * checks the distribution as `spendStatPoints` will (the same rules and the points there are now) and answers
 * what it would spend, without writing anything.
 */
export async function reviewStatPoints(
  deps: CharacterDeps,
  actor: Actor,
  raw: unknown,
): Promise<{ spend: StatBlock; total: number; statPoints: number }> {
  assertCan(actor, "character.spend_stat_points");
  const spend = parseInput(spendInput, raw);
  const total = CHARACTER_STATS.reduce((n, s) => n + spend[s], 0);
  const { statPoints } = await progressOf(deps.db, actor.userId);
  if (total > statPoints) throw new DomainError("character.not_enough_stat_points");
  return { spend, total, statPoints };
}
