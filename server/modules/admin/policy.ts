import { type Actor } from "#server/modules/accounts/actor";
import { can as canAccounts } from "#server/modules/accounts/policy";
import { can as canForum } from "#server/modules/forum/policy";
import { can as canGamification } from "#server/modules/gamification/policy";
import { can as canSite } from "#server/modules/site/policy";
import { DomainError } from "#server/modules/errors";

/**
 * What the admin area shows to the signed-in person, decided by the accounts and site policies, so the
 * pages never repeat a rule: the navigation hides what these say no to, and the operations refuse it anyway.
 */
export function adminAbilities(actor: Actor) {
  return {
    panel: canAccounts(actor, "admin.panel"),
    rolesView: canAccounts(actor, "roles.view"),
    grantAdmin: canAccounts(actor, "roles.grant_admin"),
    grantModerator: canAccounts(actor, "roles.grant_moderator"),
    companiesReview: canAccounts(actor, "companies.review"),
    mailRead: canAccounts(actor, "mail.read"),
    settingsUpdate: canSite(actor, "settings.update"),
    auditRead: canAccounts(actor, "admin.panel"),
    /** The forum tabs: overview, moderation, users (the team); content and settings (Admins). */
    forumModerate: canForum(actor, "forum.moderate"),
    forumManageContent: canForum(actor, "forum.manage_content"),
    forumSettings: canSite(actor, "settings.update"),
    /** The gamification tabs: settings, levels, achievements (Admins); ranking (the team). */
    gamificationAdmin: canGamification(actor, "gamification.admin"),
    gamificationRanking: canGamification(actor, "gamification.ranking"),
  };
}
export type AdminAbilities = ReturnType<typeof adminAbilities>;
export type AdminAbility = keyof AdminAbilities;

/** Only a company account edits its own company profile. */
export function assertCompanyAccount(actor: Actor): asserts actor is NonNullable<Actor> & { profileRole: "company" } {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (actor.profileRole !== "company") throw new DomainError("auth.forbidden");
}

export function assertAdminPanel(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (!canAccounts(actor, "admin.panel")) throw new DomainError("auth.forbidden");
}
