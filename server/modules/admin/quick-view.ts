import { count, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles, profiles, roles, userRoles, users } from "#server/db/schema";
import { ROLE_ADMIN, ROLE_MODERATOR, type Actor } from "#server/modules/accounts/actor";
import type { AnyArea } from "#server/modules/area";
import { companyStatusWhere } from "./list-companies";
import { assertAdminPanel } from "./policy";

export const SIGNUP_WINDOW_DAYS = 30;
export const LATEST_SIGNUPS = 5;

/** A day as YYYY-MM-DD in UTC. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The admin quick view: people by role, the companies waiting for review, sign-ups per day over the last
 * 30 days (UTC days, oldest first, days without sign-ups included), the 5 latest sign-ups, and each area's
 * counters (`adminCounters` of its manifest: what waits in its tab) that this person's tabs include.
 */
export async function quickView(deps: { db: Database; now?: () => Date; areas?: readonly AnyArea[] }, actor: Actor) {
  assertAdminPanel(actor);
  const db = deps.db;
  const now = deps.now?.() ?? new Date();
  const byProfileRole = await db.select({ role: profiles.role, n: count() }).from(profiles).groupBy(profiles.role);
  const byUserRole = await db
    .select({ role: roles.name, n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .groupBy(roles.name);
  const [{ n: unverified }] = await db.select({ n: count() }).from(users).where(eq(users.emailVerified, false));
  const [{ n: totalUsers }] = await db.select({ n: count() }).from(users);
  const [{ n: pendingCompanies }] = await db.select({ n: count() }).from(companyProfiles).where(companyStatusWhere("pending"));

  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (SIGNUP_WINDOW_DAYS - 1)));
  const dayExpr = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await db.select({ day: dayExpr, n: count() }).from(users).where(gte(users.createdAt, start)).groupBy(dayExpr);
  const signups = Array.from({ length: SIGNUP_WINDOW_DAYS }, (_, i) => {
    const day = dayOf(new Date(start.getTime() + i * 86_400_000));
    return { day, count: perDay.find((r) => r.day === day)?.n ?? 0 };
  });

  const latest = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
      profileRole: profiles.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(LATEST_SIGNUPS);

  const counters = await Promise.all(
    (deps.areas ?? [])
      .flatMap((area) => area.adminCounters ?? [])
      .filter((c) => c.visible(actor))
      .map(async (c) => ({ key: c.key, href: c.href, count: await c.count(db) })),
  );

  const roleCount = (list: { role: string | null; n: number }[], r: string) => list.find((x) => x.role === r)?.n ?? 0;
  return {
    counts: {
      users: totalUsers,
      creators: roleCount(byProfileRole, "creator"),
      companies: roleCount(byProfileRole, "company"),
      admins: roleCount(byUserRole, ROLE_ADMIN),
      moderators: roleCount(byUserRole, ROLE_MODERATOR),
      unverifiedEmails: unverified,
    },
    pendingCompanies,
    counters,
    signups,
    signupsTotal: signups.reduce((s, d) => s + d.count, 0),
    latest: latest.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  };
}
