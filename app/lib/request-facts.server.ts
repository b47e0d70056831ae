import type { AppLoadContext } from "react-router";
import { splitLocalePrefix } from "~/i18n/config";
import { safeReturnPath } from "./return-path";

/** What the auth operations need to know about the request. */
export const requestFacts = (context: AppLoadContext, request: Request) => ({ headers: request.headers, ip: context.clientKey, locale: context.locale });

/** A same-site return path, in the page's language (login?redirectTo=/account → /es/account on /es pages). */
export function localizedReturn(context: AppLoadContext, value: unknown, fallback = "/dashboard"): string {
  const path = safeReturnPath(value, fallback);
  return `${context.localePrefix}${splitLocalePrefix(path).rest}`.replace(/(.)\/$/, "$1") || "/";
}

/** A redirect that carries the session cookies better-auth produced. */
export function redirectWithCookies(location: string, headers: Headers): Response {
  const out = new Headers({ Location: location });
  for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
  return new Response(null, { status: 303, headers: out });
}
