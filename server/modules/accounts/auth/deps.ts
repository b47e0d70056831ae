import type { Database } from "#server/db/client";
import type { Env } from "#server/env";
import type { Auth } from "#server/platform/auth";
import { CLIENT_ADDRESS_HEADER, LOCALE_HEADER } from "#server/platform/auth";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { RateLimiter } from "#server/platform/rate-limit";

export type AuthOpDeps = { auth: Auth; db: Database; rateLimiter: RateLimiter; env: Env; log: Logger; mailer: Mailer };

/** Where a request comes from, as the auth operations need it. */
export type RequestFacts = { headers: Headers; ip: string; locale: "es" | "en" };

/** The request's headers plus the page's language and the client's address, for the emails better-auth sends from inside the call. */
export function authHeaders(req: RequestFacts): Headers {
  const h = new Headers(req.headers);
  h.set(LOCALE_HEADER, req.locale);
  h.set(CLIENT_ADDRESS_HEADER, req.ip);
  return h;
}

/** better-auth throws APIError; its code is in body.code (USER_ALREADY_EXISTS, INVALID_EMAIL_OR_PASSWORD…). */
export function authErrorCode(err: unknown): string | null {
  const e = err as { body?: { code?: unknown }; status?: unknown; statusCode?: unknown } | null;
  return e && typeof e === "object" && typeof e.body?.code === "string" ? e.body.code : null;
}

/** A path of ours in the request's language, for links that come back from an email or a provider. */
export const inLocale = (req: Pick<RequestFacts, "locale">, path: string) => `/${req.locale}${path}`;
