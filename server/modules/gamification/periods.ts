/**
 * Time windows of the gamification area, all in UTC (decision 0017): daily caps count per UTC day; the week
 * leaderboard is the ISO week (Monday to Sunday, the Spanish convention of SPEC §9, the same for both
 * languages so a rank never depends on the page's language); the month is the calendar month.
 */
const DAY_MS = 24 * 3600_000;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The UTC day holding `at`: [start, end). */
export function utcDay(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The Monday (UTC) that starts the ISO week holding `at`, as YYYY-MM-DD. */
export function weekStart(at: Date): string {
  const { start } = utcDay(at);
  const sinceMonday = (start.getUTCDay() + 6) % 7;
  return isoDate(new Date(start.getTime() - sinceMonday * DAY_MS));
}

/** The first day (UTC) of the month holding `at`, as YYYY-MM-DD. */
export function monthStart(at: Date): string {
  return isoDate(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)));
}

export type Period = "week" | "month";
export const periodStart = (period: Period, at: Date): string => (period === "week" ? weekStart(at) : monthStart(at));
