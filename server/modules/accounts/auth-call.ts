import type { ErrorCode } from "#server/modules/errors";
import { DomainError } from "#server/modules/errors";

/** The request facts an operation passes on to better-auth: its headers carry the session cookie. */
export type AuthRequest = { headers: Headers };

const byAuthCode: Record<string, ErrorCode> = {
  INVALID_PASSWORD: "accounts.password_wrong",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "accounts.password_wrong",
  PASSWORD_TOO_SHORT: "auth.password_too_short",
  PASSWORD_COMMON: "auth.password_common",
  PASSWORD_TOO_LONG: "input.invalid",
  SESSION_NOT_FRESH: "auth.session_expired",
  FAILED_TO_UNLINK_LAST_ACCOUNT: "accounts.last_sign_in_method",
  ACCOUNT_NOT_FOUND: "not_found",
  PROVIDER_NOT_FOUND: "auth.sso_unavailable",
  SOCIAL_ACCOUNT_ALREADY_LINKED: "auth.email_taken",
  UNAUTHORIZED: "auth.unauthenticated",
  USER_ALREADY_EXISTS: "auth.email_taken",
};

/**
 * Runs a better-auth call and turns its refusals into DomainErrors with our codes, so pages show the
 * translated message; anything unknown becomes `input.invalid` (4xx) or is rethrown (5xx).
 */
export async function authCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { name?: string; statusCode?: number; status?: string | number; body?: { code?: string; message?: string } };
    if (e?.name !== "APIError") throw err;
    const code = (e.body?.code && byAuthCode[e.body.code]) || (e.body?.message === "Email is the same" ? "accounts.email_same" : undefined);
    if (code) throw new DomainError(code);
    if (e.statusCode === 401) throw new DomainError("auth.unauthenticated");
    if (e.statusCode === 403) throw new DomainError("auth.forbidden");
    if (typeof e.statusCode === "number" && e.statusCode < 500) throw new DomainError("input.invalid", { authCode: e.body?.code });
    throw err;
  }
}
