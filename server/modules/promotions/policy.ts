import { CAPABILITY_OTHER, CAPABILITY_SELF, type CapabilityCases } from "#server/modules/area";
import { hasRole, isStaff, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { assertCan as assertAccounts, can as canAccounts } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";

/**
 * Every action of featured games, one per verb. Anyone may submit a game on /collaborate and check
 * a promo code (a studio needs no account to pay for a feature); paying for and reading a submission's payment
 * is proved by its unguessable id, not by a role. A verified company starts from its own games and reads its
 * own games' numbers. Moderators read the review queue and mark a submission's content as checked; what
 * moves money or what visitors see (approve, reject and refund, delete, schedule, promo codes, the offer,
 * analytics and their exports, promotional email) is for Admins.
 */
const PUBLIC_ACTIONS = [
  /** Sending a promotion request from /collaborate. */
  "submission.create",
  /** Checking a promo code live on the form. */
  "promo.check",
] as const;
const COMPANY_ACTIONS = [
  /** Starting a submission from one of the company's own games. */
  "submission.from_game",
  /** The studio's own featured games' views and clicks (dashboard). */
  "game_stats.view",
  /** Agreeing to (or declining) promotional email about featured games, for the company itself. */
  "studio_mail.consent",
] as const;
const MODERATOR_ACTIONS = [
  /** The admin review queue of submissions with their payments, and the featured games list. */
  "submission.list",
  /** Marking a submission's content as checked (pending_review → pending_approval), with a note. */
  "submission.check",
] as const;
const ADMIN_ACTIONS = [
  /** Approving a submission into a featured game with a feature type, duration and start date. */
  "submission.approve",
  /** Rejecting a submission with a reason (refunds a paid one; cannot be undone). */
  "submission.reject",
  /** Deleting a submission (and its image). */
  "submission.delete",
  /** Showing or hiding a featured game. */
  "featured.set_visible",
  /** Ending a featured game early. */
  "featured.end",
  /** Editing a featured game's details page. */
  "featured.update",
  /** The promo codes tab: the codes, each one's details and its uses. */
  "promo.list",
  /** Creating a promo code. */
  "promo.create",
  /** Editing a promo code. */
  "promo.update",
  /** Deactivating a promo code, or activating it again. */
  "promo.set_active",
  /** The promotion offer's current prices, durations and homepage slots. */
  "offer.view",
  /** Changing the promotion offer. */
  "offer.update",
  /** The featured-games view of /admin/analytics. */
  "featured_analytics.view",
  /** Its CSV and Excel exports. */
  "featured_analytics.export",
  /** The history of promotional emails sent to studios. */
  "studio_promotion.list",
  /** Sending a promotional email about a featured game to the studios that agreed. */
  "studio_promotion.send",
] as const;

export const PROMOTIONS_ACTIONS = [...PUBLIC_ACTIONS, ...COMPANY_ACTIONS, ...MODERATOR_ACTIONS, ...ADMIN_ACTIONS] as const;
export type PromotionsAction = (typeof PROMOTIONS_ACTIONS)[number];

/** Whose thing it is: the company that owns a game or a featured game. */
export type PromotionsResource = { companyId?: string | null };

const PUBLIC = new Set<PromotionsAction>(PUBLIC_ACTIONS);
const COMPANY = new Set<PromotionsAction>(COMPANY_ACTIONS);
const MODERATOR = new Set<PromotionsAction>(MODERATOR_ACTIONS);

/** Pure rules (see the list above). */
export function can(actor: Actor, action: PromotionsAction, resource: PromotionsResource = {}): boolean {
  if (PUBLIC.has(action)) return true;
  if (!actor) return false;
  if (COMPANY.has(action)) {
    if (actor.profileRole !== "company" || !canAccounts(actor, "content.submit")) return false;
    return resource.companyId === undefined || resource.companyId === actor.userId;
  }
  if (MODERATOR.has(action)) return isStaff(actor);
  return hasRole(actor, ROLE_ADMIN);
}

/** Throws the code that explains a refusal (a visitor must sign in; a pending company is told so). */
export function assertCan(actor: Actor, action: PromotionsAction, resource: PromotionsResource = {}): void {
  if (can(actor, action, resource)) return;
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (COMPANY.has(action) && actor.profileRole === "company") assertAccounts(actor, "content.submit");
  throw new DomainError("auth.forbidden");
}

/** What the admin tabs of this area may offer (sent by loaders). */
export function promotionsTeamAbilities(actor: Actor) {
  return {
    list: can(actor, "submission.list"),
    check: can(actor, "submission.check"),
    approve: can(actor, "submission.approve"),
    reject: can(actor, "submission.reject"),
    delete: can(actor, "submission.delete"),
    setFeaturedVisible: can(actor, "featured.set_visible"),
    endFeatured: can(actor, "featured.end"),
    updateFeatured: can(actor, "featured.update"),
    listPromo: can(actor, "promo.list"),
    createPromo: can(actor, "promo.create"),
    updatePromo: can(actor, "promo.update"),
    setPromoActive: can(actor, "promo.set_active"),
    viewOffer: can(actor, "offer.view"),
    updateOffer: can(actor, "offer.update"),
    analytics: can(actor, "featured_analytics.view"),
    exportAnalytics: can(actor, "featured_analytics.export"),
    listPromotions: can(actor, "studio_promotion.list"),
    sendPromotion: can(actor, "studio_promotion.send"),
  };
}
export type PromotionsTeamAbilities = ReturnType<typeof promotionsTeamAbilities>;

/** Featured games: a company reads its own games' numbers and starts from its own games. */
export const PROMOTIONS_CASES: CapabilityCases<PromotionsAction, PromotionsResource> = {
  "submission.from_game": [
    { case: "own", resource: { companyId: CAPABILITY_SELF } },
    { case: "others", resource: { companyId: CAPABILITY_OTHER } },
  ],
  "game_stats.view": [
    { case: "own", resource: { companyId: CAPABILITY_SELF } },
    { case: "others", resource: { companyId: CAPABILITY_OTHER } },
  ],
  "studio_mail.consent": [
    { case: "own", resource: { companyId: CAPABILITY_SELF } },
    { case: "others", resource: { companyId: CAPABILITY_OTHER } },
  ],
};
