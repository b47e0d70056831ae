import { randomFillSync } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { translator } from "#server/platform/translate";
import type { AppEnv } from "./types";

// One call to the system's random source per 256 nonces instead of one per page (it showed in every page's
// profile); each nonce is still 16 bytes of that source's output, never reused.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;
export const newNonce = () => {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString("base64", nonceOffset - NONCE_BYTES, nonceOffset);
};

/**
 * CSP with a per-request nonce: no script runs unless the server rendered its tag. `strict-dynamic` lets
 * the nonce'd entry load its own chunks.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  const script = dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : `'nonce-${nonce}' 'strict-dynamic'`;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "media-src 'self' https:",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(opts: { production: boolean; dev: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const nonce = c.get("nonce" as never) as string;
    if ((h.get("content-type") ?? "").includes("text/html")) h.set("Content-Security-Policy", contentSecurityPolicy(nonce, opts.dev));
    // A route's own policy for what it serves (a sandboxed SVG, an uploaded file) is kept.
    else if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    h.set("X-Content-Type-Options", "nosniff");
    // A route's own (stricter) policy is kept: the guest access page's address holds a token.
    if (!h.has("Referrer-Policy")) h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (opts.production) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}

/** A request that carries a session: the only kind a cross-site form could abuse. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Every request that can change something (anything but GET, HEAD, OPTIONS) must come from our own origin.
 * Browsers send Origin on such requests, and Sec-Fetch-Site covers the rare case where Origin is absent. A
 * write that carries a session cookie but neither header is refused too: no browser we support sends that,
 * and it is what an old or tampered client replaying someone's cookies would look like.
 */
export function sameOriginOnly(allowedOrigins: () => string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const own = new URL(c.req.url).origin;
    const allowed = origin
      ? origin === own || allowedOrigins().includes(origin)
      : site
        ? site === "same-origin" || site === "none"
        : !SESSION_COOKIE.test(c.req.header("cookie") ?? "");
    if (!allowed) {
      const message = translator(c.var.locale.locale, "errors")("auth.cross_origin");
      return c.json({ error: { code: "auth.cross_origin", message } }, 403);
    }
    return next();
  };
}
