import { isStaff, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/**
 * Every action of contact messages, one per verb. Anyone sends a message from /contact (signed in or not). The
 * admin tab "Contacts" is the team's (SPEC §6 opens the admin area to Admins and Moderators and says no more per
 * screen): reading the messages, marking them read or unread, archiving them and replying by email.
 */
const PUBLIC_ACTIONS = [
  /** Sending a message from /contact. */
  "contact_message.send",
] as const;
const TEAM_ACTIONS = [
  /** The Contacts tab: the messages of both kinds, each one's text and history. */
  "contact_message.list",
  /** Marking a message read, or unread again. */
  "contact_message.mark",
  /** Archiving a message, or bringing it back to the inbox. */
  "contact_message.archive",
  /** Replying to a message by email from the panel. */
  "contact_message.reply",
] as const;

export const CONTACT_ACTIONS = [...PUBLIC_ACTIONS, ...TEAM_ACTIONS] as const;
export type ContactAction = (typeof CONTACT_ACTIONS)[number];

const PUBLIC = new Set<ContactAction>(PUBLIC_ACTIONS);

/** Pure rules (see the list above). */
export function can(actor: Actor, action: ContactAction): boolean {
  if (PUBLIC.has(action)) return true;
  return isStaff(actor);
}

/** Throws the code that explains a refusal: a visitor must sign in, anyone else is forbidden. */
export function assertCan(actor: Actor, action: ContactAction): asserts actor is NonNullable<Actor> {
  if (can(actor, action)) return;
  if (!actor) throw new DomainError("auth.unauthenticated");
  throw new DomainError("auth.forbidden");
}

/** What the admin tab may offer this person (sent by its loader). */
export function contactAbilities(actor: Actor) {
  return {
    list: can(actor, "contact_message.list"),
    mark: can(actor, "contact_message.mark"),
    archive: can(actor, "contact_message.archive"),
    reply: can(actor, "contact_message.reply"),
  };
}
export type ContactAbilities = ReturnType<typeof contactAbilities>;
