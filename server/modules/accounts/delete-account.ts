import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { accounts, profiles, userRoles, users } from "#server/db/schema";
import { verifyPassword } from "#server/platform/auth";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { parseInput, type AccountsDeps } from "./deps";
import { assertOwnAccount } from "./account-policy";
import { assertSignedIn } from "./policy";

/** The id of the Admin role row (see ensureRoles). */
const ADMIN_ROLE_ID = "admin";

const input = z.object({
  /** The current password; accounts without one (single sign-on only) type their username instead. */
  password: z.string().max(1000).optional(),
  username: z.string().trim().max(100).optional(),
  userId: z.string().optional(),
});

/**
 * Deletes the signed-in person's account for good: the users row (profile, company profile, roles, sessions
 * and linked accounts go with it) and the avatar file. Refused for the last Admin. The caller clears cookies.
 */
export async function deleteAccount(deps: Pick<AccountsDeps, "db" | "storage" | "log">, actor: Actor, raw: unknown) {
  assertSignedIn(actor);
  const given = parseInput(input, raw);
  assertOwnAccount(actor, given.userId);
  const [credential] = await deps.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, actor.userId), eq(accounts.providerId, "credential")))
    .limit(1);
  const [profile] = await deps.db
    .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, actor.userId))
    .limit(1);
  if (credential?.password) {
    if (!given.password || !(await verifyPassword(credential.password, given.password))) throw new DomainError("accounts.password_wrong");
  } else if (!given.username || !profile || given.username.toLowerCase() !== profile.username.toLowerCase()) {
    throw new DomainError("accounts.password_wrong", { confirmWith: "username" });
  }

  await deps.db.transaction(async (tx) => {
    // Locks the Admin rows so two Admins deleting themselves at once cannot leave the site without one.
    const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, ADMIN_ROLE_ID)).for("update");
    const adminIds = admins.map((r) => r.userId);
    if (adminIds.includes(actor.userId) && adminIds.length === 1) throw new DomainError("accounts.last_admin");
    await tx.delete(users).where(eq(users.id, actor.userId));
  });

  const key = deps.storage.keyOf(profile?.avatarUrl);
  if (key) await deps.storage.remove(key).catch((err) => deps.log.warn("avatar file not removed", { err, key }));
  return { deleted: true as const };
}
