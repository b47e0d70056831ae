import type { Actor } from "#server/modules/accounts/actor";
import type { SearchDeps } from "./deps";
import { campaignsSearch } from "./campaigns-provider";
import { featuredSearch } from "./featured-provider";
import { forumPosts, forumThreads } from "./forum";
import type { SearchProvider } from "./providers";
import { search } from "./search";

export type { SearchDeps } from "./deps";
export type { CampaignHit, FeaturedGameHit, PostHit, SearchHit, SearchProvider, ThreadHit } from "./providers";
export type { Segment } from "./highlight";
export type { SearchResult, SearchSection } from "./search";

/**
 * The sections of the search page, in the order they are shown. A later area (games, campaigns, people)
 * adds its provider here: see `SearchProvider` in providers.ts.
 */
export const SEARCH_PROVIDERS: readonly SearchProvider[] = [forumThreads, forumPosts, campaignsSearch, featuredSearch];

/** Search's public entry, as route modules reach it (`context.services.search`). */
export function createSearchModule(deps: Omit<SearchDeps, "providers"> & { providers?: readonly SearchProvider[] }) {
  const bound: SearchDeps = { ...deps, providers: deps.providers ?? SEARCH_PROVIDERS };
  return {
    search: (actor: Actor, input: unknown) => search(bound, actor, input),
  };
}

export type SearchModule = ReturnType<typeof createSearchModule>;
