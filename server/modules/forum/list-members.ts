import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { profiles, roles, userBans, userRoles, users } from "#server/db/schema";
import { ROLE_ADMIN, ROLE_MODERATOR, type Actor } from "#server/modules/accounts/actor";
import { PAGE_SIZE, pageNumber, parseInput, type ForumDeps } from "./deps";
import { assertCan, can } from "./policy";

const listMembersInput = z.object({
  /** Username or email, or part of one (`?q=`); the thread page links here with the author's username. */
  q: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 200) : ""), z.string()),
  /** Only people with a ban in force (`?banned=1`). */
  banned: z.preprocess((v) => v === true || v === "1" || v === "true", z.boolean()),
  page: z.unknown().optional(),
});
export type ListMembersInput = z.input<typeof listMembersInput>;

export type MemberRow = {
  id: string;
  username: string | null;
  email: string;
  profileRole: "creator" | "company" | null;
  roles: string[];
  createdAt: Date;
  ban: { reason: string; until: Date | null; since: Date } | null;
  /** Whether the actor may ban this person: never oneself, a Moderator or an Admin (see banUser). */
  canBan: boolean;
};

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The forum's users tab (Moderators and Admins): members found by username or email (or only those banned
 * now), 20 a page, with their roles and the ban in force, if any. An exact username comes first, so `?q=<username>` from a thread lands
 * on its author.
 */
export async function listMembers(deps: Pick<ForumDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "member.list");
  const { q, banned, page: rawPage } = parseInput(listMembersInput, input);
  const page = pageNumber(rawPage);
  const now = deps.now();
  const db = deps.db;
  const inForce = and(isNull(userBans.liftedAt), or(isNull(userBans.until), gt(userBans.until, now)));
  const where = and(
    q ? or(ilike(profiles.username, likePattern(q)), ilike(users.email, likePattern(q))) : undefined,
    banned
      ? exists(
          db
            .select({ one: sql`1` })
            .from(userBans)
            .where(and(eq(userBans.userId, users.id), inForce)),
        )
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(where);
  const rows = await db
    .select({ id: users.id, email: users.email, username: profiles.username, profileRole: profiles.role, createdAt: users.createdAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(
      ...(q ? [desc(sql`coalesce(lower(${profiles.username}) = lower(${q}), false)`)] : []),
      asc(profiles.username),
      asc(users.email),
      asc(users.id),
    )
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const roleRows = ids.length
    ? await db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
    : [];
  const bans = ids.length
    ? await db
        .select({ userId: userBans.userId, reason: userBans.reason, until: userBans.until, since: userBans.createdAt })
        .from(userBans)
        .where(and(inArray(userBans.userId, ids), inForce))
        .orderBy(sql`${userBans.until} desc nulls first`)
    : [];
  const items: MemberRow[] = rows.map((r) => {
    const names = roleRows
      .filter((x) => x.userId === r.id)
      .map((x) => x.name)
      .sort();
    const ban = bans.find((b) => b.userId === r.id);
    const staff = names.includes(ROLE_ADMIN) || names.includes(ROLE_MODERATOR);
    return {
      ...r,
      roles: names,
      ban: ban ? { reason: ban.reason, until: ban.until, since: ban.since } : null,
      canBan: can(actor, "user.ban", { targetUserId: r.id, targetStaff: staff }),
    };
  });
  return { q, banned, items, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}
