import { and, count, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, roles, userRoles, users } from "#server/db/schema";
import { ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { actionForRole, assertCan } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "./input";
import { roleChangeInput } from "./roles-input";

/**
 * Takes the Admin or Moderator role away. An Admin revokes either; a Moderator revokes only Moderator.
 * The last Admin cannot lose the role (`accounts.last_admin`): the Admin role's row is locked while the
 * Admins are counted, so two Admins removing each other at once cannot leave the site without one.
 */
export async function revokeRole(deps: { db: Database }, actor: Actor, input: unknown): Promise<{ changed: boolean }> {
  assertCan(actor, "roles.view");
  const { userId, role } = parseInput(roleChangeInput, input);
  assertCan(actor, actionForRole(role));
  const roleId = role.toLowerCase();
  return deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, email: users.email, username: profiles.username })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!target) throw new DomainError("not_found");
    if (role === ROLE_ADMIN) {
      await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).for("update");
      const [held] = await tx
        .select({ n: count() })
        .from(userRoles)
        .where(and(eq(userRoles.roleId, roleId), eq(userRoles.userId, userId)));
      const [admins] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
      if (held.n > 0 && admins.n <= 1) throw new DomainError("accounts.last_admin");
    }
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
      .returning({ userId: userRoles.userId });
    if (!removed.length) return { changed: false };
    await recordAudit(tx, actor, {
      action: "role.revoke",
      targetType: "user",
      targetId: userId,
      targetName: target.username ?? target.email,
      details: { role },
    });
    return { changed: true };
  });
}
