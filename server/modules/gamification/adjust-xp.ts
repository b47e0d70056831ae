import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { announceChange } from "./announce-change";
import { parseInput, type GamificationDeps } from "./deps";
import { adjustAmountField, adjustReasonField, idField } from "./input";
import { assertCan } from "./policy";
import { runSession } from "./session";

const adjustInput = z.object({ userId: idField, amount: adjustAmountField, reason: adjustReasonField });
export type AdjustXpInput = z.input<typeof adjustInput>;

/**
 * A manual XP adjustment from the ranking tab (Admins): a ledger row of reason `adjustment` (plus or minus,
 * never below 0 XP in total), with the REQUIRED reason kept on the row and in the audit log
 * (`gamification.xp.adjust`), in the same transaction. The level follows; a new level grants stat points.
 */
export async function adjustXp(
  deps: GamificationDeps,
  actor: Actor,
  input: unknown,
): Promise<{ userId: string; xp: number; ledgerId: number }> {
  assertCan(actor, "xp.adjust");
  const d = parseInput(adjustInput, input);
  const [person] = await deps.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, d.userId)).limit(1);
  if (!person) throw new DomainError("not_found");
  const done = await runSession(deps, deps.now(), async (s) => {
    await s.lock([d.userId]);
    const stats = s.statsOf(d.userId);
    if (!stats) throw new DomainError("not_found");
    const before = stats.xp;
    if (before + d.amount < 0) throw new DomainError("gamification.xp_negative", { xp: before });
    const row = (await s.adjust(d.userId, d.amount, actor.userId, d.reason, randomUUID()))!;
    await recordAudit(s.tx, actor, {
      action: "gamification.xp.adjust",
      targetType: "user",
      targetId: d.userId,
      targetName: person.username,
      reason: d.reason,
      details: { amount: d.amount, xpBefore: before, xpAfter: before + d.amount, ledgerId: row.id },
    });
    return { userId: d.userId, xp: before + d.amount, ledgerId: row.id };
  });
  // No forum event behind it: the pages that show XP (side panel, leaderboard) are told here.
  await announceChange(deps, "xp_adjusted");
  return done;
}
