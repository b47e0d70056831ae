/**
 * Times of an episode room's schedule: a slot is stored in UTC and shown in each person's IANA time zone. Plain
 * `Intl` arithmetic, the same on the server (proposing from a form, the invitation mail) and in the page.
 */

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Madrid", "America/Mexico_City", "UTC"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || !zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function partsFormat(zone: string) {
  let fmt = zoneFormats.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (zoneFormats.size < 500) zoneFormats.set(zone, fmt);
  }
  return fmt;
}

/** The wall-clock reading of an instant in a zone: year, month (1–12), day, hour, minute, second. */
export function wallClock(at: Date, zone: string) {
  const out: Record<string, number> = {};
  for (const p of partsFormat(zone).formatToParts(at)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour % 24, minute: out.minute, second: out.second };
}

/** Minutes the zone is ahead of UTC at that instant (Madrid in summer: 120). */
export function zoneOffsetMinutes(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time names in a zone ("2026-05-04" "18:00" in Europe/Madrid); null for a malformed or
 * impossible day. A time the clocks skip or repeat (the hour of a change) is read with one of its two offsets.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [+d[1], +d[2], +d[3], +t[1], +t[2]];
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59) return null;
  const naive = Date.UTC(y, mo - 1, da, h, mi);
  const check = new Date(naive);
  if (check.getUTCDate() !== da || check.getUTCMonth() !== mo - 1) return null;
  // Two passes: the offset at the guess, then at the corrected guess (they differ only around a change).
  const first = naive - zoneOffsetMinutes(new Date(naive), zone) * 60_000;
  const second = naive - zoneOffsetMinutes(new Date(first), zone) * 60_000;
  return new Date(Math.min(first, second));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The day an instant falls on in a zone, as `YYYY-MM-DD`. */
export function dayInZone(at: Date, zone: string): string {
  const w = wallClock(at, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The time of day of an instant in a zone, as `HH:MM`. */
export function timeInZone(at: Date, zone: string): string {
  const w = wallClock(at, zone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** A `YYYY-MM-DD` day moved by `days` (calendar days, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** The weekday of a `YYYY-MM-DD` day: 0 = Sunday. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The first day of the week holding `day`, the week starting on `firstDay` (0 Sunday, 1 Monday). */
export function weekStartOf(day: string, firstDay: 0 | 1): string {
  return addDays(day, -((weekdayOf(day) - firstDay + 7) % 7));
}

/** A well-formed `YYYY-MM-DD` that names a real day. */
export function isDay(day: unknown): day is string {
  if (typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return addDays(day, 0) === day;
}
