import type { Jobs } from "#server/platform/jobs";
import { keptRead } from "#server/platform/kept-read";
import { advanceSchedule } from "./advance-schedule";
import type { PromotionsDeps } from "./deps";
import { getPublicGame, HOME_FEATURED_KEEP_MS, homepageFeatured, listPublicFeatured } from "./public-featured";

/** The public side of featured games: /featured-games, /games/{slug}, the home page's section, and the schedule. */
export function createFeaturedService(deps: PromotionsDeps) {
  // The same for every visitor: kept like the home page's highlights, read again at once after featured.changed.
  const homeFeatured = keptRead(() => homepageFeatured(deps), { ttlMs: HOME_FEATURED_KEEP_MS, events: deps.events });
  return {
    listPublicFeatured: (input: unknown) => listPublicFeatured(deps, input),
    getPublicGame: (input: { slug: string }) => getPublicGame(deps, input),
    homepageFeatured: homeFeatured,
    advanceSchedule: () => advanceSchedule(deps),
  };
}

/** The schedule, every minute: scheduled → active at the start, active → finished at the end. */
export async function registerFeaturedJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  await jobs.every("featured.schedule", "* * * * *", () => advanceSchedule(deps));
}
