import type { AppLoadContext } from "react-router";
import { localizedReturnPath } from "#shared/return-path";

/** What the auth operations need to know about the request. */
export const requestFacts = (context: AppLoadContext, request: Request) => ({
  headers: request.headers,
  ip: context.clientKey,
  locale: context.locale,
});

/**
 * A same-site return path, in the page's language (login?redirectTo=/account → /es/account on /es pages).
 * The checks run on the final path, after the language prefix is changed (app/lib/return-path.ts).
 */
export function localizedReturn(context: AppLoadContext, value: unknown, fallback = "/dashboard"): string {
  return localizedReturnPath(value, context.localePrefix, fallback);
}

/** A redirect that carries the session cookies better-auth produced. */
export function redirectWithCookies(location: string, headers: Headers): Response {
  const out = new Headers({ Location: location });
  for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
  return new Response(null, { status: 303, headers: out });
}
