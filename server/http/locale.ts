import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import {
  FALLBACK_LOCALE,
  fromAcceptLanguage,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_QUERY,
  sanitizeLanguage,
  splitLocalePrefix,
  type Locale,
} from "#shared/locales";

export type LocaleResolution = { locale: Locale; prefix: "" | "/es" | "/en"; source: "path" | "query" | "cookie" | "header" | "fallback" };

/**
 * SPEC §9 detection order, on the server: the path prefix (explicit), then the query string, the cookie
 * and Accept-Language. Storage and the html tag are browser-only and add nothing to a server render.
 */
export function resolveLocale(url: URL, cookieValue: string | undefined, acceptLanguage: string | undefined): LocaleResolution {
  // React Router's client navigations ask for "/es.data" or "/es/about.data": the same page, as data.
  const { locale: fromPath } = splitLocalePrefix(url.pathname.replace(/\.data$/, ""));
  if (fromPath) return { locale: fromPath, prefix: `/${fromPath}`, source: "path" };
  const fromQuery = sanitizeLanguage(url.searchParams.get(LOCALE_QUERY));
  if (fromQuery) return { locale: fromQuery, prefix: "", source: "query" };
  const fromCookie = sanitizeLanguage(cookieValue);
  if (fromCookie) return { locale: fromCookie, prefix: "", source: "cookie" };
  const fromHeader = fromAcceptLanguage(acceptLanguage);
  if (fromHeader) return { locale: fromHeader, prefix: "", source: "header" };
  return { locale: FALLBACK_LOCALE, prefix: "", source: "fallback" };
}

/**
 * The explicit choices (a prefixed path or ?lng=) are cached in the cookie, as the spec asks. Returns the
 * Set-Cookie value to add to the response, if the cookie must change.
 */
export function localeFor(c: Context, secure: boolean): LocaleResolution & { setCookie?: string } {
  const url = new URL(c.req.url);
  const cookie = getCookie(c, LOCALE_COOKIE);
  const r = resolveLocale(url, cookie, c.req.header("accept-language"));
  if ((r.source === "path" || r.source === "query") && cookie !== r.locale) {
    const setCookie = `${LOCALE_COOKIE}=${r.locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
    return { ...r, setCookie };
  }
  return r;
}
