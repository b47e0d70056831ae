import { weekStartsOn } from "#app/i18n/format";
import type { Locale } from "#shared/locales";
import { addDays, isDay, weekStartOf } from "#shared/room-time";

/** One week of the schedule's calendar: its seven days (`YYYY-MM-DD`) and the weeks before and after. */
export type ScheduleWeek = { start: string; days: string[]; prev: string; next: string; today: string };

/**
 * The week the calendar shows: the one holding `?week=` (any day of it, as the previous/next links write its
 * first day), else the one holding today. It starts on Monday in Spanish and on Sunday in English (SPEC §9).
 */
export function scheduleWeek(param: string | null, today: string, locale: Locale): ScheduleWeek {
  const start = weekStartOf(isDay(param) ? param : today, weekStartsOn(locale));
  return {
    start,
    days: Array.from({ length: 7 }, (_, i) => addDays(start, i)),
    prev: addDays(start, -7),
    next: addDays(start, 7),
    today,
  };
}
