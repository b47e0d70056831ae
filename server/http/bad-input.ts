import type { Context, MiddlewareHandler } from "hono";
import { translator } from "#server/platform/translate";
import { readAtMost } from "#shared/read-at-most";
import { lightPage, sameSiteReferer } from "./light-page";
import type { AppEnv } from "./types";

/** C0 control characters and DEL: never part of a page address or of a value a page reads from its query. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** In a form field, the same except tab, line feed and carriage return: a textarea sends its lines as CR LF. */
// eslint-disable-next-line no-control-regex -- as above
const FORM_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/**
 * Bodies larger than this are left to the body limits and to the operations' own validation. A page form is at
 * most this (a 20,000-character forum post URL-encoded is about 180 KB): the check never reads more of a body
 * than the body limits would (server/http/body-limits.ts).
 */
const FORM_CHECK_MAX_BYTES = 256 * 1024;

/** The decoded text, or null when the percent-encoding is broken (`%zz`, a cut UTF-8 sequence such as `%E0%A4%A`). */
function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The address part after "?" (without the fragment), as the client sent it. */
function rawQuery(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return "";
  const hash = url.indexOf("#", q);
  return url.slice(q + 1, hash === -1 ? undefined : hash);
}

/** Whether every name and value of the query decodes and holds no control character (tab and newline included). */
function queryIsClean(query: string): boolean {
  if (!query) return true;
  for (const pair of query.split("&")) {
    const text = decoded(pair.replace(/\+/g, " "));
    if (text === null || CONTROL.test(text)) return false;
  }
  return true;
}

/** The path as the client sent it: React Router and the route parameters see it decoded. */
function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}

/** JSON for the API, for React Router's data requests and for callers that ask for it; a light page otherwise. */
const wantsJson = (c: Context<AppEnv>) =>
  c.req.path.startsWith("/api/") || /\.data$/.test(rawPath(c.req.url)) || (c.req.header("accept") ?? "").includes("application/json");

function notFound(c: Context<AppEnv>) {
  const { locale, prefix } = c.var.locale;
  const common = translator(locale, "common");
  const message = translator(locale, "errors")("not_found");
  c.header("Cache-Control", "no-store");
  if (wantsJson(c)) return c.json({ error: { code: "not_found", message } }, 404);
  return c.html(
    lightPage(locale, common("errors.notFoundTitle"), common("errors.notFoundText"), {
      href: `${prefix}/`,
      label: common("errors.goHome"),
    }),
    404,
  );
}

function badRequest(c: Context<AppEnv>, what: "address" | "form") {
  const { locale, prefix } = c.var.locale;
  const t = translator(locale, "errors");
  const message = t(`bad_request.${what}`);
  c.header("Cache-Control", "no-store");
  if (wantsJson(c)) return c.json({ error: { code: "bad_request", message } }, 400);
  // After a form, back to the page it was on (the browser keeps what was typed); after a link, home.
  const back = what === "form" ? sameSiteReferer(c) : null;
  const link = back ? { href: back, label: t("go_back") } : { href: `${prefix}/`, label: translator(locale, "common")("errors.goHome") };
  return c.html(lightPage(locale, t("bad_request.title"), message, link), 400);
}

/** Whether a decoded JSON body holds a control character (tab and line breaks aside) in any string, name or value. */
function jsonIsDirty(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return FORM_CONTROL.test(value);
  if (!value || typeof value !== "object" || depth > 20) return false;
  if (Array.isArray(value)) return value.some((v) => jsonIsDirty(v, depth + 1));
  return Object.entries(value).some(([k, v]) => FORM_CONTROL.test(k) || jsonIsDirty(v, depth + 1));
}

/**
 * A body whose text holds a control character other than tab and line breaks: a page form (URL-encoded or
 * multipart), a form posted to the API, or a JSON body (the API, the sign-in endpoints). Read from a copy of
 * the body, so the route still reads it; only bodies of a modest size are read here (larger ones, an image
 * upload, are left to the body limits and to the operations' own validation).
 */
async function bodyIsDirty(c: Context<AppEnv>): Promise<boolean> {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || !c.req.raw.body) return false;
  const type = c.req.header("content-type") ?? "";
  const kind = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)
    ? "urlencoded"
    : /^multipart\/form-data\s*;/i.test(type)
      ? "multipart"
      : /^application\/(?:[\w.+-]+\+)?json\s*(;|$)/i.test(type)
        ? "json"
        : null;
  if (!kind) return false;
  const declared = c.req.header("content-length");
  if (declared !== undefined && !(Number(declared) > 0 && Number(declared) <= FORM_CHECK_MAX_BYTES)) return false;
  const copy = c.req.raw.clone();
  const bytes = await readAtMost(copy.body, FORM_CHECK_MAX_BYTES);
  if (!bytes) return false;
  if (kind === "json") {
    const text = new TextDecoder().decode(bytes);
    try {
      return jsonIsDirty(JSON.parse(text));
    } catch {
      // Not JSON after all: the route answers that; a raw control character is still refused.
      return FORM_CONTROL.test(text);
    }
  }
  const fields: Iterable<[string, unknown]> =
    kind === "urlencoded"
      ? new URLSearchParams(new TextDecoder().decode(bytes))
      : await new Response(bytes, { headers: { "content-type": type } }).formData().catch(() => []);
  for (const [name, value] of fields) if (FORM_CONTROL.test(name) || (typeof value === "string" && FORM_CONTROL.test(value))) return true;
  return false;
}

/**
 * Control characters and broken percent-encoding never reach a route: in the path (a route parameter such as
 * a username, a slug, a language) the address names no page, 404; in the query (a search, a page number, a
 * filter) the request is malformed, 400; in a form's fields or a JSON body's strings (tab and line breaks
 * aside), 400 too. The answers are translated. Without this a NUL reached PostgreSQL, which cannot hold it in
 * text, and the page failed with a 500.
 */
export function refuseControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const path = decoded(rawPath(url));
    if (path === null || CONTROL.test(path)) return notFound(c);
    if (!queryIsClean(rawQuery(url))) return badRequest(c, "address");
    if (await bodyIsDirty(c)) return badRequest(c, "form");
    return next();
  };
}
