import type { Locale } from "#shared/locales";

const tag = (locale: Locale) => (locale === "es" ? "es-ES" : "en-US");
const plain = new Map<Locale, Intl.NumberFormat>();
const signed = new Map<Locale, Intl.NumberFormat>();

/** 12,500 / 12.500 in the page's language (one formatter per language, kept). */
export function formatNumber(n: number, locale: Locale): string {
  let f = plain.get(locale);
  if (!f) plain.set(locale, (f = new Intl.NumberFormat(tag(locale))));
  return f.format(n);
}

/** "+10", "-5", "0": an XP change with its sign. */
export function formatSigned(n: number, locale: Locale): string {
  let f = signed.get(locale);
  if (!f) signed.set(locale, (f = new Intl.NumberFormat(tag(locale), { signDisplay: "exceptZero" })));
  return f.format(n);
}

/** A signed XP amount ("+10", "−5"), with a real minus sign (the admin's ledger). */
export const signedXp = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");
