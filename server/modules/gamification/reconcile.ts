import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { users, userStats, xpLedger, xpPeriodTotals } from "#server/db/schema";
import { announceChange } from "./announce-change";
import type { GamificationDeps, Tx } from "./deps";
import { periodStart, type Period } from "./periods";
import { replayForum } from "./replay";
import { runSession } from "./session";

const FIELDS = ["xp", "threads", "replies", "likesGiven", "likesReceived"] as const;
type Field = (typeof FIELDS)[number];

export type Drift = { userId: string; field: Field; stored: number; expected: number };
export type PeriodDrift = { userId: string; period: Period; startsOn: string; stored: number; expected: number };
export type ReconcileReport = { replayed: number; checked: number; drift: Drift[]; periodDrift: PeriodDrift[] };

type Row = { user_id: string; has_stats: boolean } & Record<`e_${Field}` | `s_${Field}`, number>;

/**
 * What each person's numbers should be, from the ledger alone: XP is the sum of their rows; the counters are
 * their active awards (not reversed) by reason; likes given are the active like awards where they are the
 * liker. With `userId`, only that person (read under their lock when fixing).
 */
async function expectedFromLedger(db: Pick<Database, "execute"> | Tx, userId?: string): Promise<Row[]> {
  const onlyLedger = userId ? sql`where a.user_id = ${userId} or (a.counterpart_id = ${userId} and a.reason = 'like_received')` : sql``;
  const onlyUser = userId ? sql`and p.user_id = ${userId}` : sql``;
  const result = await db.execute(sql`
    with l as (
      select a.user_id, a.reason, a.counterpart_id, a.amount,
        (a.reverses_id is null and not exists (select 1 from ${xpLedger} r where r.reverses_id = a.id)) as active
      from ${xpLedger} a ${onlyLedger}
    ),
    mine as (
      select user_id, sum(amount)::int as xp,
        (count(*) filter (where active and reason = 'thread_create'))::int as threads,
        (count(*) filter (where active and reason = 'post_create'))::int as replies,
        (count(*) filter (where active and reason = 'like_received'))::int as likes_received
      from l group by user_id
    ),
    given as (
      select counterpart_id as user_id, count(*)::int as likes_given
      from l where active and reason = 'like_received' and counterpart_id is not null group by counterpart_id
    ),
    people as (select user_id from ${userStats} union select user_id from mine union select user_id from given)
    select p.user_id, s.user_id is not null as has_stats,
      coalesce(m.xp, 0) as e_xp, coalesce(m.threads, 0) as e_threads, coalesce(m.replies, 0) as e_replies,
      coalesce(g.likes_given, 0) as e_likesGiven, coalesce(m.likes_received, 0) as e_likesReceived,
      coalesce(s.xp, 0) as s_xp, coalesce(s.threads, 0) as s_threads, coalesce(s.replies, 0) as s_replies,
      coalesce(s.likes_given, 0) as s_likesGiven, coalesce(s.likes_received, 0) as s_likesReceived
    from people p
    join ${users} u on u.id = p.user_id
    left join mine m on m.user_id = p.user_id
    left join given g on g.user_id = p.user_id
    left join ${userStats} s on s.user_id = p.user_id
    where true ${onlyUser}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => {
    const out: Record<string, unknown> = { user_id: r.user_id, has_stats: r.has_stats };
    // Unquoted aliases come back in lower case.
    for (const f of FIELDS) {
      out[`e_${f}`] = Number(r[`e_${f}`] ?? r[`e_${f.toLowerCase()}`]);
      out[`s_${f}`] = Number(r[`s_${f}`] ?? r[`s_${f.toLowerCase()}`]);
    }
    return out as Row;
  });
}

const driftOf = (r: Row): Drift[] =>
  FIELDS.filter((f) => r[`e_${f}`] !== r[`s_${f}`] || (!r.has_stats && r[`e_${f}`] !== 0)).map((f) => ({
    userId: r.user_id,
    field: f,
    stored: r[`s_${f}`],
    expected: r[`e_${f}`],
  }));

/** The current week's and month's totals from the ledger's created_at, against the stored ones. */
async function periodTotals(db: Pick<Database, "execute"> | Tx, period: Period, startsOn: string, userId?: string) {
  const end = period === "week" ? sql`${startsOn}::date + 7` : sql`(${startsOn}::date + interval '1 month')::date`;
  const result = await db.execute(sql`
    with e as (
      select user_id, sum(amount)::int as xp from ${xpLedger}
      where created_at >= ${startsOn}::date::timestamp at time zone 'UTC' and created_at < (${end})::timestamp at time zone 'UTC'
      ${userId ? sql`and user_id = ${userId}` : sql``}
      group by user_id
    ),
    s as (select user_id, xp from ${xpPeriodTotals} where period = ${period} and starts_on = ${startsOn}::date ${userId ? sql`and user_id = ${userId}` : sql``})
    select coalesce(e.user_id, s.user_id) as user_id, coalesce(e.xp, 0) as expected, coalesce(s.xp, 0) as stored
    from e full join s on s.user_id = e.user_id
    where coalesce(e.xp, 0) <> coalesce(s.xp, 0)`);
  return (result as unknown as { rows: Array<{ user_id: string; expected: number; stored: number }> }).rows.map((r) => ({
    userId: r.user_id,
    period,
    startsOn,
    expected: Number(r.expected),
    stored: Number(r.stored),
  }));
}

/**
 * The daily check (job `gamification.reconcile`, decision 0017): first replays the forum sources of the last
 * two days (events lost between a forum commit and its listener), then recomputes every person's XP and
 * counters from the ledger, and this week's and month's totals from the ledger's created_at. Whatever
 * differs is reported (logged as a warning) and fixed under the person's lock, the level settled again.
 */
export async function reconcile(
  deps: Pick<GamificationDeps, "db" | "settings" | "events" | "modifiers" | "now" | "log">,
  opts: { replaySince?: Date | null } = {},
): Promise<ReconcileReport> {
  const now = deps.now();
  const since = opts.replaySince === undefined ? new Date(now.getTime() - 2 * 24 * 3600_000) : opts.replaySince;
  const replayed = since ? (await replayForum(deps, { since })).sources : 0;

  const rows = await expectedFromLedger(deps.db);
  const drift = rows.flatMap(driftOf);
  for (const userId of new Set(drift.map((d) => d.userId))) {
    await runSession(deps, now, async (s) => {
      await s.lock([userId]);
      const [fresh] = await expectedFromLedger(s.tx, userId);
      if (fresh)
        s.overwrite(userId, {
          xp: fresh.e_xp,
          threads: fresh.e_threads,
          replies: fresh.e_replies,
          likesGiven: fresh.e_likesGiven,
          likesReceived: fresh.e_likesReceived,
        });
    });
  }

  const periodDrift: PeriodDrift[] = [];
  for (const period of ["week", "month"] as const) {
    const startsOn = periodStart(period, now);
    for (const d of await periodTotals(deps.db, period, startsOn)) {
      periodDrift.push(d);
      await runSession(deps, now, async (s) => {
        await s.lock([d.userId]);
        const [fresh] = await periodTotals(s.tx, period, startsOn, d.userId);
        if (!fresh || !s.isLocked(d.userId)) return;
        await s.tx
          .insert(xpPeriodTotals)
          .values({ period, startsOn, userId: d.userId, xp: fresh.expected })
          .onConflictDoUpdate({
            target: [xpPeriodTotals.period, xpPeriodTotals.startsOn, xpPeriodTotals.userId],
            set: { xp: fresh.expected },
          });
      });
    }
  }
  if (drift.length || periodDrift.length) {
    await announceChange(deps, "reconciled");
    deps.log.warn("gamification drift fixed", {
      drift: drift.slice(0, 50),
      periodDrift: periodDrift.slice(0, 50),
      users: new Set(drift.map((d) => d.userId)).size,
    });
  }
  return { replayed, checked: rows.length, drift, periodDrift };
}
