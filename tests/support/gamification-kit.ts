import { eq, sql } from "drizzle-orm";
import { createInProcessRealtime } from "#server/platform/realtime";
import type { Database } from "#server/db/client";
import { userStats, xpLedger } from "#server/db/schema";
import { createGamificationService, ensureGamificationDefaults } from "#server/modules/gamification";
import { createNotificationsService } from "#server/modules/notifications";
import type { Jobs } from "#server/platform/jobs";
import { forumDeps } from "./forum-kit";

/** Helpers for the gamification data-layer tests (not a test file itself). */

/** Posting limits off: these tests post many times within seconds of their clock. */
export const NO_POSTING_LIMITS = {
  postIntervalSeconds: 0,
  threadIntervalSeconds: 0,
  newUserHours: 0,
  newUserPostIntervalSeconds: 0,
  newUserThreadIntervalSeconds: 0,
  newUserMaxThreads: 1000,
  newUserMaxReplies: 1000,
  duplicateWindowSeconds: 0,
};

/**
 * The forum's operations, gamification and notifications on one event bus and one clock, as the services
 * container wires them (without HTTP), on a database with the default levels and achievements.
 */
export async function gamificationKit(db: Database, clock: { now: () => Date }, opts: { jobs?: Jobs | null } = {}) {
  const forum = forumDeps(db, clock);
  await ensureGamificationDefaults(db);
  await forum.settings.write("forum_posting_limits", NO_POSTING_LIMITS, "test");
  const game = createGamificationService({
    db,
    settings: forum.settings,
    events: forum.events,
    jobs: opts.jobs ?? null,
    now: clock.now,
    log: forum.log,
  });
  const notes = createNotificationsService({
    db,
    events: forum.events,
    realtime: createInProcessRealtime(forum.log),
    now: clock.now,
    log: forum.log,
  });
  return {
    forum,
    game,
    notes,
    stop() {
      game.stop();
      notes.stop();
    },
  };
}

export type StatsNumbers = {
  xp: number;
  level: number;
  peakLevel: number;
  statPoints: number;
  threads: number;
  replies: number;
  likesGiven: number;
  likesReceived: number;
};
const ZERO: StatsNumbers = { xp: 0, level: 1, peakLevel: 1, statPoints: 0, threads: 0, replies: 0, likesGiven: 0, likesReceived: 0 };

/** A person's stored stats (zeros when they have no row yet). */
export async function statsOf(db: Database, userId: string): Promise<StatsNumbers> {
  const [row] = await db.select().from(userStats).where(eq(userStats.userId, userId)).limit(1);
  if (!row) return { ...ZERO };
  const { xp, level, peakLevel, statPoints, threads, replies, likesGiven, likesReceived } = row;
  return { xp, level, peakLevel, statPoints, threads, replies, likesGiven, likesReceived };
}

/** The sum of a person's ledger rows. */
export async function ledgerSum(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${xpLedger.amount}), 0)::int` })
    .from(xpLedger)
    .where(eq(xpLedger.userId, userId));
  return row.n;
}

/** Everyone whose stored XP differs from the sum of their ledger rows (should be none). */
export async function ledgerDisagreements(db: Database): Promise<Array<{ userId: string; stored: number; ledger: number }>> {
  const rows = await db.execute(sql`
    select s.user_id, s.xp as stored, coalesce(l.total, 0)::int as ledger
    from ${userStats} s left join (select user_id, sum(amount) as total from ${xpLedger} group by user_id) l on l.user_id = s.user_id
    where s.xp <> coalesce(l.total, 0)`);
  return (rows as unknown as { rows: Array<{ user_id: string; stored: number; ledger: number }> }).rows.map((r) => ({
    userId: r.user_id,
    stored: Number(r.stored),
    ledger: Number(r.ledger),
  }));
}
