import { CAPABILITY_OTHER, CAPABILITY_SELF, type CapabilityCases } from "#server/modules/area";
import { isStaff, type Actor } from "#server/modules/accounts/actor";
import { assertCan as assertAccounts, can as canAccounts } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";
import { approvalRefusal, keyAdditionRefusal, type PauseState } from "./campaign-status";

/**
 * Every action of creator key campaigns, one per verb. A company acts on what is its own (its
 * games, campaigns, pools and the requests made to them); a creator on their own channels, requests and keys;
 * the team lists everything, pauses a campaign with a reason and checks or flags creators' channels.
 */
const COMPANY_ACTIONS = [
  /** The company's own games: the list and each game's form. */
  "game.view",
  /** Adding a game. */
  "game.create",
  /** Editing a game's details and its cover. */
  "game.update",
  /** The company's own campaigns: the list, each campaign's manage page, the dashboard's summary. */
  "campaign.view",
  /** Creating a campaign. */
  "campaign.create",
  /** Editing a campaign's details. */
  "campaign.update",
  /** Moving a campaign between draft, active, paused and finished. */
  "campaign.set_status",
  /** Uploading keys to a campaign's pool (preview, save or discard an upload). */
  "keys.upload",
  /** Revoking unused keys. */
  "keys.revoke",
  /** Exporting every key of a pool as CSV, in full. */
  "keys.export",
  /** Approving or rejecting a creator's request (one by one or in bulk). */
  "request.decide",
  /** Finding which creator received a key found elsewhere (written to the audit log). */
  "keys.trace",
] as const;
const CREATOR_ACTIONS = [
  /** Reading one's own channels and audience (/creator/onboarding). */
  "channels.view",
  /** Saving one's channels and audience. */
  "channels.save",
  /** Proving a channel is one's own: the site looks for the channel's code on its public page. */
  "channels.verify",
  /** Requesting a key for an active campaign. */
  "campaign.request",
  /** The list of keys one received, masked. */
  "key.list",
  /** Showing one's own key in full (each reveal is recorded). */
  "key.reveal",
  /** Adding a link to the coverage made with a key one received. */
  "coverage.add",
  /** Removing such a link. */
  "coverage.remove",
] as const;
const TEAM_ACTIONS = [
  /** The admin campaigns tab: every campaign of every company. */
  "campaign.list_all",
  /** Pausing any campaign with a reason the company sees, and lifting that pause. */
  "campaign.admin_pause",
  /** The admin creators tab: creators with their channels. */
  "creator.list",
  /** Marking a channel's figures as checked, or flagging a channel. */
  "creator.review",
] as const;
export const CAMPAIGNS_ACTIONS = [...COMPANY_ACTIONS, ...CREATOR_ACTIONS, ...TEAM_ACTIONS] as const;
export type CampaignsAction = (typeof CAMPAIGNS_ACTIONS)[number];

/** Whose thing it is: the company that owns it (company profiles are keyed by their user's id), the creator. */
export type CampaignsResource = { companyId?: string; creatorId?: string };

const COMPANY = new Set<CampaignsAction>(COMPANY_ACTIONS);
const CREATOR = new Set<CampaignsAction>(CREATOR_ACTIONS);

const isCompany = (actor: NonNullable<Actor>) => actor.profileRole === "company";
const isCreator = (actor: NonNullable<Actor>) => actor.profileRole === "creator";

/**
 * Pure rules. Company and creator actions need a member who may submit (confirmed email; a company verified by
 * the team) with that profile role, and, given a resource, that it is theirs. The team's actions need a
 * Moderator or Admin.
 */
export function can(actor: Actor, action: CampaignsAction, resource: CampaignsResource = {}): boolean {
  if (!actor) return false;
  if (!COMPANY.has(action) && !CREATOR.has(action)) return isStaff(actor);
  if (!canAccounts(actor, "content.submit")) return false;
  if (COMPANY.has(action)) return isCompany(actor) && (resource.companyId === undefined || resource.companyId === actor.userId);
  return isCreator(actor) && (resource.creatorId === undefined || resource.creatorId === actor.userId);
}

