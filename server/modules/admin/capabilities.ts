import { ROLE_ADMIN, ROLE_MODERATOR, type Actor } from "#server/modules/accounts/actor";
import { ACCOUNTS_ACTIONS, can as canAccounts } from "#server/modules/accounts/policy";
import { CAMPAIGNS_ACTIONS, canCampaigns, type CampaignsAction } from "#server/modules/campaigns";
import { FORUM_ACTIONS, can as canForum, type ForumAction, type ForumResource } from "#server/modules/forum/policy";
import { GAMIFICATION_ACTIONS, can as canGamification, type GamificationAction } from "#server/modules/gamification/policy";
import { NOTIFICATIONS_ACTIONS, can as canNotifications } from "#server/modules/notifications/policy";
import { SITE_ACTIONS, can as canSite } from "#server/modules/site/policy";
import { PROMOTIONS_ACTIONS, canPromotions, type PromotionsAction } from "#server/modules/promotions";

/**
 * The capability table of /admin/roles: every action of every area's policy, evaluated with `can()` for one
 * person of each kind, so what the team reads is what the operations enforce and cannot drift from it (a new
 * action shows up here by being added to its policy's list). Actions whose answer depends on whose content it
 * is are evaluated once per case (one's own post, someone else's…).
 */

/** The kinds of person the table has a column for: a visitor, members by profile role, and the team. */
export const CAPABILITY_ROLES = ["visitor", "member", "creator", "company", "pendingCompany", "Moderator", "Admin"] as const;
export type CapabilityRole = (typeof CAPABILITY_ROLES)[number];

export const CAPABILITY_AREAS = ["accounts", "forum", "gamification", "notifications", "site", "campaigns", "promotions"] as const;
export type CapabilityArea = (typeof CAPABILITY_AREAS)[number];

/** The cases a row may be about (labels `capabilities.cases.<case>` in the admin namespace). */
export type CapabilityCase = "own" | "others" | "open" | "locked" | "ownThread" | "othersThread";

export type CapabilityRow = {
  area: CapabilityArea;
  action: string;
  case: CapabilityCase | null;
  /** Whether each kind of person may do it (in this case). */
  allowed: Record<CapabilityRole, boolean>;
};

const SELF = "capability-table-self";
const OTHER = "capability-table-other";

/** One person of each kind, all with the id `SELF` (so "own" resources are theirs). */
export function sampleActor(role: CapabilityRole): Actor {
  if (role === "visitor") return null;
  const base = {
    userId: SELF,
    email: "someone@example.invalid",
    emailVerified: true,
    username: "someone",
    avatarUrl: null,
    profileRole: null,
    roles: [],
    company: null,
    sessionId: null,
  } satisfies NonNullable<Actor>;
  switch (role) {
    case "member":
      return base;
    case "creator":
      return { ...base, profileRole: "creator" };
    case "company":
      return { ...base, profileRole: "company", company: { slug: "studio", companyName: "Studio", verified: true } };
    case "pendingCompany":
      return { ...base, profileRole: "company", company: { slug: "studio", companyName: "Studio", verified: false } };
    case "Moderator":
      return { ...base, roles: [ROLE_MODERATOR] };
    case "Admin":
      return { ...base, roles: [ROLE_ADMIN] };
  }
}

type Case<R> = { case: CapabilityCase; resource: R };
const ownOrOthers: Case<ForumResource>[] = [
  { case: "own", resource: { authorId: SELF } },
  { case: "others", resource: { authorId: OTHER } },
];

/** The forum actions whose answer depends on the content; every other action has one row, without a resource. */
export const FORUM_CASES: Partial<Record<ForumAction, Case<ForumResource>[]>> = {
  "post.reply": [
    { case: "open", resource: { locked: false } },
    { case: "locked", resource: { locked: true } },
  ],
  "post.edit": ownOrOthers,
  // A reply (the opening post goes with its thread) in an open thread.
  "post.delete": ownOrOthers,
  "post.like": [{ case: "others", resource: { authorId: OTHER } }],
  "post.report": [{ case: "others", resource: { authorId: OTHER } }],
  "thread.accept_answer": [
    { case: "ownThread", resource: { threadAuthorId: SELF } },
    { case: "othersThread", resource: { threadAuthorId: OTHER } },
  ],
};
export const GAMIFICATION_CASES: Partial<Record<GamificationAction, Case<{ userId?: string }>[]>> = {
  "gamification.ledger": [
    { case: "own", resource: { userId: SELF } },
    { case: "others", resource: { userId: OTHER } },
  ],
};

