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

export type { ForumDeps, RenderMarkdown } from "./deps";

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
  };
}

export type ForumModule = ReturnType<typeof createForumModule>;
