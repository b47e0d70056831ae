import { data, Outlet, redirect } from "react-router";
import { currentLocation } from "#app/lib/guards.server";
import { heldCompanyMayOpen } from "#shared/held-company";
import { expiredSessionCookies } from "#app/lib/session-cookies";
import type { Route } from "./+types/lang";

/**
 * Runs before every page, under /es, /en and without a prefix (app/routes.ts):
 * - SPEC §7: a session that turned invalid signs the person out and sends them to the login page;
 * - SPEC §4: a company whose company profile is not verified goes to /company/verification from everywhere
 *   except that page (and the /auth pages, which it needs to confirm its email or reset a password). Loaders
 *   only see page reads: the server holds form posts and data requests too (server/http/company-hold.ts).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const path = currentLocation(request).split("?")[0];
  if (context.sessionInvalid) {
    const headers = expiredSessionCookies();
    if (path === "/auth/login" || path === "/login") return data(null, { headers });
    throw redirect(`${context.localePrefix}/auth/login?expired=1&redirectTo=${encodeURIComponent(currentLocation(request))}`, { headers });
  }
  const actor = context.actor;
  if (actor?.profileRole === "company" && !actor.company?.verified && !heldCompanyMayOpen(path)) {
    throw redirect(`${context.localePrefix}/company/verification`);
  }
  return null;
}

export default function Lang() {
  return <Outlet />;
}
