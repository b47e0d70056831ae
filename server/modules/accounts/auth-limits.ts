import type { RateLimiter, RateRule } from "#server/platform/rate-limit";
import { DomainError } from "#server/modules/errors";

const perMinute = (limit: number): RateRule => ({ limit, windowSeconds: 60 });
const perHour = (limit: number): RateRule => ({ limit, windowSeconds: 3600 });

/**
 * Sign-in 6 a minute and 30 an hour per IP; 10 failures in 15 minutes lock an account's password
 * sign-in for the rest of the window; registration, recovery and codes are limited too. Kept in the database,
 * so the limits hold across instances.
 */
export const AUTH_LIMITS = {
  signIn: { ip: [perMinute(6), perHour(30)] },
  register: { ip: [perMinute(3), perHour(10)] },
  recovery: { ip: [perMinute(3), perHour(10)], email: [perHour(3)] },
  code: { ip: [perMinute(3), perHour(10)], email: [perHour(5)] },
  resendVerification: { ip: [perMinute(3), perHour(10)], email: [perHour(5)] },
} as const satisfies Record<string, { ip: readonly RateRule[]; email?: readonly RateRule[] }>;

export const ACCOUNT_FAILURES: RateRule = { limit: 10, windowSeconds: 15 * 60 };

export type AuthLimitKind = keyof typeof AUTH_LIMITS;

const emailKey = (email: string) => email.trim().toLowerCase();

/** Counts one attempt of `kind` from this IP (and for this email); refuses with rate_limited past a limit. */
export async function limitAuthAttempt(limiter: RateLimiter, kind: AuthLimitKind, keys: { ip: string; email?: string | null }) {
  const rules = AUTH_LIMITS[kind];
  const byIp = await limiter.hitAll(`auth:${kind}:ip:${keys.ip}`, [...rules.ip]);
  if (!byIp.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: byIp.retryAfterSeconds });
  if ("email" in rules && keys.email) {
    const byEmail = await limiter.hitAll(`auth:${kind}:email:${emailKey(keys.email)}`, [...rules.email]);
    if (!byEmail.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: byEmail.retryAfterSeconds });
  }
}

const failureBucket = (email: string) => `auth:failures:${emailKey(email)}`;

/** After 10 failed sign-ins in 15 minutes the account refuses password and code sign-in until the window ends. */
export async function assertAccountNotLocked(limiter: RateLimiter, email: string) {
  const r = await limiter.peek(failureBucket(email), ACCOUNT_FAILURES);
  if (!r.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: r.retryAfterSeconds, account: true });
}

export async function recordSignInFailure(limiter: RateLimiter, email: string) {
  await limiter.hit(failureBucket(email), ACCOUNT_FAILURES);
}
