import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, roles, userRoles, users } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { actionForRole, assertCan } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "./input";
import { roleChangeInput } from "./roles-input";

/**
 * Gives a user the Admin or Moderator role. An Admin grants either; a Moderator grants only Moderator.
 * Granting a role the user already has changes nothing and writes no audit row.
 */
export async function grantRole(deps: { db: Database }, actor: Actor, input: unknown): Promise<{ changed: boolean }> {
  assertCan(actor, "roles.view");
  const { userId, role } = parseInput(roleChangeInput, input);
  assertCan(actor, actionForRole(role));
  return deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, email: users.email, username: profiles.username })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!target) throw new DomainError("not_found");
    const roleId = role.toLowerCase();
    await tx.insert(roles).values({ id: roleId, name: role }).onConflictDoNothing();
    const inserted = await tx.insert(userRoles).values({ userId, roleId }).onConflictDoNothing().returning({ userId: userRoles.userId });
    if (!inserted.length) return { changed: false };
    await recordAudit(tx, actor, {
      action: "role.grant",
      targetType: "user",
      targetId: userId,
      targetName: target.username ?? target.email,
      details: { role },
    });
    return { changed: true };
  });
}
