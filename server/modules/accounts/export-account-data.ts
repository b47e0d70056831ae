import { eq, or, desc } from "drizzle-orm";
import { accounts, auditLog, companyProfiles, profiles, roles, sessions, userRoles, users } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { ExportSection } from "#server/modules/area";
import type { Actor } from "./actor";
import type { AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";

/** What the accounts area stores about a person; every other area adds its own section (its manifest's `exportSection`). */
export const EXPORT_SECTIONS: Record<string, ExportSection> = {
  user: async (db, id) => {
    const [u] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        image: users.image,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, id));
    return u ?? null;
  },
  profile: async (db, id) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0] ?? null,
  companyProfile: async (db, id) => (await db.select().from(companyProfiles).where(eq(companyProfiles.id, id)))[0] ?? null,
  roles: async (db, id) =>
    db
      .select({ name: roles.name, since: userRoles.createdAt })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, id)),
  sessions: async (db, id) =>
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, id)),
  signInMethods: async (db, id) =>
    (
      await db
        .select({
          providerId: accounts.providerId,
          accountId: accounts.accountId,
          scope: accounts.scope,
          createdAt: accounts.createdAt,
          password: accounts.password,
        })
        .from(accounts)
        .where(eq(accounts.userId, id))
    ).map(({ password, ...a }) => ({ ...a, hasPassword: !!password })),
  auditLog: async (db, id) =>
    db
      .select({
        at: auditLog.createdAt,
        action: auditLog.action,
        actorName: auditLog.actorName,
        byYou: eq(auditLog.actorId, id),
        targetType: auditLog.targetType,
        targetName: auditLog.targetName,
        reason: auditLog.reason,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(or(eq(auditLog.targetId, id), eq(auditLog.actorId, id)))
      .orderBy(desc(auditLog.createdAt)),
};

export type AccountExport = { format: "nexo-account-export"; version: 1; exportedAt: string; sections: Record<string, unknown> };

/** Everything stored about the signed-in person, as one JSON document of sections (GDPR access and portability). */
export async function exportAccountData(
  deps: Pick<AccountsDeps, "db">,
  actor: Actor,
  /** Every other area's section, under its name (the areas' manifests). */
  extra: Record<string, ExportSection> = {},
  target: { userId?: string } = {},
): Promise<AccountExport> {
  assertOwnAccount(actor, target.userId);
  const sections: Record<string, unknown> = {};
  for (const [name, read] of Object.entries({ ...EXPORT_SECTIONS, ...extra })) sections[name] = await read(deps.db, actor.userId);
  if (!sections.user) throw new DomainError("not_found");
  return { format: "nexo-account-export", version: 1, exportedAt: new Date().toISOString(), sections };
}
