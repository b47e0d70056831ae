import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles, profiles, roles, userRoles } from "#server/db/schema";
import type { Auth } from "#server/platform/auth";
import type { Actor } from "./actor";

/**
 * Builds the Actor for a request from its session cookie. SPEC §4: a missing profile row is treated as
 * empty; the roles come through user_roles.
 */
export async function loadActor(deps: { auth: Auth; db: Database }, headers: Headers): Promise<Actor> {
  if (!headers.get("cookie")?.includes("session_token")) return null;
  const session = await deps.auth.api.getSession({ headers }).catch(() => null);
  if (!session) return null;
  const userId = session.user.id;
  const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  const roleRows = await deps.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const [company] =
    profile?.role === "company"
      ? await deps.db
          .select({ slug: companyProfiles.slug, companyName: companyProfiles.companyName, verified: companyProfiles.verified })
          .from(companyProfiles)
          .where(eq(companyProfiles.id, userId))
          .limit(1)
      : [];
  return {
    userId,
    sessionId: session.session.id,
    company: company ?? null,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    username: profile?.username ?? null,
    avatarUrl: profile?.avatarUrl ?? null,
    profileRole: profile?.role ?? null,
    roles: roleRows.map((r) => r.name),
  };
}
