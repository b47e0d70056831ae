import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import { FORUM_ERRORS } from "./errors";
import { FORUM_ACTIONS, can as canForum, FORUM_CASES } from "./policy";
import { postRenderer } from "./render-post";
import { forumPosts, forumThreads } from "./search-provider";
import { forumSitemapEntries } from "./sitemap-entries";
import { createThread } from "./create-thread";
import { deletePost } from "./delete-post";
import type { ForumDeps } from "./deps";
import { editPost } from "./edit-post";
import { getThread } from "./get-thread";
import { listCategories } from "./list-categories";
import { listRevisions } from "./list-revisions";
import { listThreads } from "./list-threads";
import { reply } from "./reply";
import { acceptAnswer, unacceptAnswer } from "./accept-answer";
import { banUser, unbanUser } from "./ban-user";
import { followThread } from "./follow-thread";
import { followUser } from "./follow-user";
import { ignoreReport, resolveReport } from "./handle-report";
import { hidePost, unhidePost } from "./hide-post";
import { hideThread, unhideThread } from "./hide-thread";
import { likePost } from "./like-post";
import { listHidden } from "./list-hidden";
import { listReports } from "./list-reports";
import { lockThread, unlockThread } from "./lock-thread";
import { moveThread } from "./move-thread";
import { pinThread, unpinThread } from "./pin-thread";
import { reportPost } from "./report-post";
import { unfollowThread } from "./unfollow-thread";
import { unfollowUser } from "./unfollow-user";
import { unlikePost } from "./unlike-post";
import { latestThreads } from "./latest-threads";
import { previewPost } from "./preview-post";
import { threadForm } from "./thread-form";
import { threadPage } from "./thread-view";
import { userFollowState } from "./user-follow-state";
import { locateSources } from "./locate-sources";
// Forum admin (the admin area's forum tabs).
import { forumOverview } from "./forum-overview";
import { listContent } from "./list-content";
import { listMembers } from "./list-members";
import { createCategory, deleteCategory, moveCategory, updateCategory } from "./manage-categories";
import { createForum, deleteForum, moveForum, updateForum } from "./manage-forums";
import { createTag, deleteTag, updateTag } from "./manage-tags";
import { resolveReportHiding } from "./resolve-report-hiding";
import { createViewCounter, type ThreadViewHit } from "./thread-views";

export type { ForumDeps, RenderMarkdown } from "./deps";
export { latestThreads, type LatestThread } from "./latest-threads";
export type { SourceLocation } from "./locate-sources";
export { forumSitemapEntries, SITEMAP_THREAD_CAP, type ForumSitemapEntry } from "./sitemap-entries";
export { postRenderer } from "./render-post";

/**
 * The forum's public entry, as route modules reach it (`context.services.forum`): every operation bound to
 * its dependencies, each still taking the actor and checking its permission itself.
 */
