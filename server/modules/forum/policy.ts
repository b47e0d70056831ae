import { CAPABILITY_OTHER, CAPABILITY_SELF, type CapabilityCases } from "#server/modules/area";
import { hasRole, isStaff, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { assertCan as assertAccounts, can as canAccounts } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";

/**
 * Every action of the forum, one per verb (the operation that does it asserts it; the capability table on
 * /admin/roles evaluates each of them for each role, so the list is also what the team reads).
 */
const MEMBER_ACTIONS = [
  // Members who may post (confirmed email, approved company).
  /** Writing at all: checked first by every writing operation, before the content it acts on is loaded. */
  "forum.write",
  /** Previewing a post's Markdown as it will show. */
  "post.preview",
  /** Following and unfollowing a thread. */
  "thread.follow",
  /** Following and unfollowing a person. */
  "user.follow",
  "thread.create",
  "post.reply",
  "post.edit",
  "post.delete",
  "post.like",
  "post.report",
  "thread.accept_answer",
] as const;
const TEAM_ACTIONS = [
  // The team (Moderators and Admins), SPEC §6: "Moderators take forum actions: hide thread, lock thread, ban user".
  /** Reading hidden threads and posts where readers see a trace. */
  "forum.view_hidden",
  /** Posting without the posting limits (intervals, duplicates, links of new members). */
  "post.skip_limits",
  /** Hiding and publishing again a reply (an opening post goes with its thread). */
  "post.hide",
  "thread.hide",
  "thread.pin",
  "thread.lock",
  "thread.move",
  /** The report queue. */
  "report.list",
  /** Resolving or ignoring a report. */
  "report.handle",
  /** The list of hidden threads and posts. */
  "hidden.list",
  /** The forum admin's overview (sizes, what waits, activity). */
  "forum.overview",
  /** The forum's users tab: members with their bans. */
  "member.list",
  /** Banning and lifting bans. */
  "user.ban",
] as const;
const ADMIN_ACTION_LIST = [
  // The forum's structure is site configuration: Admins (docs/decisions/0018-forum-admin-roles.md).
  "structure.view",
  "category.create",
  "category.update",
  /** Moving a category one place up or down in the forum index. */
  "category.move",
  "category.delete",
  "forum.create",
  "forum.update",
  /** Moving a forum one place up or down within its category. */
  "forum.move",
  "forum.delete",
  "tag.create",
  "tag.update",
  "tag.delete",
] as const;
export const FORUM_ACTIONS = [...MEMBER_ACTIONS, ...TEAM_ACTIONS, ...ADMIN_ACTION_LIST] as const;
export type ForumAction = (typeof FORUM_ACTIONS)[number];

/**
 * What a rule looks at: the post's or thread's author, whether the thread is locked, whether the post is the
 * opening one, and whether it is hidden or the thread's accepted answer.
 */
export type ForumResource = {
  authorId?: string | null;
  threadAuthorId?: string | null;
  locked?: boolean;
  firstPost?: boolean;
  hidden?: boolean;
  accepted?: boolean;
  /** For `user.ban`: the member to ban, and whether they are on the team (Moderators and Admins are not banned). */
  targetUserId?: string;
  targetStaff?: boolean;
};

/** The team's forum actions: Moderators and Admins (SPEC §6). Read through `can()`, never directly. */
const isModerator = (actor: Actor) => isStaff(actor);

/** The forum's structure (categories, forums, tags): Admins only. */
const isContentManager = (actor: Actor) => hasRole(actor, ROLE_ADMIN);

const STAFF_ACTIONS = new Set<ForumAction>(TEAM_ACTIONS);
const ADMIN_ACTIONS = new Set<ForumAction>(ADMIN_ACTION_LIST);

/**
 * Pure forum rules, one case per action. Writing needs a member who may submit content (confirmed email,
 * approved company); bans are checked by the operations, which read them from the database.
 */
export function can(actor: Actor, action: ForumAction, resource: ForumResource = {}): boolean {
  if (!actor) return false;
  const mod = isModerator(actor);
  if (ADMIN_ACTIONS.has(action)) return isContentManager(actor);
  if (action === "post.hide") return mod && !resource.firstPost;
  if (action === "user.ban") return mod && resource.targetUserId !== actor.userId && !resource.targetStaff;
  if (STAFF_ACTIONS.has(action)) return mod;
  if (!canAccounts(actor, "content.submit")) return false;
  const own = !!resource.authorId && resource.authorId === actor.userId;
  switch (action) {
    case "forum.write":
    case "post.preview":
    case "thread.follow":
    case "user.follow":
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
      // Never the question itself; a hidden reply cannot become the answer (its acceptance, once given, can be taken back).
      if (resource.firstPost || (resource.hidden && !resource.accepted)) return false;
      return (!!resource.threadAuthorId && resource.threadAuthorId === actor.userId) || mod;
    default:
      return false;
  }
}

/**
 * Throws the code that explains a refusal: `auth.unauthenticated` for a visitor, `auth.email_unverified` or
 * `company.pending` for a member who may not post yet, then the forum's own reasons, else `auth.forbidden`.
 */
export function assertCan(actor: Actor, action: ForumAction, resource: ForumResource = {}): asserts actor is NonNullable<Actor> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  if (can(actor, action, resource)) return;
  if (!STAFF_ACTIONS.has(action) && !ADMIN_ACTIONS.has(action)) assertAccounts(actor, "content.submit");
  const own = !!resource.authorId && resource.authorId === actor.userId;
  if (resource.locked && (action === "post.reply" || (own && action === "post.edit") || (own && action === "post.delete")))
    throw new DomainError("forum.locked");
  if (action === "post.delete" && own && resource.firstPost) throw new DomainError("forum.first_post_delete");
  if (action === "post.hide" && resource.firstPost && isModerator(actor)) throw new DomainError("forum.first_post_hide");
  if (action === "user.ban" && isModerator(actor))
    throw new DomainError(resource.targetUserId === actor.userId ? "forum.ban_self" : "forum.ban_staff");
  if (action === "thread.accept_answer" && resource.firstPost) throw new DomainError("forum.accept_first_post");
  if (action === "post.like" && own) throw new DomainError("forum.own_post_like");
  if (action === "post.report" && own) throw new DomainError("forum.own_post_report");
  throw new DomainError("auth.forbidden");
}

