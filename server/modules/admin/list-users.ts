import { asc, count, eq, ilike, inArray, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { profiles, roles, userRoles, users } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { assertCan } from "#server/modules/accounts/policy";
import { containsPattern, offsetOf, pageField, pageOf, PAGE_SIZE, parseInput, searchField, type Page } from "./input";

export const listUsersInput = z.object({ q: searchField, page: pageField });

export type UserRow = {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string | null;
  profileRole: "creator" | "company" | null;
  roles: string[];
  createdAt: string;
};

/** The roles tab's list: every user, searchable by username or email, with their user roles. */
export async function listUsers(deps: { db: Database }, actor: Actor, input: unknown): Promise<Page<UserRow> & { q: string }> {
  assertCan(actor, "roles.view");
  const { q, page } = parseInput(listUsersInput, input);
  const where = q ? or(ilike(profiles.username, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(where);
  const rows = await deps.db
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
    .where(where)
    .orderBy(asc(profiles.username), asc(users.email), asc(users.id))
    .limit(PAGE_SIZE)
    .offset(offsetOf(page));
  const ids = rows.map((r) => r.id);
  const roleRows = ids.length
    ? await deps.db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
    : [];
  const items = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    roles: roleRows
      .filter((x) => x.userId === r.id)
      .map((x) => x.name)
      .sort(),
  }));
  return { ...pageOf(items, total, page), q };
}
