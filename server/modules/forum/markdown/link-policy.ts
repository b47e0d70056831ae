/**
 * Which URLs a post may link to or show as an image. Allow-lists only: anything not recognised is refused, so
 * `javascript:`, `data:`, `vbscript:`, `file:`, protocol-relative `//host` and every encoding or whitespace
 * trick around them fall out without being named.
 */

/** The `rel` every link that leaves the site gets (SPEC: user content, no endorsement, no window.opener). */
export const EXTERNAL_REL = "ugc nofollow noopener";

export type LinkKind = "internal" | "external";

/** Spaces, control characters and backslashes: browsers strip or reinterpret them inside URLs. */
// eslint-disable-next-line no-control-regex
const UNSAFE_URL_CHARS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/;

/** A site path (`/forum/…`, not `//host` and not `/\host`) or a fragment on the same page. */
const INTERNAL = /^(?:\/(?![/\\])|#)/;

/** An absolute web or mail address, with the scheme written out literally at the start. */
const EXTERNAL = /^(?:https?:\/\/[^/?#]|mailto:[^/])/i;

/**
 * `internal` for site paths and fragments, `external` for http(s) and mailto addresses, `null` for anything
 * else. The value is taken as the browser would see it after HTML entity decoding (the sanitizer hands it
 * over decoded).
 */
export function classifyHref(href: string | null | undefined): LinkKind | null {
  if (!href || href.length > 2048 || UNSAFE_URL_CHARS.test(href)) return null;
  if (INTERNAL.test(href)) return "internal";
  if (EXTERNAL.test(href)) {
    try {
      const url = new URL(href);
      return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:" ? "external" : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** One path segment of an upload key: no `.`/`..`, no percent escapes that could hide them. */
const MEDIA_PATH = /^\/media\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * Images are shown only from our own uploads: `/media/<key>` (the local storage driver), or
 * `<mediaOrigin>/<key>` when uploads live on another origin (an S3-compatible bucket or CDN, https only).
 */
export function isUploadImage(src: string | null | undefined, mediaOrigin?: string): boolean {
  if (!src || src.length > 2048 || UNSAFE_URL_CHARS.test(src)) return false;
  if (MEDIA_PATH.test(src)) return true;
  const origin = normalizedMediaOrigin(mediaOrigin);
  if (!origin || !src.startsWith(`${origin}/`)) return false;
  return MEDIA_PATH.test(`/media${src.slice(origin.length)}`);
}

function normalizedMediaOrigin(mediaOrigin: string | undefined): string | null {
  if (!mediaOrigin) return null;
  try {
    const url = new URL(mediaOrigin);
    if (url.protocol !== "https:" || url.username || url.password) return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}