/**
 * Creator key campaigns (issue 14): a company acts on its own games, campaigns, pools and requests, a creator on
 * their own channels, keys and coverage; asking for a key and the team's tabs have one row each.
 */
type CampaignsResource = { companyId?: string; creatorId?: string };
const ownCompany: Case<CampaignsResource>[] = [
  { case: "own", resource: { companyId: SELF } },
  { case: "others", resource: { companyId: OTHER } },
];
const ownCreator: Case<CampaignsResource>[] = [
  { case: "own", resource: { creatorId: SELF } },
  { case: "others", resource: { creatorId: OTHER } },
];
export const CAMPAIGNS_CASES: Partial<Record<CampaignsAction, Case<CampaignsResource>[]>> = {
  "game.view": ownCompany,
  "game.create": ownCompany,
  "game.update": ownCompany,
  "campaign.view": ownCompany,
  "campaign.create": ownCompany,
  "campaign.update": ownCompany,
  "campaign.set_status": ownCompany,
  "keys.upload": ownCompany,
  "keys.revoke": ownCompany,
  "keys.export": ownCompany,
  "request.decide": ownCompany,
  "keys.trace": ownCompany,
  "channels.view": ownCreator,
  "channels.save": ownCreator,
  "channels.verify": ownCreator,
  "key.list": ownCreator,
  "key.reveal": ownCreator,
  "coverage.add": ownCreator,
  "coverage.remove": ownCreator,
};

/** Featured games (issue 15): a company reads its own games' numbers and starts from its own games. */
export const PROMOTIONS_CASES: Partial<Record<PromotionsAction, Case<{ companyId?: string }>[]>> = {
  "submission.from_game": [
    { case: "own", resource: { companyId: SELF } },
    { case: "others", resource: { companyId: OTHER } },
  ],
  "game_stats.view": [
    { case: "own", resource: { companyId: SELF } },
    { case: "others", resource: { companyId: OTHER } },
  ],
  "studio_mail.consent": [
    { case: "own", resource: { companyId: SELF } },
    { case: "others", resource: { companyId: OTHER } },
  ],
};

function rowsOf<A extends string, R>(
  area: CapabilityArea,
  actions: readonly A[],
  can: (actor: Actor, action: A, resource?: R) => boolean,
  cases: Partial<Record<A, Case<R>[]>> = {},
): CapabilityRow[] {
  return actions.flatMap((action) =>
    (cases[action] ?? [null]).map((c) => ({
      area,
      action,
      case: c?.case ?? null,
      allowed: Object.fromEntries(CAPABILITY_ROLES.map((role) => [role, can(sampleActor(role), action, c?.resource)])) as Record<
        CapabilityRole,
        boolean
      >,
    })),
  );
}

/** The whole table, area by area in the order of each policy's action list. */
export function capabilityTable(): { roles: readonly CapabilityRole[]; rows: CapabilityRow[] } {
  return {
    roles: CAPABILITY_ROLES,
    rows: [
      ...rowsOf("accounts", ACCOUNTS_ACTIONS, (a, action) => canAccounts(a, action)),
      ...rowsOf("forum", FORUM_ACTIONS, canForum, FORUM_CASES),
      ...rowsOf("gamification", GAMIFICATION_ACTIONS, canGamification, GAMIFICATION_CASES),
      ...rowsOf("notifications", NOTIFICATIONS_ACTIONS, (a, action) => canNotifications(a, action)),
      ...rowsOf("site", SITE_ACTIONS, (a, action) => canSite(a, action)),
      ...rowsOf("campaigns", CAMPAIGNS_ACTIONS, canCampaigns, CAMPAIGNS_CASES),
      ...rowsOf("promotions", PROMOTIONS_ACTIONS, canPromotions, PROMOTIONS_CASES),
    ],
  };
}
export type CapabilityTable = ReturnType<typeof capabilityTable>;
