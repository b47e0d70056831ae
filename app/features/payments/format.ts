import type { Locale } from "#shared/locales";

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units (integers, as stored) written in the page's language: 3920 EUR → "39,20 €" / "€39.20". */
export function formatMoney(amountMinor: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
    formats.set(key, f);
  }
  return f.format(amountMinor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}
