import { type Actor } from "#server/modules/accounts/actor";
import { can as canAccounts } from "#server/modules/accounts/policy";
import { can as canCampaigns } from "#server/modules/campaigns/policy";
import { can as canCharacter } from "#server/modules/character/policy";
import { can as canContact } from "#server/modules/contact/policy";
import { can as canContent } from "#server/modules/content/policy";
import { can as canForum } from "#server/modules/forum/policy";
import { can as canGamification } from "#server/modules/gamification/policy";
import { can as canJobs } from "#server/modules/jobs/policy";
import { can as canSite } from "#server/modules/site/policy";
import { can as canPromotions } from "#server/modules/promotions/policy";
import { can as canRooms } from "#server/modules/rooms/policy";
import { DomainError } from "#server/modules/errors";

/**
 * What the admin area shows to the signed-in person, one flag per tab or button, each read from the action of
 * the operation behind it, so the pages never repeat a rule: the navigation hides what these say no to, and the
 * operations refuse it anyway.
 */
export function adminAbilities(actor: Actor) {
  return {
    panel: canAccounts(actor, "admin.panel"),
    rolesView: canAccounts(actor, "roles.view"),
    grantAdmin: canAccounts(actor, "roles.grant_admin"),
    grantModerator: canAccounts(actor, "roles.grant_moderator"),
    companiesList: canAccounts(actor, "companies.list"),
    companiesReview: canAccounts(actor, "companies.review"),
    mailRead: canAccounts(actor, "mail.read"),
    mailRetry: canAccounts(actor, "mail.retry"),
    settingsUpdate: canSite(actor, "settings.update"),
    auditRead: canAccounts(actor, "audit.read"),
    /** The site tabs: announced events, and the missing translations the browsers reported (Admins). */
    announcements: canSite(actor, "announcement.list"),
    missingTranslations: canSite(actor, "i18n_missing.read"),
    /** The forum tabs: overview, moderation (the report queue and hidden content), users (the team); content and settings (Admins). */
    forumOverview: canForum(actor, "forum.overview"),
    forumModeration: canForum(actor, "report.list"),
    forumUsers: canForum(actor, "member.list"),
    forumContent: canForum(actor, "structure.view"),
    forumSettings: canSite(actor, "settings.update"),
    /** The gamification tabs: settings, levels, achievements (Admins); ranking (the team). */
    gamificationSettings: canGamification(actor, "gamification.read_settings"),
    gamificationLevels: canGamification(actor, "level.save"),
    gamificationAchievements: canGamification(actor, "achievement.list"),
    gamificationRanking: canGamification(actor, "gamification.ranking"),
    /** The campaigns tabs: every campaign (pause with a reason), creators and their channels. */
    campaignsList: canCampaigns(actor, "campaign.list_all"),
    creatorsList: canCampaigns(actor, "creator.list"),
    /** The featured games tabs: review queue and schedule (the team); promo codes, analytics, studio promotions (Admins). */
    featuredList: canPromotions(actor, "submission.list"),
    promoCodes: canPromotions(actor, "promo.list"),
    featuredAnalytics: canPromotions(actor, "featured_analytics.view"),
    studioPromotions: canPromotions(actor, "studio_promotion.list"),
    /** The Contacts tab: messages sent from /contact, personal and business (the team). */
    contactMessages: canContact(actor, "contact_message.list"),
    /** The jobs tabs: offers and applications (Admins). */
    jobOffers: canJobs(actor, "job.list"),
    jobApplications: canJobs(actor, "application.list"),
    /** Videos and the podcast, and their collaborators (Admins). */
    contentList: canContent(actor, "content.list"),
    collaboratorsList: canContent(actor, "collaborator.list"),
    /** The avatars tab: items and the render queue (Admins). */
    avatars: canCharacter(actor, "item.list_all"),
    /** The episode rooms tab: the rooms one hosts (the team; Admins see every room). */
    episodeRooms: canRooms(actor, "episode_room.list"),
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
