import { CAPABILITY_OTHER, CAPABILITY_SELF, type CapabilityCases } from "#server/modules/area";
import { hasRole, isPendingCompany, isStaff, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/**
 * Every action of the role-play layer, one per verb (SPEC §1 character, §2 /account tabs and the avatars admin
 * tab, §4 avatar render and arena). A member plays with their own character only; a company account still
 * waiting for verification plays nothing yet. Matches, ratings and public characters are for everyone to see.
 */
const PUBLIC_ACTIONS = [
  /** A match's turns and result, the arena leaderboards, a member's public character. */
  "arena_match.view",
  /** A member's character on their public profile: class, level, rendered avatar, what they wear. */
  "character.view_public",
] as const;
const MEMBER_ACTIONS = [
  /** Picking the class the first time (free). */
  "character.choose_class",
  /** Changing the class later (costs gold). */
  "character.change_class",
  /** Spending stat points on strength, intelligence, agility or charisma. */
  "character.spend_stat_points",
  /** Buying an item with gold from the inventory's available list. */
  "item.buy",
  /** Putting an owned item on. */
  "item.equip",
  /** Taking an item off. */
  "item.unequip",
  /** Asking for a new render of one's avatar. */
  "avatar.render",
  /** Choosing the uploaded or the rendered avatar as one's picture. */
  "avatar.choose",
  /** Entering the arena's queue. */
  "arena.join",
  /** Leaving the queue before a match is found. */
  "arena.leave",
] as const;
const ADMIN_ACTIONS = [
  /** The avatars tab: items and the render queue. */
  "item.list_all",
  "item.create",
  "item.update",
  /** Uploading an item's artwork. */
  "item.upload_art",
  /** Retiring an item (owners keep it; nobody gets it any more), or bringing it back. */
  "item.retire",
  /** Putting a failed or cancelled render back in the queue. */
  "avatar_render.requeue",
  /** Rendering now, ahead of the queue. */
  "avatar_render.force",
  /** Cancelling a pending render. */
  "avatar_render.cancel",
] as const;
/** Actions on one person's character: their own, or anyone's for the team (their gold history). */
const OWNED_ACTIONS = [
  /** One person's character, inventory and gold history. */
  "character.view",
] as const;

export const CHARACTER_ACTIONS = [...PUBLIC_ACTIONS, ...MEMBER_ACTIONS, ...OWNED_ACTIONS, ...ADMIN_ACTIONS] as const;
export type CharacterAction = (typeof CHARACTER_ACTIONS)[number];
export type CharacterResource = { userId?: string };

const PUBLIC = new Set<CharacterAction>(PUBLIC_ACTIONS);
const MEMBER = new Set<CharacterAction>(MEMBER_ACTIONS);
const OWNED = new Set<CharacterAction>(OWNED_ACTIONS);

/** Pure rules (see the lists above). */
export function can(actor: Actor, action: CharacterAction, resource: CharacterResource = {}): boolean {
  if (PUBLIC.has(action)) return true;
  if (!actor) return false;
  if (MEMBER.has(action)) return !isPendingCompany(actor);
  if (OWNED.has(action)) return isStaff(actor) || (!!resource.userId && resource.userId === actor.userId);
  return hasRole(actor, ROLE_ADMIN);
}

/** Throws the code that explains a refusal: a visitor must sign in, anyone else is forbidden. */
export function assertCan(actor: Actor, action: CharacterAction, resource: CharacterResource = {}): asserts actor is NonNullable<Actor> {
  if (can(actor, action, resource)) return;
  if (!actor) throw new DomainError("auth.unauthenticated");
  throw new DomainError("auth.forbidden");
}

/** What the character pages may offer this person (sent by the loaders). */
export function characterAbilities(actor: Actor) {
  return {
    play: can(actor, "character.choose_class"),
    manageItems: can(actor, "item.update"),
    manageRenders: can(actor, "avatar_render.requeue"),
  };
}
export type CharacterAbilities = ReturnType<typeof characterAbilities>;

/** The actions whose answer depends on whose it is, for the capability table. */
export const CHARACTER_CASES: CapabilityCases<CharacterAction, CharacterResource> = {
  "character.view": [
    { case: "own", resource: { userId: CAPABILITY_SELF } },
    { case: "others", resource: { userId: CAPABILITY_OTHER } },
  ],
};
