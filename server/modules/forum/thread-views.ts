import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { forums, threads, threadViews } from "#server/db/schema";
import type { Logger } from "#server/platform/logger";

/** One reading of a thread page: which thread (by its address), the UTC day, and the visitor's salted hash. */
export type ThreadViewHit = { forumSlug: string; threadSlug: string; day: string; visitor: string };

/** Hits kept in memory before they are written: at most this many, or for at most this long. */
export const VIEW_FLUSH_SIZE = 500;
export const VIEW_FLUSH_MS = 3000;

/** A UTC day as YYYY-MM-DD. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Writes a batch of thread views in one statement: each (day, thread, visitor) is inserted once (a repeat, in
 * this batch, an earlier one or a concurrent one, does nothing), and each thread's `view_count` grows by the
 * rows that were really inserted. Addresses that name no thread (any more) are dropped. Returns the views
 * counted.
 */
export async function recordThreadViews(db: Database, hits: ThreadViewHit[]): Promise<number> {
  if (hits.length === 0) return 0;
  const batch = JSON.stringify(hits.map((h) => ({ f: h.forumSlug, t: h.threadSlug, d: h.day, v: h.visitor })));
  const result = (await db.execute(sql`
    with hits as (
      select distinct x.d::date as day, t.id as thread_id, x.v as visitor
      from jsonb_to_recordset(${batch}::jsonb) as x(f text, t text, d text, v text)
      join ${forums} f on f.slug = x.f
      join ${threads} t on t.forum_id = f.id and t.slug = x.t
    ), added as (
      -- In key order, so two instances' batches wait on each other instead of deadlocking.
      insert into ${threadViews} (day, thread_id, visitor)
      select day, thread_id, visitor from hits order by day, thread_id, visitor
      on conflict do nothing
      returning thread_id
    ), counted as (
      update ${threads} t set view_count = t.view_count + a.n
      from (select thread_id, count(*)::int as n from added group by thread_id) a
      where t.id = a.thread_id
      returning a.n
    )
    select coalesce(sum(n), 0)::int as n from counted`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Forgets the visitors of days before yesterday (a view is only compared with the same day's). */
export async function pruneThreadViews(db: Database, today: string) {
  await db.execute(sql`delete from ${threadViews} where day < (${today}::date - 1)`);
}

/**
 * The view counter of one server instance: a page view only adds its hit to memory (no statement on the
 * request's path); the hits are written in one statement every few seconds or every 500 hits. Repeats within
 * the batch are dropped before they reach the database. Once a day it also deletes old visitors.
 */
export function createViewCounter(deps: { db: Database; now: () => Date; log: Logger }) {
  let pending = new Map<string, ThreadViewHit>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let prunedOn: string | null = null;
  let writing: Promise<unknown> = Promise.resolve();

  const flush = async (): Promise<number> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const hits = [...pending.values()];
    pending = new Map();
    const today = utcDay(deps.now());
    const run = async () => {
      let counted = 0;
      // Once more if the database refused (a deadlock with another instance's batch, a dropped connection).
      if (hits.length) counted = await recordThreadViews(deps.db, hits).catch(() => recordThreadViews(deps.db, hits));
      if (prunedOn !== today) {
        prunedOn = today;
        await pruneThreadViews(deps.db, today);
      }
      return counted;
    };
    // One write at a time per instance; a failure is logged (views are not worth an error page).
    const done = writing.then(run).catch((err: unknown) => {
      deps.log.warn("thread views not recorded", { err, hits: hits.length });
      return 0;
    });
    writing = done;
    return done;
  };

  return {
    /** Counts a page view of a thread (by its address), written with the next batch. */
    add(hit: Omit<ThreadViewHit, "day">) {
      const full = { ...hit, day: utcDay(deps.now()) };
      pending.set(`${full.day}|${full.forumSlug}|${full.threadSlug}|${full.visitor}`, full);
      if (pending.size >= VIEW_FLUSH_SIZE) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), VIEW_FLUSH_MS);
        timer.unref?.();
      }
    },
    /** Writes what is waiting now (shutdown, tests); resolves with the views counted. */
    flush,
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
