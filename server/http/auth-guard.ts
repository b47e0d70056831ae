import type { MiddlewareHandler } from "hono";
import { assertAccountNotLocked, limitAuthAttempt, recordSignInFailure, type AuthLimitKind } from "../modules/accounts/auth-limits";
import { isDomainError } from "../modules/errors";
import { translator } from "../platform/translate";
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
 * Rate limits in front of better-auth's own HTTP endpoints (its in-memory limiter is off: ours is in the
 * database). A limited request gets 429 with a translated message and Retry-After.
 */
export function authRateLimits(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rule = c.req.method === "POST" ? LIMITED[c.req.path] : undefined;
    if (!rule) return next();
    const { rateLimiter } = c.var.services;
    const body = (await c.req.raw.clone().json().catch(() => ({}))) as { email?: unknown };
    const email = typeof body.email === "string" ? body.email : null;
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
    await next();
    if (rule.signIn && email && (c.res.status === 401 || c.res.status === 400 || c.res.status === 403)) {
      await recordSignInFailure(rateLimiter, email);
    }
  };
}
