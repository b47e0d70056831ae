import { eq } from "drizzle-orm";
import { accounts, profiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { nextUsernameChange } from "./change-username";
import type { AccountsDeps } from "./deps";
import { assertSignedIn, can } from "./policy";

/** The signed-in person's own profile settings, for the account pages. */
export async function getAccountSettings(deps: Pick<AccountsDeps, "db">, actor: Actor, now = new Date()) {
  assertSignedIn(actor);
  const [p] = await deps.db.select().from(profiles).where(eq(profiles.id, actor.userId)).limit(1);
  if (!p) throw new DomainError("not_found");
  const methods = await deps.db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, actor.userId));
  return {
    username: p.username,
    email: actor.email,
    emailVerified: actor.emailVerified,
    avatarUrl: p.avatarUrl,
    bio: p.bio ?? "",
    socialLinks: p.socialLinks ?? {},
    showEmail: p.showEmail,
    locale: p.locale,
    /** ISO date of the next allowed username change, or null when it may change now. */
    nextUsernameChange: nextUsernameChange(p.usernameChangedAt, now)?.toISOString() ?? null,
    hasPassword: methods.some((m) => m.providerId === "credential" && !!m.password),
    /** The profile role; null for a player (a member without one). */
    role: p.role,
    /** What the account page offers, as the policy decides it (on the role just read: it may have changed). */
    abilities: { becomeCreator: can({ ...actor, profileRole: p.role }, "profile.become_creator") },
  };
}
