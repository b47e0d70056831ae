import { z } from "zod";
import { ANALYTICS_WINDOWS, type AnalyticsWindow } from "#shared/promotions";
import { utcDay } from "./rollup-game-analytics";

const DAY_MS = 86_400_000;

/** `?window=` as one of 7, 30, 90 (anything else: 30). */
export const windowInput = z.coerce
  .number()
  .int()
  .refine((n): n is AnalyticsWindow => (ANALYTICS_WINDOWS as readonly number[]).includes(n))
  .catch(30)
  .transform((n) => n as AnalyticsWindow);

/** The UTC days of a window ending today, oldest first (`window` days, today included). */
export function windowDays(now: Date, window: AnalyticsWindow): string[] {
  return Array.from({ length: window }, (_, i) => utcDay(new Date(now.getTime() - (window - 1 - i) * DAY_MS)));
}

export type GameCounts = { views: number; storeClicks: number; trailerClicks: number; campaignClicks: number };
export const ZERO_COUNTS: GameCounts = { views: 0, storeClicks: 0, trailerClicks: 0, campaignClicks: 0 };
export const addCounts = (a: GameCounts, b: GameCounts): GameCounts => ({
  views: a.views + b.views,
  storeClicks: a.storeClicks + b.storeClicks,
  trailerClicks: a.trailerClicks + b.trailerClicks,
  campaignClicks: a.campaignClicks + b.campaignClicks,
});
