import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { levels } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { announceChange } from "./announce-change";
import { parseInput, type GamificationDeps } from "./deps";
import { levelNumberField, titleKeyField, xpRequiredField } from "./input";
import { requestSettle } from "./jobs";
import type { LevelView } from "./list-levels";
import { assertCan } from "./policy";

const upsertLevelInput = z.object({ level: levelNumberField, titleKey: titleKeyField, xpRequired: xpRequiredField });
export type UpsertLevelInput = z.input<typeof upsertLevelInput>;

/**
 * Adds the next level or changes one (Admins): levels have no gaps, level 1 needs 0 XP, and the XP required
 * grows strictly with the level (`gamification.level_order`). The level rows are locked while checking, so
 * two admins' edits cannot cross. Audited (`gamification.level.save`); then everyone's level is settled again
 * in the background (the `gamification.settle` job: levels follow XP, new levels grant their stat points).
 */
export async function upsertLevel(deps: GamificationDeps, actor: Actor, input: unknown): Promise<Omit<LevelView, "titleRank">> {
  assertCan(actor, "level.save");
  const d = parseInput(upsertLevelInput, input);
  const saved = await deps.db.transaction(async (tx) => {
    const all = await tx.select().from(levels).orderBy(asc(levels.level)).for("update");
    const before = all.find((l) => l.level === d.level) ?? null;
    const prev = all.find((l) => l.level === d.level - 1);
    const next = all.find((l) => l.level === d.level + 1);
    if (d.level === 1 && d.xpRequired !== 0) throw new DomainError("gamification.level_first");
    if (d.level > 1 && !prev) throw new DomainError("gamification.level_gap");
    if ((prev && d.xpRequired <= prev.xpRequired) || (next && d.xpRequired >= next.xpRequired))
      throw new DomainError("gamification.level_order");
    const row = { level: d.level, titleKey: d.titleKey, xpRequired: d.xpRequired, updatedAt: deps.now() };
    if (before) await tx.update(levels).set(row).where(eq(levels.level, d.level));
    else await tx.insert(levels).values(row);
    await recordAudit(tx, actor, {
      action: "gamification.level.save",
      targetType: "level",
      targetId: String(d.level),
      details: {
        before: before && { titleKey: before.titleKey, xpRequired: before.xpRequired },
        after: { titleKey: d.titleKey, xpRequired: d.xpRequired },
      },
    });
    return { level: d.level, titleKey: d.titleKey, xpRequired: d.xpRequired };
  });
  await announceChange(deps, "levels");
  await requestSettle(deps);
  return saved;
}
