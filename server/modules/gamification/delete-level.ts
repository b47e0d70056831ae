import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { levels } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { announceChange } from "./announce-change";
import { parseInput, type GamificationDeps } from "./deps";
import { levelNumberField } from "./input";
import { requestSettle } from "./jobs";
import { assertCan } from "./policy";

const deleteLevelInput = z.object({ level: levelNumberField });

/**
 * Removes the highest level (Admins; levels have no gaps, and level 1 always exists). People at that level go
 * back to the one below (their stat points stay). Audited (`gamification.level.delete`), then settled again.
 */
export async function deleteLevel(deps: GamificationDeps, actor: Actor, input: unknown): Promise<{ level: number }> {
  assertCan(actor, "level.delete");
  const d = parseInput(deleteLevelInput, input);
  await deps.db.transaction(async (tx) => {
    const [top] = await tx.select().from(levels).orderBy(desc(levels.level)).limit(1).for("update");
    const [row] = await tx.select().from(levels).where(eq(levels.level, d.level)).limit(1);
    if (!row) throw new DomainError("not_found");
    if (d.level === 1) throw new DomainError("gamification.level_first");
    if (top.level !== d.level) throw new DomainError("gamification.level_not_last");
    await tx.delete(levels).where(eq(levels.level, d.level));
    await recordAudit(tx, actor, {
      action: "gamification.level.delete",
      targetType: "level",
      targetId: String(d.level),
      details: { titleKey: row.titleKey, xpRequired: row.xpRequired },
    });
  });
  await announceChange(deps, "levels");
  await requestSettle(deps);
  return { level: d.level };
}
