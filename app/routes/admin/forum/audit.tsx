import { redirect } from "react-router";
import { FORUM_AUDIT_PATH } from "#app/features/admin/nav";
import { adminPage } from "#app/features/admin/route.server";
import type { Route } from "./+types/audit";

/** The forum group's "audit log" tab: the audit log filtered to the forum's actions (`forum.`). */
export function loader({ context, request }: Route.LoaderArgs) {
  adminPage(context, request);
  throw redirect(`${context.localePrefix}${FORUM_AUDIT_PATH}`);
}

/**
 * Never rendered (the loader always redirects). A page route rather than a resource route, so the parent
 * routes' loaders run first, as for every admin page (sessions, pending companies).
 */
export default function ForumAuditRedirect() {
  return null;
}
