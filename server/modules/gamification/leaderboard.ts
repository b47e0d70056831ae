import { and, count, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { profiles, userStats, xpPeriodTotals } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { LEADERBOARD_PAGE_SIZE, LEADERBOARD_SIZE, parseInput } from "./deps";
import { pageField, periodField } from "./input";
import { periodStart } from "./periods";
import { levelOfXp } from "./views";

const leaderboardInput = z.object({ period: periodField, page: pageField });
export type LeaderboardInput = z.input<typeof leaderboardInput>;

export type LeaderboardEntry = { rank: number; userId: string; username: string; avatarUrl: string | null; xp: number; level: number };
export type Leaderboard = {
  period: "all" | "month" | "week";
  /** The first day (UTC) of the week (Monday) or month shown; null for all time. */
  startsOn: string | null;
  page: number;
  pageCount: number;
  entries: LeaderboardEntry[];
  /** The signed-in viewer's place, also outside the top 100 (rank null without XP in the period). */
  me: { rank: number | null; xp: number; inTop: boolean } | null;
};

/**
 * The leaderboard (SPEC §9: top 100 by XP), all time or for this ISO week / calendar month (UTC, decision
 * 0017), 25 a page, with the viewer's own rank. Ranks are shared by equal XP ("1, 2, 2, 4"); people without XP
 * in the period are not ranked. All time reads the stats' XP index; week and month read the period totals
 * kept with the ledger, so neither sums the ledger: at most three statements whatever the number of members.
 */
export async function leaderboard(
  deps: { db: Pick<Database, "select">; now: () => Date },
  viewer: Actor,
  input: unknown,
): Promise<Leaderboard> {
  const { period, page: asked } = parseInput(leaderboardInput, input);
  const startsOn = period === "all" ? null : periodStart(period, deps.now());
  const inPeriod = period === "all" ? null : and(eq(xpPeriodTotals.period, period), eq(xpPeriodTotals.startsOn, startsOn!));
  const top =
    inPeriod === null
      ? await deps.db
          .select({
            userId: userStats.userId,
            xp: userStats.xp,
            username: profiles.username,
            avatarUrl: profiles.avatarUrl,
            level: levelOfXp(userStats.xp),
          })
          .from(userStats)
          .innerJoin(profiles, eq(profiles.id, userStats.userId))
          .where(gt(userStats.xp, 0))
          .orderBy(desc(userStats.xp), userStats.userId)
          .limit(LEADERBOARD_SIZE)
      : await deps.db
          .select({
            userId: xpPeriodTotals.userId,
            xp: xpPeriodTotals.xp,
            username: profiles.username,
            avatarUrl: profiles.avatarUrl,
            level: levelOfXp(userStats.xp),
          })
          .from(xpPeriodTotals)
          .innerJoin(profiles, eq(profiles.id, xpPeriodTotals.userId))
          .leftJoin(userStats, eq(userStats.userId, xpPeriodTotals.userId))
          .where(and(inPeriod, gt(xpPeriodTotals.xp, 0)))
          .orderBy(desc(xpPeriodTotals.xp), xpPeriodTotals.userId)
          .limit(LEADERBOARD_SIZE);
  const ranked: LeaderboardEntry[] = [];
  top.forEach((r, i) => ranked.push({ ...r, level: r.level ?? 1, rank: i > 0 && r.xp === top[i - 1].xp ? ranked[i - 1].rank : i + 1 }));
  const pageCount = Math.max(1, Math.ceil(ranked.length / LEADERBOARD_PAGE_SIZE));
  const page = Math.min(asked, pageCount);

  let me: Leaderboard["me"] = null;
  if (viewer) {
    const mine = ranked.find((e) => e.userId === viewer.userId);
    if (mine) me = { rank: mine.rank, xp: mine.xp, inTop: true };
    else {
      const [own] =
        inPeriod === null
          ? await deps.db.select({ xp: userStats.xp }).from(userStats).where(eq(userStats.userId, viewer.userId)).limit(1)
          : await deps.db
              .select({ xp: xpPeriodTotals.xp })
              .from(xpPeriodTotals)
              .where(and(inPeriod, eq(xpPeriodTotals.userId, viewer.userId)))
              .limit(1);
      const xp = own?.xp ?? 0;
      if (xp <= 0) me = { rank: null, xp, inTop: false };
      else {
        const [{ above }] =
          inPeriod === null
            ? await deps.db.select({ above: count() }).from(userStats).where(gt(userStats.xp, xp))
            : await deps.db
                .select({ above: count() })
                .from(xpPeriodTotals)
                .where(and(inPeriod, gt(xpPeriodTotals.xp, xp)));
        me = { rank: above + 1, xp, inTop: false };
      }
    }
  }
  return { period, startsOn, page, pageCount, entries: ranked.slice((page - 1) * LEADERBOARD_PAGE_SIZE, page * LEADERBOARD_PAGE_SIZE), me };
}
