import type { Locale } from "#shared/locales";
import { COUNTRY_CODES } from "#shared/company-limits";

/** A country's name in the reader's language (ISO 3166-1 alpha-2 code in, "España" / "Spain" out). */
export function countryName(code: string | null | undefined, locale: Locale): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale === "es" ? "es-ES" : "en-US"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country as options, sorted by name in the reader's language. */
export function countryOptions(locale: Locale): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}
