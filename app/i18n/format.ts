import type { Locale } from "#shared/locales";

/** SPEC §9: the Spanish week starts on Monday, the English one on Sunday (0 = Sunday). */
export const weekStartsOn = (locale: Locale): 0 | 1 => (locale === "es" ? 1 : 0);

const intlTag = (locale: Locale) => (locale === "es" ? "es-ES" : "en-US");

// Building an Intl formatter costs far more than using one (it showed at the top of the thread page's
// server profile), so each locale and option set gets one, kept for the life of the process.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

// The same option object (a module constant) finds its formatter without building the key.
const byOptions = {
  es: new WeakMap<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>(),
  en: new WeakMap<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>(),
};

function dateFormat(locale: Locale, opts: Intl.DateTimeFormatOptions) {
  const known = byOptions[locale].get(opts);
  if (known) return known;
  const key = `${locale}|${JSON.stringify(opts)}`;
  let fmt = dateFormats.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(intlTag(locale), { timeZone: "UTC", ...opts });
    // The option sets are a handful of literals in the code; the cap only guards against a caller that builds them.
    if (dateFormats.size < 200) dateFormats.set(key, fmt);
  }
  byOptions[locale].set(opts, fmt);
  return fmt;
}

const LONG_DATE: Intl.DateTimeFormatOptions = { dateStyle: "long" };

export function formatDate(date: Date | string | number, locale: Locale, opts: Intl.DateTimeFormatOptions = LONG_DATE) {
  return dateFormat(locale, opts).format(new Date(date));
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "hace 3 horas" / "3 hours ago", through Intl in the active language. */
export function formatRelative(date: Date | string | number, locale: Locale, now: Date = new Date()) {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  let rtf = relativeFormats.get(locale);
  if (!rtf) relativeFormats.set(locale, (rtf = new Intl.RelativeTimeFormat(intlTag(locale), { numeric: "auto" })));
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === "second") return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, "second");
}

/** The seven weekday names in display order for the locale (for calendars and schedules). */
export function weekdayNames(locale: Locale, style: "long" | "short" = "short"): string[] {
  const fmt = dateFormat(locale, { weekday: style });
  const first = weekStartsOn(locale);
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2023, 0, 1 + ((first + i) % 7)))));
}
