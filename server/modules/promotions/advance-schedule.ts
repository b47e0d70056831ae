import { and, eq, gt, lte } from "drizzle-orm";
import { featuredGames } from "#server/db/schema";
import type { PromotionsDeps } from "./deps";

/**
 * The schedule job (every minute): scheduled → active once its start has come (and its end has not), and
 * scheduled or active → finished once its end has passed. Conditional updates: idempotent, safe to run on
 * two instances at once (a row moves once). Pages hear of it through `featured.changed`. The public reads
 * filter by the dates as well, so a late job never shows a game outside its period.
 */
export async function advanceSchedule(deps: Pick<PromotionsDeps, "db" | "events" | "now">) {
  const now = deps.now();
  const finished = await deps.db
    .update(featuredGames)
    .set({ scheduleStatus: "finished", updatedAt: now })
    .where(and(lte(featuredGames.endsAt, now), eq(featuredGames.scheduleStatus, "active")))
    .returning({ id: featuredGames.id });
  const skipped = await deps.db
    .update(featuredGames)
    .set({ scheduleStatus: "finished", updatedAt: now })
    .where(and(lte(featuredGames.endsAt, now), eq(featuredGames.scheduleStatus, "scheduled")))
    .returning({ id: featuredGames.id });
  const started = await deps.db
    .update(featuredGames)
    .set({ scheduleStatus: "active", updatedAt: now })
    .where(and(lte(featuredGames.startsAt, now), gt(featuredGames.endsAt, now), eq(featuredGames.scheduleStatus, "scheduled")))
    .returning({ id: featuredGames.id });
  for (const g of [...finished, ...skipped])
    await deps.events.publish("featured.changed", { featuredGameId: g.id, status: "finished", at: now });
  for (const g of started) await deps.events.publish("featured.changed", { featuredGameId: g.id, status: "active", at: now });
  return { started: started.length, finished: finished.length + skipped.length };
}
