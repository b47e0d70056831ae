import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export const newNonce = () => randomBytes(16).toString("base64");

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
    else h.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (opts.production) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}

/**
 * Every request that can change something (anything but GET, HEAD, OPTIONS) must come from our own origin.
 * Browsers send Origin on such requests; Sec-Fetch-Site covers the rare case where Origin is absent.
 */
export function sameOriginOnly(allowedOrigins: () => string[]): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const own = new URL(c.req.url).origin;
    const allowed = origin ? origin === own || allowedOrigins().includes(origin) : site ? site === "same-origin" || site === "none" : true;
    if (!allowed) return c.json({ error: { code: "auth.forbidden", message: "Cross-origin request refused" } }, 403);
    return next();
  };
}
