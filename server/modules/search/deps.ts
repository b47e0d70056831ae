import type { Database } from "#server/db/client";
import type { SettingsStore } from "#server/modules/site/settings";
import type { SearchProvider } from "./providers";

/** What search needs: the database, the site's switches, a clock (injectable for tests) and its sections. */
export type SearchDeps = {
  db: Database;
  settings: SettingsStore;
  now: () => Date;
  providers: readonly SearchProvider[];
};

export { parseInput } from "#server/modules/validate";

/** Hits per page of one section. */
export { SEARCH_PAGE_SIZE as PAGE_SIZE } from "#shared/page-sizes";
/** Hits per section on the overview (no section chosen). */
export const PREVIEW_SIZE = 5;
/** Counts stop here ("1000+"): deeper pages of a very common word help nobody. */
export const COUNT_CAP = 1000;
export const QUERY_MIN = 2;
export const QUERY_MAX = 200;