export function createForumService(deps: ForumDeps) {
  const views = createViewCounter(deps);
  return {
    listCategories: (actor: Actor) => listCategories(deps, actor),
    listThreads: (actor: Actor, input: unknown) => listThreads(deps, actor, input),
    getThread: (actor: Actor, input: unknown) => getThread(deps, actor, input),
    /** The thread page: the thread and the mode its address opened (a view builder over getThread). */
    threadPage: (actor: Actor, input: unknown) => threadPage(deps, actor, input),
    listRevisions: (actor: Actor, input: unknown) => listRevisions(deps, actor, input),
    createThread: (actor: Actor, input: unknown) => createThread(deps, actor, input),
    reply: (actor: Actor, input: unknown) => reply(deps, actor, input),
    editPost: (actor: Actor, input: unknown) => editPost(deps, actor, input),
    deletePost: (actor: Actor, input: unknown) => deletePost(deps, actor, input),
    // Likes, follows, reports, accepted answers (members).
    likePost: (actor: Actor, input: unknown) => likePost(deps, actor, input),
    unlikePost: (actor: Actor, input: unknown) => unlikePost(deps, actor, input),
    followThread: (actor: Actor, input: unknown) => followThread(deps, actor, input),
    unfollowThread: (actor: Actor, input: unknown) => unfollowThread(deps, actor, input),
    followUser: (actor: Actor, input: unknown) => followUser(deps, actor, input),
    unfollowUser: (actor: Actor, input: unknown) => unfollowUser(deps, actor, input),
    reportPost: (actor: Actor, input: unknown) => reportPost(deps, actor, input),
    acceptAnswer: (actor: Actor, input: unknown) => acceptAnswer(deps, actor, input),
    unacceptAnswer: (actor: Actor, input: unknown) => unacceptAnswer(deps, actor, input),
    // Moderation (Moderator, Admin): every change audited.
    pinThread: (actor: Actor, input: unknown) => pinThread(deps, actor, input),
    unpinThread: (actor: Actor, input: unknown) => unpinThread(deps, actor, input),
    lockThread: (actor: Actor, input: unknown) => lockThread(deps, actor, input),
    unlockThread: (actor: Actor, input: unknown) => unlockThread(deps, actor, input),
    hideThread: (actor: Actor, input: unknown) => hideThread(deps, actor, input),
    unhideThread: (actor: Actor, input: unknown) => unhideThread(deps, actor, input),
    hidePost: (actor: Actor, input: unknown) => hidePost(deps, actor, input),
    unhidePost: (actor: Actor, input: unknown) => unhidePost(deps, actor, input),
    moveThread: (actor: Actor, input: unknown) => moveThread(deps, actor, input),
    resolveReport: (actor: Actor, input: unknown) => resolveReport(deps, actor, input),
    ignoreReport: (actor: Actor, input: unknown) => ignoreReport(deps, actor, input),
    banUser: (actor: Actor, input: unknown) => banUser(deps, actor, input),
    unbanUser: (actor: Actor, input: unknown) => unbanUser(deps, actor, input),
    listReports: (actor: Actor, input: unknown) => listReports(deps, actor, input),
    listHidden: (actor: Actor, input: unknown) => listHidden(deps, actor, input),
    // Reads and helpers of the forum pages.
    threadForm: (actor: Actor, input: unknown) => threadForm(deps, actor, input),
    previewPost: (actor: Actor, input: unknown) => previewPost(deps, actor, input),
    latestThreads: (limit?: number) => latestThreads(deps.db, limit),
    /**
     * A thread page was read (by its address, with the visitor's salted daily hash): counted in memory, written
     * in batches off the request's path, once per visitor per day.
     */
    countView: (hit: Omit<ThreadViewHit, "day">) => views.add(hit),
    /** Writes the views waiting in memory now (tests, shutdown). */
    flushViews: () => views.flush(),
    userFollowState: (actor: Actor, input: unknown) => userFollowState(deps, actor, input),
    /** Links to threads and posts by id that the actor may open (the XP history's sources). */
    locateSources: (actor: Actor, input: unknown) => locateSources(deps, actor, input),

    // ---- Forum admin (the admin area's forum tabs) ------------------------------------------------------
    // Overview, queue and users: Moderators and Admins. The forum's structure (categories, forums, tags): Admins.
    forumOverview: (actor: Actor) => forumOverview(deps, actor),
    resolveReportHiding: (actor: Actor, input: unknown) => resolveReportHiding(deps, actor, input),
    listMembers: (actor: Actor, input: unknown) => listMembers(deps, actor, input),
    listContent: (actor: Actor) => listContent(deps, actor),
    createCategory: (actor: Actor, input: unknown) => createCategory(deps, actor, input),
    updateCategory: (actor: Actor, input: unknown) => updateCategory(deps, actor, input),
    moveCategory: (actor: Actor, input: unknown) => moveCategory(deps, actor, input),
    deleteCategory: (actor: Actor, input: unknown) => deleteCategory(deps, actor, input),
    createForum: (actor: Actor, input: unknown) => createForum(deps, actor, input),
    updateForum: (actor: Actor, input: unknown) => updateForum(deps, actor, input),
    moveForum: (actor: Actor, input: unknown) => moveForum(deps, actor, input),
    deleteForum: (actor: Actor, input: unknown) => deleteForum(deps, actor, input),
    createTag: (actor: Actor, input: unknown) => createTag(deps, actor, input),
    updateTag: (actor: Actor, input: unknown) => updateTag(deps, actor, input),
    deleteTag: (actor: Actor, input: unknown) => deleteTag(deps, actor, input),
  };
}

export type ForumService = ReturnType<typeof createForumService>;

declare module "#server/modules/area" {
  interface AreaServices {
    forum: ForumService;
  }
}

/** The community forum: categories, threads, posts, moderation and its admin tabs. */
export const forumArea = defineArea({
  name: "forum",
  deps: (ctx): ForumDeps => ({
    db: ctx.db,
    settings: ctx.settings,
    events: ctx.events,
    renderMarkdown: postRenderer(ctx.db),
    now: ctx.now,
    log: ctx.log,
  }),
  service: createForumService,
  // Thread views wait up to a few seconds in memory (thread-views.ts): written before the database closes.
  stop: async (forum) => void (await forum.flushViews()),
  errors: FORUM_ERRORS,
  policy: { actions: FORUM_ACTIONS, can: canForum, cases: FORUM_CASES },
  search: [forumThreads, forumPosts],
  // With the forum off its pages answer 404: none is listed.
  sitemap: async ({ db, settings }) => ((await settings.all()).forum_enabled ? forumSitemapEntries(db) : []),
});