/**
 * What the page may offer for one post (sent by loaders so the UI never re-implements a rule). A deleted post
 * offers nothing.
 */
export function postAbilities(
  actor: Actor,
  post: { id?: string; authorId: string | null; number: number; hidden?: boolean; deleted?: boolean },
  thread: { authorId: string | null; locked: boolean; acceptedPostId?: string | null },
) {
  const r: ForumResource = {
    authorId: post.authorId,
    locked: thread.locked,
    firstPost: post.number === 1,
    threadAuthorId: thread.authorId,
    hidden: !!post.hidden,
    accepted: !!post.id && post.id === thread.acceptedPostId,
  };
  const may = (action: ForumAction) => !post.deleted && can(actor, action, r);
  return {
    edit: may("post.edit"),
    delete: may("post.delete"),
    like: may("post.like"),
    report: may("post.report"),
    accept: may("thread.accept_answer"),
    hide: may("post.hide"),
  };
}
export type PostAbilities = ReturnType<typeof postAbilities>;

/** What the page may offer for the thread as a whole. */
export function threadAbilities(actor: Actor, thread: { locked: boolean }) {
  return {
    reply: can(actor, "post.reply", { locked: thread.locked }),
    follow: can(actor, "thread.follow"),
    pin: can(actor, "thread.pin"),
    lock: can(actor, "thread.lock"),
    hide: can(actor, "thread.hide"),
    move: can(actor, "thread.move"),
    /** Linking a post's author to the users tab, where a ban is given. */
    ban: can(actor, "user.ban"),
  };
}
export type ThreadAbilities = ReturnType<typeof threadAbilities>;

const ownOrOthers: { case: "own" | "others"; resource: ForumResource }[] = [
  { case: "own", resource: { authorId: CAPABILITY_SELF } },
  { case: "others", resource: { authorId: CAPABILITY_OTHER } },
];

/** The forum actions whose answer depends on the content; every other action has one row, without a resource. */
export const FORUM_CASES: CapabilityCases<ForumAction, ForumResource> = {
  "post.reply": [
    { case: "open", resource: { locked: false } },
    { case: "locked", resource: { locked: true } },
  ],
  "post.edit": ownOrOthers,
  // A reply (the opening post goes with its thread) in an open thread.
  "post.delete": ownOrOthers,
  "post.like": [{ case: "others", resource: { authorId: CAPABILITY_OTHER } }],
  "post.report": [{ case: "others", resource: { authorId: CAPABILITY_OTHER } }],
  "thread.accept_answer": [
    { case: "ownThread", resource: { threadAuthorId: CAPABILITY_SELF } },
    { case: "othersThread", resource: { threadAuthorId: CAPABILITY_OTHER } },
  ],
};
