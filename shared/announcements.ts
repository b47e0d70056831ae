/**
 * Announcements (SPEC §2 side panel card 4, §9 the indie event): the limits a form shows beside its fields and
 * the operations enforce, the zones an admin may enter a time in, and the conversion between a wall-clock time
 * in a zone and the UTC instant stored. Shared by the admin form and the server.
 */
export const ANNOUNCEMENT_LIMITS = {
  titleMax: 120,
  urlMax: 500,
  /** The banner as uploaded (PNG, JPEG or WebP); it is stored re-encoded as a 1280×720 WebP. */
  imageMaxBytes: 5 * 1024 * 1024,
} as const;

/** The zone the server renders times in before the browser shows its own (the site's home, Spain). */
export const SITE_TIME_ZONE = "Europe/Madrid";

/** Zones an admin may enter an event's time in (the site's audience: Spain, Portugal, the UK, the Americas). */
export const ANNOUNCEMENT_TIME_ZONES = [
  "Europe/Madrid",
  "Atlantic/Canary",
  "Europe/Lisbon",
  "Europe/London",
  "UTC",
  "America/Mexico_City",
  "America/Bogota",
  "America/Lima",
  "America/Santiago",
  "America/Argentina/Buenos_Aires",
  "America/New_York",
  "America/Los_Angeles",
] as const;
export type AnnouncementTimeZone = (typeof ANNOUNCEMENT_TIME_ZONES)[number];

/** Upcoming events shown in the side panel's card 4 (SPEC §2: a banner) and on the home page. */
export const SIDE_PANEL_EVENTS = 1;
export const HOME_EVENTS = 3;

/** More than this many distinct keys missing in a language flags it, and the site falls back to English (SPEC §9). */
export const I18N_MISSING_FLAG_THRESHOLD = 10;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The zone's offset from UTC at an instant, in milliseconds (Madrid in summer: +2 h). */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm`, what `<input type="datetime-local">` sends) names in a
 * zone, or null when the text is not such a time. A time skipped by a clock change reads as the hour after.
 */
export function zonedToUtc(local: string, zone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(wall).getUTCDate() !== d) return null;
  let instant = wall - offsetAt(wall, zone);
  instant = wall - offsetAt(instant, zone);
  return new Date(instant);
}

/** The wall-clock time (`YYYY-MM-DDTHH:mm`) of an instant in a zone, for the edit form. */
export function utcToZoned(date: Date | string, zone: string): string {
  const instant = new Date(date).getTime();
  const wall = new Date(instant + offsetAt(instant, zone));
  return wall.toISOString().slice(0, 16);
}

export const isKnownTimeZone = (zone: string): zone is AnnouncementTimeZone =>
  (ANNOUNCEMENT_TIME_ZONES as readonly string[]).includes(zone);
