import { and, eq, sql } from "drizzle-orm";
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
  // The profile, the roles and a company's name in one statement (every signed-in request runs it). It starts
  // from a one-row VALUES so that a person without a profile row still gets their roles.
  const [row] = await deps.db
    .select({
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      profileRole: profiles.role,
      roles: sql<
        string[]
      >`coalesce((select json_agg(r.name) from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${userId}), '[]'::json)`,
      companySlug: companyProfiles.slug,
      companyName: companyProfiles.companyName,
      companyVerified: companyProfiles.verified,
    })
    .from(sql`(values (1)) as me(one)`)
    .leftJoin(profiles, eq(profiles.id, userId))
    .leftJoin(companyProfiles, and(eq(companyProfiles.id, userId), eq(profiles.role, "company")));
  const company =
    row?.profileRole === "company" && row.companySlug !== null && row.companyName !== null && row.companyVerified !== null
      ? { slug: row.companySlug, companyName: row.companyName, verified: row.companyVerified }
      : null;
  return {
    userId,
    sessionId: session.session.id,
    company,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    username: row?.username ?? null,
    avatarUrl: row?.avatarUrl ?? null,
    profileRole: row?.profileRole ?? null,
    roles: row?.roles ?? [],
  };
}
