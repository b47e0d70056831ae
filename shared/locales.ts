/** Languages of the site. English is the fallback (SPEC §9). Shared by the server and the browser. */
export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "lng";
export const LOCALE_QUERY = "lng";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Namespaces every page needs; areas add theirs through the route's `handle.i18n`. */
export const BASE_NAMESPACES = ["common", "errors"] as const;

export const isLocale = (v: unknown): v is Locale => typeof v === "string" && (LOCALES as readonly string[]).includes(v);

/**
 * SPEC §5: the detector discards values that look like script injection. Anything that is not a short
 * language tag (letters, digits, '-' or '_') is thrown away before it is matched, logged or echoed.
 */
export function sanitizeLanguage(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const v = value.trim();
  if (v.length > 35 || !/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(v)) return null;
  const primary = v.slice(0, 2).toLowerCase();
  return isLocale(primary) ? primary : null;
}

/** Parses Accept-Language and returns the supported language with the highest weight. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((x) => x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of ranked) {
    const l = sanitizeLanguage(tag);
    if (l) return l;
  }
  return null;
}

/** Splits an optional /es or /en prefix off a path. */
export function splitLocalePrefix(pathname: string): { locale: Locale | null; rest: string } {
  const m = /^\/(es|en)(\/.*)?$/.exec(pathname);
  if (!m) return { locale: null, rest: pathname };
  return { locale: m[1] as Locale, rest: m[2] || "/" };
}

/** The same page in another language: /es/about → /en/about, /about → /en/about. */
export function localizedPath(path: string, locale: Locale | null): string {
  const { rest } = splitLocalePrefix(path);
  if (!locale) return rest;
  return rest === "/" ? `/${locale}/` : `/${locale}${rest}`;
}
