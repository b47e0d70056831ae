import { and, gt, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { featuredGames } from "#server/db/schema";
import type { Database } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { FEATURE_DURATION_MAX_DAYS, FEATURE_DURATION_MIN_DAYS, FEATURE_TYPES_ON_HOMEPAGE } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { assertCan } from "./policy";

export const DAY_MS = 86_400_000;
/** How far ahead the approve form looks for a free homepage slot (and lists taken periods). */
export const AVAILABILITY_HORIZON_DAYS = 400;

/** A period that holds one homepage slot. */
export type TakenPeriod = { id: string; gameName: string; startsAt: Date; endsAt: Date };

type Reader = Pick<Database, "select">;

/**
 * The homepage features (homepage and both) that hold a slot somewhere in [from, to): scheduled or active,
 * hidden ones included (a hidden feature was paid for and may be shown again, so its slot stays taken).
 */
export async function takenPeriods(db: Reader, from: Date, to: Date): Promise<TakenPeriod[]> {
  return db
    .select({ id: featuredGames.id, gameName: featuredGames.gameName, startsAt: featuredGames.startsAt, endsAt: featuredGames.endsAt })
    .from(featuredGames)
    .where(
      and(
        inArray(featuredGames.featureType, [...FEATURE_TYPES_ON_HOMEPAGE]),
        inArray(featuredGames.scheduleStatus, ["scheduled", "active"]),
        lt(featuredGames.startsAt, to),
        gt(featuredGames.endsAt, from),
      ),
    )
    .orderBy(featuredGames.startsAt, featuredGames.id);
}

/** The most features running at the same moment inside [from, to). */
export function peakOverlap(periods: TakenPeriod[], from: Date, to: Date): number {
  const points: [number, number][] = [];
  for (const p of periods) {
    const s = Math.max(p.startsAt.getTime(), from.getTime());
    const e = Math.min(p.endsAt.getTime(), to.getTime());
    if (e <= s) continue;
    points.push([s, 1], [e, -1]);
  }
  // Ends before starts at the same instant: a period ending at 10:00 frees its slot for one starting at 10:00.
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, d] of points) {
    current += d;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** The next UTC midnight at or after `t` (a feature approved for a later day starts at its midnight). */
export const dayCeil = (t: number) => Math.ceil(t / DAY_MS) * DAY_MS;

/**
 * The earliest start at or after `from` for which a feature of `durationDays` finds a free homepage slot on
 * every day: either `from` itself or the first midnight after one of the taken periods ends (a later start
 * is chosen as a date, and starts at that day's midnight UTC).
 */
export function nextFreeStart(periods: TakenPeriod[], slots: number, from: Date, durationDays: number): Date {
  const ends = periods.map((p) => dayCeil(p.endsAt.getTime())).filter((t) => t > from.getTime());
  const candidates = [from.getTime(), ...ends].sort((a, b) => a - b);
  for (const c of candidates) {
    const start = new Date(c);
    const end = new Date(c + durationDays * DAY_MS);
    if (peakOverlap(periods, start, end) < slots) return start;
  }
  // Past every taken period there is always room.
  return new Date(Math.max(from.getTime(), ...periods.map((p) => dayCeil(p.endsAt.getTime()))));
}

/**
 * Inside an approving transaction: one shared lock (transaction-scoped advisory lock) so that approvals are
 * decided one after the other — two approvals into the homepage's last free slot, or two games of the same
 * name wanting the same slug, never both pass their check. Approvals are rare; nothing else waits on it.
 */
export async function lockApprovals(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('featured.approvals'))`);
}

/**
 * After `lockApprovals`: throws `promotions.slots_full` with the next free date when some moment of
 * [start, end) has every homepage slot taken.
 */
export async function assertHomepageSlotFree(tx: Reader, slots: number, start: Date, end: Date, durationDays: number): Promise<void> {
  const periods = await takenPeriods(tx, start, new Date(end.getTime() + AVAILABILITY_HORIZON_DAYS * DAY_MS));
  if (peakOverlap(periods, start, end) < slots) return;
  const next = nextFreeStart(periods, slots, start, durationDays);
  throw new DomainError("promotions.slots_full", { date: next.toISOString().slice(0, 10) });
}

const availabilityInput = z.object({
  durationDays: z.coerce.number().int().min(FEATURE_DURATION_MIN_DAYS).max(FEATURE_DURATION_MAX_DAYS).catch(14),
});

/**
 * What the approve form shows (Admins): the homepage's slots, the periods already taken from today, and the
 * next date from which a feature of the chosen duration fits.
 */
export async function homepageAvailability(deps: Pick<PromotionsDeps, "db" | "settings" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "submission.approve");
  const { durationDays } = availabilityInput.parse(input ?? {});
  const now = deps.now();
  const { homepageSlots } = await deps.settings.get("featured_offer");
  const periods = await takenPeriods(deps.db, now, new Date(now.getTime() + AVAILABILITY_HORIZON_DAYS * DAY_MS));
  return { slots: homepageSlots, durationDays, taken: periods, nextFree: nextFreeStart(periods, homepageSlots, now, durationDays) };
}
