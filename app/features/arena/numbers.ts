import type { Locale } from "#shared/locales";

const whole = new Map<Locale, Intl.NumberFormat>();
const signed = new Map<Locale, Intl.NumberFormat>();
const percent = new Map<Locale, Intl.NumberFormat>();
const tag = (locale: Locale) => (locale === "es" ? "es-ES" : "en-US");

/** A rating or a count, whole ("1,512"). */
export function formatWhole(n: number, locale: Locale): string {
  let f = whole.get(locale);
  if (!f) whole.set(locale, (f = new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0 })));
  return f.format(Math.round(n));
}

/** A change with its sign ("+12", "−5", "0"). */
export function formatSigned(n: number, locale: Locale): string {
  let f = signed.get(locale);
  if (!f) signed.set(locale, (f = new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0, signDisplay: "exceptZero" })));
  return f.format(Math.round(n));
}

/** A chance ("12%"). */
export function formatPercent(x: number, locale: Locale): string {
  let f = percent.get(locale);
  if (!f) percent.set(locale, (f = new Intl.NumberFormat(tag(locale), { style: "percent", maximumFractionDigits: 0 })));
  return f.format(x);
}
