/** The all-time ratings' season name. */
export const ALL_TIME = "all";

/** The arena season of a moment: its calendar quarter in UTC ("2026-Q4"). */
export function seasonOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}

/** Midnight UTC of the moment's day: the daily match cap counts from here. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
