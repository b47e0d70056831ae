import type { Actor } from "#server/modules/accounts/actor";
import type { Jobs } from "#server/platform/jobs";
import { exportFeaturedAnalytics, type ExportLabels } from "./analytics-export";
import type { PromotionsDeps } from "./deps";
import { featuredAnalytics } from "./featured-analytics";
import { dashboardGameStats, gameStats } from "./game-stats";
import { rollupGameAnalytics } from "./rollup-game-analytics";
import { getStudioMailConsent, setStudioMailConsent } from "./studio-mail-consent";

/** Game analytics: a studio's own numbers (dashboard), the admin featured-games view and its exports. */
export function createAnalyticsService(deps: PromotionsDeps) {
  return {
    gameStats: (actor: Actor, input: unknown) => gameStats(deps, actor, input),
    dashboardGameStats: (actor: Actor, input: unknown) => dashboardGameStats(deps, actor, input),
    featuredAnalytics: (actor: Actor, input: unknown) => featuredAnalytics(deps, actor, input),
    exportFeaturedAnalytics: (actor: Actor, input: unknown, labels: ExportLabels) => exportFeaturedAnalytics(deps, actor, input, labels),
    rollupGameAnalytics: (input?: { days?: string[] }) => rollupGameAnalytics(deps, input),
    getStudioMailConsent: (actor: Actor) => getStudioMailConsent(deps, actor),
    setStudioMailConsent: (actor: Actor, input: unknown) => setStudioMailConsent(deps, actor, input),
  };
}

/** Every 15 minutes the rollup recomputes today and yesterday (idempotent upserts), so reports read only rollups. */
export async function registerAnalyticsJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  await jobs.every("featured.analytics-rollup", "*/15 * * * *", () => rollupGameAnalytics(deps));
}