/**
 * Throws the code that explains a refusal: a visitor must sign in; an unconfirmed email or a pending company
 * is told so; a company asking for a key, or a member without the creator role, is told why; anything else,
 * someone else's thing included, is `auth.forbidden` (never "not found" for what exists: callers load by owner).
 */
export function assertCan(actor: Actor, action: CampaignsAction, resource: CampaignsResource = {}): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (can(actor, action, resource)) return;
  if (COMPANY.has(action) || CREATOR.has(action)) {
    if (action === "campaign.request" && isCompany(actor)) throw new DomainError("campaigns.company_cannot_request");
    assertAccounts(actor, "content.submit");
    if (action === "campaign.request" && !isCreator(actor)) throw new DomainError("campaigns.creators_only");
  }
  throw new DomainError("auth.forbidden");
}

/** What the company area's pages may offer (sent by loaders). */
export function companyAbilities(actor: Actor) {
  return {
    viewGames: can(actor, "game.view"),
    createGame: can(actor, "game.create"),
    updateGame: can(actor, "game.update"),
    viewCampaigns: can(actor, "campaign.view"),
    createCampaign: can(actor, "campaign.create"),
    updateCampaign: can(actor, "campaign.update"),
    setCampaignStatus: can(actor, "campaign.set_status"),
    uploadKeys: can(actor, "keys.upload"),
    revokeKeys: can(actor, "keys.revoke"),
    exportKeys: can(actor, "keys.export"),
    decide: can(actor, "request.decide"),
    trace: can(actor, "keys.trace"),
  };
}

/**
 * What the manage page of one campaign may offer: the company's abilities, and whether approving requests and
 * adding keys are possible in the campaign's present state (a paused campaign gives out no key, and
 * takes none during the team's pause). The same rules the operations apply, so no button leads to a refusal.
 */
export function campaignAbilities(actor: Actor, campaign: PauseState & { companyId: string }) {
  const own = { companyId: campaign.companyId };
  return {
    ...companyAbilities(actor),
    approve: can(actor, "request.decide", own) && !approvalRefusal(campaign),
    addKeys: can(actor, "keys.upload", own) && !keyAdditionRefusal(campaign),
  };
}

/** What the creator's onboarding page may offer (sent by its loader). */
export function channelAbilities(actor: Actor) {
  return { view: can(actor, "channels.view"), save: can(actor, "channels.save"), verify: can(actor, "channels.verify") };
}

/** What a campaign's public page may offer this person, and if not, why (an i18n key of `errors:`). */
export function requestAbility(actor: Actor): { request: boolean; reason: string | null } {
  if (can(actor, "campaign.request")) return { request: true, reason: null };
  try {
    assertCan(actor, "campaign.request");
  } catch (err) {
    if (err instanceof DomainError) return { request: false, reason: `errors:${err.code}` };
    throw err;
  }
  return { request: false, reason: null };
}

/** The team's tabs. */
export function teamAbilities(actor: Actor) {
  return {
    listCampaigns: can(actor, "campaign.list_all"),
    pause: can(actor, "campaign.admin_pause"),
    listCreators: can(actor, "creator.list"),
    review: can(actor, "creator.review"),
  };
}

/**
 * Creator key campaigns: a company acts on its own games, campaigns, pools and requests, a creator on
 * their own channels, keys and coverage; asking for a key and the team's tabs have one row each.
 */
const ownCompany: { case: "own" | "others"; resource: CampaignsResource }[] = [
  { case: "own", resource: { companyId: CAPABILITY_SELF } },
  { case: "others", resource: { companyId: CAPABILITY_OTHER } },
];
const ownCreator: { case: "own" | "others"; resource: CampaignsResource }[] = [
  { case: "own", resource: { creatorId: CAPABILITY_SELF } },
  { case: "others", resource: { creatorId: CAPABILITY_OTHER } },
];
export const CAMPAIGNS_CASES: CapabilityCases<CampaignsAction, CampaignsResource> = {
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
