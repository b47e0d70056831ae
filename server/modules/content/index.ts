import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import { createThumbnailFetcher } from "#server/platform/youtube-thumbnail";
import { createCollaborator } from "./create-collaborator";
import { createItem } from "./create-item";
import { deleteCollaborator } from "./delete-collaborator";
import { deleteItem } from "./delete-item";
import type { ContentDeps } from "./deps";
import { CONTENT_ERRORS } from "./errors";
import { listCollaborators } from "./list-collaborators";
import { listItems } from "./list-items";
import { moveItem } from "./move-item";
import { CONTENT_ACTIONS, can, contentAbilities } from "./policy";
import { getPublicEpisode, getPublicVideo, listPublicItems, publicCollaborators } from "./public-content";
import { publishItem } from "./publish-item";
import { podcastSearch, videosSearch } from "./search-provider";
import { contentSitemapEntries } from "./sitemap-entries";
import { updateCollaborator } from "./update-collaborator";
import { updateItem } from "./update-item";

export type { ContentDeps } from "./deps";
export type { ContentCard } from "./public-content";
export type { AdminEpisode, AdminVideo } from "./list-items";
export type { SaveResult } from "./create-item";
export { CONTENT_ACTIONS, can as canContent, contentAbilities, type ContentAbilities, type ContentAction } from "./policy";

/**
 * Videos, podcast episodes and collaborators, as route modules reach them (`context.services.content`): every
 * admin operation takes the actor and checks its permission itself; the public reads show only what is published.
 */
export function createContentService(deps: ContentDeps) {
  return {
    // The public pages: /videos, /videos/{slug}, /podcast, /podcast/{slug}, and /about's collaborators.
    listPublicItems: (input: Parameters<typeof listPublicItems>[1]) => listPublicItems(deps, input),
    getPublicVideo: (input: { slug: string }) => getPublicVideo(deps, input),
    getPublicEpisode: (input: { slug: string }) => getPublicEpisode(deps, input),
    publicCollaborators: () => publicCollaborators(deps),

    // The content tab (/admin/content): videos and episodes.
    abilities: (actor: Actor) => contentAbilities(actor),
    listVideos: (actor: Actor) => listItems(deps, actor, { kind: "video" }),
    listEpisodes: (actor: Actor) => listItems(deps, actor, { kind: "episode" }),
    createItem: (actor: Actor, input: Parameters<typeof createItem>[2]) => createItem(deps, actor, input),
    updateItem: (actor: Actor, input: Parameters<typeof updateItem>[2]) => updateItem(deps, actor, input),
    deleteItem: (actor: Actor, input: Parameters<typeof deleteItem>[2]) => deleteItem(deps, actor, input),
    moveItem: (actor: Actor, input: Parameters<typeof moveItem>[2]) => moveItem(deps, actor, input),
    publishItem: (actor: Actor, input: Parameters<typeof publishItem>[2]) => publishItem(deps, actor, input),

    // The collaborators tab (/admin/collaborators).
    listCollaborators: (actor: Actor) => listCollaborators(deps, actor),
    createCollaborator: (actor: Actor, input: Parameters<typeof createCollaborator>[2]) => createCollaborator(deps, actor, input),
    updateCollaborator: (actor: Actor, input: Parameters<typeof updateCollaborator>[2]) => updateCollaborator(deps, actor, input),
    deleteCollaborator: (actor: Actor, input: Parameters<typeof deleteCollaborator>[2]) => deleteCollaborator(deps, actor, input),
  };
}

export type ContentService = ReturnType<typeof createContentService>;

declare module "#server/modules/area" {
  interface AreaServices {
    content: ContentService;
  }
}

/** Videos and the podcast (SPEC §1, §3): the public lists and pages, the content and collaborators tabs. */
export const contentArea = defineArea({
  name: "content",
  deps(ctx): ContentDeps {
    return {
      db: ctx.db,
      storage: ctx.storage,
      fetchThumbnail: createThumbnailFetcher(ctx.env.youtubeThumbnailUrl),
      now: ctx.now,
      log: ctx.log.child({ area: "content" }),
    };
  },
  service: createContentService,
  errors: CONTENT_ERRORS,
  policy: { actions: CONTENT_ACTIONS, can },
  search: [videosSearch, podcastSearch],
  sitemap: ({ db }) => contentSitemapEntries(db),
});
