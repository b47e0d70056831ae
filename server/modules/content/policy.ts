import { hasRole, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/**
 * Every action on videos, podcast episodes and collaborators, one per verb. Visitors read what is published
 * without any action (the public pages); everything on the admin tabs is for Admins (SPEC §6 names no
 * Moderator right here).
 */
export const CONTENT_ACTIONS = [
  /** The content tab: every video and episode, published or not. */
  "content.list",
  /** Adding a video or an episode. */
  "content.create",
  /** Editing one (texts, links, thumbnail, collaborators). */
  "content.update",
  /** Deleting one (and its thumbnail). */
  "content.delete",
  /** Moving one up or down the list. */
  "content.reorder",
  /** Publishing or unpublishing one. */
  "content.publish",
  /** The collaborators tab. */
  "collaborator.list",
  /** Adding a collaborator. */
  "collaborator.create",
  /** Editing a collaborator (name, avatar, links). */
  "collaborator.update",
  /** Deleting a collaborator (and their links to items). */
  "collaborator.delete",
] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** Pure rules: Admins only. */
export function can(actor: Actor, action: ContentAction): boolean {
  void action;
  return hasRole(actor, ROLE_ADMIN);
}

export function assertCan(actor: Actor, action: ContentAction): void {
  if (can(actor, action)) return;
  if (!actor) throw new DomainError("auth.unauthenticated");
  throw new DomainError("auth.forbidden");
}

/** What the content and collaborators tabs may offer (sent by loaders). */
export function contentAbilities(actor: Actor) {
  return {
    list: can(actor, "content.list"),
    create: can(actor, "content.create"),
    update: can(actor, "content.update"),
    delete: can(actor, "content.delete"),
    reorder: can(actor, "content.reorder"),
    publish: can(actor, "content.publish"),
    listCollaborators: can(actor, "collaborator.list"),
    createCollaborator: can(actor, "collaborator.create"),
    updateCollaborator: can(actor, "collaborator.update"),
    deleteCollaborator: can(actor, "collaborator.delete"),
  };
}
export type ContentAbilities = ReturnType<typeof contentAbilities>;
