import type { Actor } from "#server/modules/accounts/actor";
import { defineArea, type AnyArea } from "#server/modules/area";
import { SEARCH_ERRORS } from "./errors";
import type { SearchDeps } from "./deps";
import type { SearchProvider } from "./providers";
import { search } from "./search";

export type { SearchDeps } from "./deps";
export type {
  CampaignHit,
  ContentHit,
  JobHit,
  FeaturedGameHit,
  PostHit,
  SearchContext,
  SearchHit,
  SearchProvider,
  ThreadHit,
} from "./providers";
export { cappedCount, rowsOf, score, tsQuery } from "./providers";
export { headline, SNIPPET_OPTIONS, toSegments, WHOLE_OPTIONS, WHOLE_TEXT_MAX, type Segment } from "./highlight";
export type { SearchResult, SearchSection } from "./search";

/** The sections of the search page, in the order of the areas that declare them (their manifests' `search`). */
export const searchProvidersOf = (areas: readonly AnyArea[]): SearchProvider[] => areas.flatMap((area) => area.search ?? []);

/** Search's public entry, as route modules reach it (`context.services.search`). */
export function createSearchService(deps: SearchDeps) {
  return {
    search: (actor: Actor, input: unknown) => search(deps, actor, input),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

declare module "#server/modules/area" {
  interface AreaServices {
    search: SearchService;
  }
}

/** Site search (/search): every area's sections, each leaving out what the searcher could not open. */
export const searchArea = defineArea({
  name: "search",
  service: (_deps, ctx) =>
    createSearchService({ db: ctx.db, settings: ctx.settings, now: ctx.now, providers: searchProvidersOf(ctx.areas) }),
  errors: SEARCH_ERRORS,
});
