import { splitLocalePrefix, type Locale } from "#shared/locales";

/**
 * Return paths: where a person goes after signing in or after a form post. The value comes from
 * the query string or a form field, so it is untrusted; only paths of this site are followed (no open
 * redirects). Every check lives here, and it runs on the final path, after the language prefix is changed.
 */

export type LocalePrefix = "" | `/${Locale}`;

const MAX_LENGTH = 2048;
const BASE = new URL("http://x.invalid");

/**
 * Characters refused anywhere in the value as given: controls (C0, DEL, C1), whitespace and invisible
 * format characters (browsers drop tabs and newlines inside URLs, so "/\t/evil" becomes "//evil"),
 * backslashes (read as "/" by browsers) and look-alike slashes.
 */
const REFUSED_CHARS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\ufff9-\ufffb\\\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;
/** After any amount of decoding, the path part must not hold these: controls, spaces, backslashes, "//", encoded slashes, dot segments. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REFUSED_IN_PATH = /[\u0000-\u0020\u007f\\]|\/\/|%2f|%5c|(?:^|\/)\.{1,2}(?:\/|$)/i;
const MAX_DECODING_ROUNDS = 4;

const decodeOnce = (s: string) => s.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The checks on the text itself, before and after the URL parser has had its say. */
function looksSameSite(value: string): boolean {
  if (value.length === 0 || value.length > MAX_LENGTH || value[0] !== "/" || REFUSED_CHARS.test(value)) return false;
  const cut = value.search(/[?#]/);
  let path = cut < 0 ? value : value.slice(0, cut);
  // The path part, as it is and as every decoding of it would read: "/%252F%252Fevil" is refused too.
  for (let round = 0; round <= MAX_DECODING_ROUNDS; round++) {
    if (!path.startsWith("/") || REFUSED_IN_PATH.test(path)) return false;
    const decoded = decodeOnce(path);
    if (decoded === path) return true;
    path = decoded;
  }
  return false;
}

/** The value as a path of this site (in the URL parser's own spelling), or null if it is not one. */
function sameSitePath(value: string): string | null {
  if (!looksSameSite(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE.origin || url.username || url.password) return null;
  const path = url.pathname + url.search + url.hash;
  return looksSameSite(path) ? path : null;
}

/** The same path with the page's language prefix in place of the one it had (the path part only). */
function withPrefix(path: string, prefix: LocalePrefix): string {
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  const tail = cut < 0 ? "" : path.slice(cut);
  const { rest } = splitLocalePrefix(pathname);
  const localized = `${prefix}${rest}`;
  return (localized.length > 1 && localized.endsWith("/") ? localized.slice(0, -1) : localized) + tail;
}

const isPrefix = (p: unknown): p is LocalePrefix => p === "" || p === "/es" || p === "/en";

/**
 * The one place where a return path is decided. `value` is untrusted. With a `localePrefix`, the language
 * prefix of the value is replaced by the page's (login?redirectTo=/account on /es pages → /es/account).
 * The result is checked again after that, parsed against a base origin: it is always a path of this site
 * starting with a single "/"; anything else gives the fallback (in the same language).
 */
export function returnPath(value: unknown, options: { fallback: string; localePrefix?: LocalePrefix }): string {
  const { fallback, localePrefix } = options;
  const decide = (candidate: unknown): string | null => {
    if (typeof candidate !== "string") return null;
    const path = sameSitePath(candidate);
    if (path === null || localePrefix === undefined) return path;
    return sameSitePath(withPrefix(path, isPrefix(localePrefix) ? localePrefix : ""));
  };
  return decide(value) ?? decide(fallback) ?? (isPrefix(localePrefix) && localePrefix ? localePrefix : "/");
}

/** A same-site path, language prefix kept as given (forms that post back to the page they came from). */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  return returnPath(value, { fallback });
}

/** A same-site path in the page's language; the default is the dashboard. */
export function localizedReturnPath(value: unknown, localePrefix: LocalePrefix, fallback = "/dashboard"): string {
  return returnPath(value, { fallback, localePrefix });
}
