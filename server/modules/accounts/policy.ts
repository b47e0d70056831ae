import { hasRole, isPendingCompany, isStaff, ROLE_ADMIN, ROLE_MODERATOR, type Actor } from "./actor";
import { DomainError } from "#server/modules/errors";

/** Every action of accounts and the admin area's people and mail tabs, one per verb. */
export const ACCOUNTS_ACTIONS = [
  /** Posting, requesting keys and submitting anything: a confirmed email, and an approved company. */
  "content.submit",
  /** The admin area, its quick view and the header's admin link. */
  "admin.panel",
  /** The audit log. */
  "audit.read",
  /** The roles tab: members with their roles. */
  "roles.view",
  /** Granting and revoking the Admin role. */
  "roles.grant_admin",
  /** Granting and revoking the Moderator role. */
  "roles.grant_moderator",
  /** The companies tab: companies by verification status. */
  "companies.list",
  /** Verifying or rejecting a company. */
  "companies.review",
  /** The mail log (messages include sign-in links). */
  "mail.read",
  /** Sending a failed message again. */
  "mail.retry",
  /** A player (a member without a profile role) becoming a creator from /account. */
  "profile.become_creator",
] as const;
export type AccountsAction = (typeof ACCOUNTS_ACTIONS)[number];

/** Pure rules for accounts, roles and companies, one case per action. */
export function can(actor: Actor, action: AccountsAction): boolean {
  if (!actor) return false;
  switch (action) {
    case "content.submit":
      return actor.emailVerified && !isPendingCompany(actor);
    case "admin.panel":
    case "audit.read":
    case "roles.view":
    case "roles.grant_moderator":
    case "companies.list":
    case "companies.review":
      return isStaff(actor);
    case "roles.grant_admin":
    case "mail.read":
    case "mail.retry":
      return hasRole(actor, ROLE_ADMIN);
    case "profile.become_creator":
      return actor.profileRole === null;
  }
}

export function assertCan(actor: Actor, action: AccountsAction): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (can(actor, action)) return;
  if (action === "content.submit") throw new DomainError(actor.emailVerified ? "company.pending" : "auth.email_unverified");
  throw new DomainError("auth.forbidden");
}

/** Which role a grant or revoke of `role` needs. */
export const actionForRole = (role: string): AccountsAction =>
  role === ROLE_ADMIN ? "roles.grant_admin" : role === ROLE_MODERATOR ? "roles.grant_moderator" : "roles.grant_admin";

export function assertSignedIn(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
}

/**
 * SPEC §4: a company account the team has not verified yet completes its company profile and waits; until then
 * it changes nothing else on the site (its member profile, its username…). The HTTP layer holds it on
 * /company/verification; the operations refuse it again here, so no page or API can forget.
 */
export function assertNotOnHold(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (isPendingCompany(actor)) throw new DomainError("company.pending");
}
