import type { IncomingMessage, ServerResponse } from "node:http";
import { LOCALE_COOKIE, fromAcceptLanguage, sanitizeLanguage, type Locale } from "#shared/locales";
import { translator } from "#server/platform/translate";
import { lightPage } from "./light-page";

/** Answers given on node:http before the app runs, each with a title and a text under its key in `errors`. */
export type EarlyAnswerKey = "overloaded" | "slow_upload" | "busy_address";

const bodies = new Map<string, string>();

/**
 * The light page or the JSON error of one answer, built once per language. The JSON says in how many seconds
 * to come back when the answer asks for that (Retry-After): a page refused during a client-side navigation
 * shows a notice in the site's frame that tries again by itself (app/components/layout/error-view.tsx).
 */
function body(key: EarlyAnswerKey, locale: Locale, json: boolean, retryAfter: number | null): string {
  const cacheKey = `${key}|${locale}|${json}|${retryAfter}`;
  let text = bodies.get(cacheKey);
  if (!text) {
    const t = translator(locale, "errors");
    text = json
      ? JSON.stringify({ error: { code: key, message: t(`${key}.text`), ...(retryAfter !== null ? { retryAfter } : {}) } })
      : lightPage(locale, t(`${key}.title`), t(`${key}.text`));
    bodies.set(cacheKey, text);
  }
  return text;
}

/**
 * A translated answer written straight to node:http (overload, a slow or crowded upload): a light page in the
 * request's language, or JSON for `/api/*`, React Router's `.data` requests and clients that ask for JSON.
 */
export function sendEarlyAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  key: EarlyAnswerKey,
  headers: Record<string, string> = {},
) {
  if (res.destroyed || res.headersSent) return;
  const path = (req.url ?? "/").split("?")[0];
  const json = path.startsWith("/api/") || path.endsWith(".data") || (req.headers.accept ?? "").includes("application/json");
  const retryAfter = Number(headers["Retry-After"] ?? Number.NaN);
  const text = body(
    key,
    localeOf(path, req.headers.cookie, req.headers["accept-language"]),
    json,
    Number.isFinite(retryAfter) ? retryAfter : null,
  );
  res.writeHead(status, {
    "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : text);
}

/** The page's language from the prefix, the language cookie, then Accept-Language (the same order as pages). */
export function localeOf(path: string, cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const prefix = /^\/(es|en)(?:[/.]|$)/.exec(path)?.[1];
  if (prefix) return prefix as Locale;
  const fromCookie = sanitizeLanguage(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie ?? "")?.[1]);
  return fromCookie ?? fromAcceptLanguage(acceptLanguage) ?? "en";
}
