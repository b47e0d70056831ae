import type { Actor } from "../accounts/actor";
import { createThread } from "./create-thread";
import { deletePost } from "./delete-post";
import type { ForumDeps } from "./deps";
import { editPost } from "./edit-post";
import { getThread } from "./get-thread";
import { listCategories } from "./list-categories";
import { listRevisions } from "./list-revisions";
import { listThreads } from "./list-threads";
import { reply } from "./reply";
import { latestThreads } from "./latest-threads";
import { listTags } from "./list-tags";
import { previewPost } from "./preview-post";
import { threadForm } from "./thread-form";

export type { ForumDeps, RenderMarkdown } from "./deps";
export { latestThreads, type LatestThread } from "./latest-threads";

/**
 * The forum's public entry, as route modules reach it (`context.services.forum`): every operation bound to
 * its dependencies, each still taking the actor and checking its permission itself.
 */
export function createForumModule(deps: ForumDeps) {
  return {
    listCategories: (actor: Actor) => listCategories(deps, actor),
    listThreads: (actor: Actor, input: unknown) => listThreads(deps, actor, input),
    getThread: (actor: Actor, input: unknown) => getThread(deps, actor, input),
    listRevisions: (actor: Actor, input: unknown) => listRevisions(deps, actor, input),
    createThread: (actor: Actor, input: unknown) => createThread(deps, actor, input),
    reply: (actor: Actor, input: unknown) => reply(deps, actor, input),
    editPost: (actor: Actor, input: unknown) => editPost(deps, actor, input),
    deletePost: (actor: Actor, input: unknown) => deletePost(deps, actor, input),
    // Reads and helpers of the forum pages.
    listTags: () => listTags(deps),
    threadForm: (actor: Actor, input: unknown) => threadForm(deps, actor, input),
    previewPost: (actor: Actor, input: unknown) => previewPost(deps, actor, input),
    latestThreads: (limit?: number) => latestThreads(deps.db, limit),
  };
}

export type ForumModule = ReturnType<typeof createForumModule>;
