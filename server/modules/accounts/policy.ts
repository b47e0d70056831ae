import { hasRole, isPendingCompany, isStaff, ROLE_ADMIN, ROLE_MODERATOR, type Actor } from "./actor";
import { DomainError } from "#server/modules/errors";

export type AccountsAction =
  "admin.panel" | "roles.view" | "roles.grant_admin" | "roles.grant_moderator" | "companies.review" | "mail.read" | "content.submit";

/** Pure rules for accounts, roles and companies. */
export function can(actor: Actor, action: AccountsAction): boolean {
  if (!actor) return false;
  switch (action) {
    case "admin.panel":
    case "roles.view":
    case "companies.review":
      return isStaff(actor);
    case "roles.grant_moderator":
      return isStaff(actor);
    case "roles.grant_admin":
    case "mail.read":
      return hasRole(actor, ROLE_ADMIN);
    case "content.submit":
      // Posting, requesting keys and submitting anything need a confirmed email, and an approved company.
      return actor.emailVerified && !isPendingCompany(actor);
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
