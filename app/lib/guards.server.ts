import { redirect, type AppLoadContext } from "react-router";
import type { Actor } from "#server/modules/accounts/actor";
import { splitLocalePrefix } from "#shared/locales";

type SignedIn = NonNullable<Actor>;

/** The page's path with its query, without the language prefix: what the login page sends the person back to. */
export function currentLocation(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  return splitLocalePrefix(path).rest + url.search.replace(/([?&])_routes=[^&]*&?/, "$1").replace(/[?&]$/, "");
}

/** SPEC §2: a visitor on a protected route goes to /login with the original location. */
export function loginRedirect(context: AppLoadContext, request: Request): Response {
  return redirect(`${context.localePrefix}/login?redirectTo=${encodeURIComponent(currentLocation(request))}`);
}

export function requireUser(context: AppLoadContext, request: Request): SignedIn {
  if (!context.actor) throw loginRedirect(context, request);
  return context.actor;
}

/**
 * SPEC §6: access is granted if the profile role or any user role is in the list; others go to /.
 * ("creator", "company", "Admin", "Moderator")
 */
export function requireRoles(context: AppLoadContext, request: Request, allowed: string[]): SignedIn {
  const actor = requireUser(context, request);
  const mine = [actor.profileRole, ...actor.roles].filter(Boolean) as string[];
  if (!mine.some((r) => allowed.includes(r))) throw redirect(`${context.localePrefix}/`);
  return actor;
}

/** What a username or a slug in an address may hold: letters, digits, "_" and "-" (SPEC §5, slugify). */
const NAME_PARAM = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * A route parameter that names a person, a company, a forum or a thread: anything it cannot be (spaces,
 * control characters, quotes, dots) is a 404 before any query runs.
 */
export function nameParam(value: string | undefined): string {
  if (value === undefined || !NAME_PARAM.test(value)) throw new Response("Not Found", { status: 404 });
  return value;
}
