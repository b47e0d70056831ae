import { hasRole, isStaff, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { assertCan as assertAccounts, can as canAccounts } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";

export type ForumAction =
  | "forum.write"
  | "thread.create"
  | "post.reply"
  | "post.edit"
  | "post.delete"
  | "post.like"
  | "post.report"
  | "thread.accept_answer"
  | "forum.moderate"
  | "forum.view_hidden"
  | "forum.manage_content";

/** What a rule looks at: the post's or thread's author, and whether the thread is locked. */
export type ForumResource = { authorId?: string | null; threadAuthorId?: string | null; locked?: boolean; firstPost?: boolean };

/** Moderators and Admins take forum actions (SPEC §6): pin, lock, hide, move, ban, and see hidden threads. */
export const isModerator = (actor: Actor) => isStaff(actor);

/**
 * The forum's structure (categories, forums, tags) is site configuration, like the settings: Admins only.
 * SPEC §6 gives Moderators the forum actions on content (hide, lock, ban), not the shape of the forum
 * (docs/decisions/0018-forum-admin-roles.md).
 */
const isContentManager = (actor: Actor) => hasRole(actor, ROLE_ADMIN);

/** Actions of the team that do not depend on the actor being able to post. */
const STAFF_ACTIONS: ForumAction[] = ["forum.view_hidden", "forum.moderate", "forum.manage_content"];

/**
 * Pure forum rules. Writing needs a member who may submit content (confirmed email, approved company);
 * bans are checked by the operations, which read them from the database.
 */
export function can(actor: Actor, action: ForumAction, resource: ForumResource = {}): boolean {
  if (!actor) return false;
  const mod = isModerator(actor);
  if (action === "forum.manage_content") return isContentManager(actor);
  if (action === "forum.view_hidden" || action === "forum.moderate") return mod;
  if (!canAccounts(actor, "content.submit")) return false;
  const own = !!resource.authorId && resource.authorId === actor.userId;
  switch (action) {
    case "forum.write":
    case "thread.create":
      return true;
    case "post.report":
      return !own;
    case "post.reply":
      return !resource.locked || mod;
    case "post.edit":
      return (own && !resource.locked) || mod;
    case "post.delete":
      return (own && !resource.locked && !resource.firstPost) || mod;
    case "post.like":
      return !own;
    case "thread.accept_answer":
      return (!!resource.threadAuthorId && resource.threadAuthorId === actor.userId) || mod;
  }
}

/**
 * Throws the code that explains a refusal: `auth.unauthenticated` for a visitor, `auth.email_unverified` or
 * `company.pending` for a member who may not post yet, then the forum's own reasons, else `auth.forbidden`.
 */
export function assertCan(actor: Actor, action: ForumAction, resource: ForumResource = {}): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (can(actor, action, resource)) return;
  if (!STAFF_ACTIONS.includes(action)) assertAccounts(actor, "content.submit");
  const own = !!resource.authorId && resource.authorId === actor.userId;
  if (resource.locked && (action === "post.reply" || (own && action === "post.edit") || (own && action === "post.delete")))
    throw new DomainError("forum.locked");
  if (action === "post.delete" && own && resource.firstPost) throw new DomainError("forum.first_post_delete");
  if (action === "post.like" && own) throw new DomainError("forum.own_post_like");
  if (action === "post.report" && own) throw new DomainError("forum.own_post_report");
  throw new DomainError("auth.forbidden");
}

/** What the page may offer for one post (sent by loaders so the UI never re-implements a rule). */
export function postAbilities(
  actor: Actor,
  post: { authorId: string | null; number: number },
  thread: { authorId: string | null; locked: boolean },
) {
  const r = { authorId: post.authorId, locked: thread.locked, firstPost: post.number === 1, threadAuthorId: thread.authorId };
  return {
    edit: can(actor, "post.edit", r),
    delete: can(actor, "post.delete", r),
    like: can(actor, "post.like", r),
    report: can(actor, "post.report", r),
    accept: post.number > 1 && can(actor, "thread.accept_answer", r),
  };
}

export function threadAbilities(actor: Actor, thread: { locked: boolean }) {
  return { reply: can(actor, "post.reply", { locked: thread.locked }), moderate: can(actor, "forum.moderate") };
}
