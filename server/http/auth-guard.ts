import type { Context, MiddlewareHandler } from "hono";
import { assertAccountNotLocked, limitAuthAttempt, recordSignInFailure, type AuthLimitKind } from "#server/modules/accounts/auth-limits";
import { isDomainError } from "#server/modules/errors";
import { translator } from "#server/platform/translate";
import type { AppEnv } from "./types";

/** Which better-auth endpoints count against which limit; the pages call the same limits in-process. */
const LIMITED: Record<string, { kind: AuthLimitKind; signIn?: true }> = {
  "/api/auth/sign-in/email": { kind: "signIn", signIn: true },
  "/api/auth/sign-in/email-otp": { kind: "signIn", signIn: true },
  "/api/auth/sign-up/email": { kind: "register" },
  "/api/auth/request-password-reset": { kind: "recovery" },
  "/api/auth/forget-password": { kind: "recovery" },
  "/api/auth/email-otp/send-verification-otp": { kind: "code" },
  "/api/auth/send-verification-email": { kind: "resendVerification" },
};

/**
 * The only body better-auth's endpoints take from us: JSON (the pages call better-auth in-process; no browser
 * code posts to /api/auth). better-auth itself also takes form posts on sign-in and sign-up, which must not
 * be a second way in. Single sign-on callbacks stay open to form posts (a provider's `form_post` answer).
 */
const JSON_BODY = /^\s*application\/json\s*(?:;|$)/i;
const FORM_POST_ALLOWED = /^\/api\/auth\/callback\/[^/]+$/;

/** Response fields that carry a secret: the session token stays in its HttpOnly cookie, provider tokens on the server. */
const SECRET_KEYS = new Set(["token", "sessionToken", "accessToken", "refreshToken", "idToken", "password"]);

/** The path as better-auth would route it, for looking up the limits (case, doubled and trailing slashes). */
const limitKey = (path: string) =>
  path
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/+$/, "$1");

/**
 * In front of better-auth's own HTTP endpoints: JSON bodies only (415 otherwise, translated); rate limits (its
 * in-memory limiter is off: ours is in the database), a limited request getting 429 with a translated message
 * and Retry-After; failed sign-ins counted against the account whatever the body's encoding; and no secret
 * (session or provider token) in any JSON answer, for scripts to read.
 */
export function authRateLimits(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD" && !!c.req.raw.body;
    const rule = c.req.method === "POST" ? LIMITED[limitKey(c.req.path)] : undefined;
    const email = rule ? await emailOf(c.req.raw) : null;
    if (rule) {
      const { rateLimiter } = c.var.services;
      try {
        await limitAuthAttempt(rateLimiter, rule.kind, { ip: c.var.clientKey, email });
        if (rule.signIn && email) await assertAccountNotLocked(rateLimiter, email);
      } catch (err) {
        if (!isDomainError(err)) throw err;
        const retry = Number(err.details?.retryAfterSeconds ?? 60);
        c.header("Retry-After", String(retry));
        const message = translator(c.var.locale.locale, "errors")("rate_limited");
        return c.json({ code: "RATE_LIMITED", message, error: { code: "rate_limited", details: err.details } }, 429);
      }
    }
    if (hasBody && !JSON_BODY.test(c.req.header("content-type") ?? "") && !FORM_POST_ALLOWED.test(c.req.path)) {
      // A sign-in attempt in another encoding still counts as a failure for the account.
      if (rule?.signIn && email) await recordSignInFailure(c.var.services.rateLimiter, email);
      const message = translator(c.var.locale.locale, "errors")("input.json_required");
      return c.json({ code: "UNSUPPORTED_MEDIA_TYPE", message, error: { code: "input.json_required" } }, 415);
    }
    await next();
    if (rule?.signIn && email && (c.res.status === 401 || c.res.status === 400 || c.res.status === 403)) {
      await recordSignInFailure(c.var.services.rateLimiter, email);
    }
    await withoutSecrets(c);
  };
}

/** The `email` field of a body in any encoding a client may send (JSON, form, multipart or plain text). */
async function emailOf(req: Request): Promise<string | null> {
  if (!req.body) return null;
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  try {
    let fields: unknown;
    if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
      fields = Object.fromEntries(await req.clone().formData());
    } else {
      const text = await req.clone().text();
      try {
        fields = JSON.parse(text);
      } catch {
        fields = Object.fromEntries(new URLSearchParams(text));
      }
    }
    const email = fields && typeof fields === "object" ? (fields as { email?: unknown }).email : undefined;
    return typeof email === "string" && email.trim() ? email : null;
  } catch {
    return null;
  }
}

/** Drops SECRET_KEYS at any depth of a JSON answer; the cookies and other headers are kept. */
async function withoutSecrets(c: Context<AppEnv>) {
  const res = c.res;
  if (!res.body || !/^\s*application\/(?:[a-z0-9.+-]*\+)?json/i.test(res.headers.get("content-type") ?? "")) return;
  const text = await res.text();
  let body = text;
  try {
    body = JSON.stringify(strip(JSON.parse(text)));
  } catch {
    // Not JSON after all: passed on as it came.
  }
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  // Hono merges the old response's headers into a new one; these are already copied, without the length.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEYS.has(k))
        .map(([k, v]) => [k, strip(v)]),
    );
  }
  return value;
}
