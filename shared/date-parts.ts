/**
 * A date as day, month and year, and the conversions to and from a `YYYY-MM-DD` day. DateInput is the
 * platform's date field (it sends `YYYY-MM-DD`); the part names are those of the three boxes it used to be,
 * still read by `app/components/ui/date-input.server.ts` (which validates with zod). Plain functions, no zod.
 */
export type DateParts = { day: string; month: string; year: string };

export const datePartNames = (name: string) => ({ day: `${name}-day`, month: `${name}-month`, year: `${name}-year` }) as const;

/** "2026-03-07" → { day: "7", month: "3", year: "2026" }; anything else gives empty boxes. */
export function isoToParts(iso: string | null | undefined): DateParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return m ? { day: String(Number(m[3])), month: String(Number(m[2])), year: m[1]! } : { day: "", month: "", year: "" };
}

/** The day the boxes name, as `YYYY-MM-DD`, or null when they do not name a real day (31 February…). */
export function partsToIso(p: DateParts): string | null {
  const [day, month, year] = [p.day.trim(), p.month.trim(), p.year.trim()];
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}
