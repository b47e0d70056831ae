import type { Jobs } from "#server/platform/jobs";
import { createAnalyticsService, registerAnalyticsJobs } from "./analytics-service";
import type { PromotionsDeps } from "./deps";
import { createFeaturedService, registerFeaturedJobs } from "./featured-service";
import { createPaymentsService, registerPaymentsJobs } from "./payments-service";
import { createPromoCodesService, registerPromoCodesJobs } from "./promo-codes-service";
import { createReviewService, registerReviewJobs } from "./review-service";
import { createStudioPromotionsService, registerStudioPromotionsJobs } from "./studio-promotions-service";
import { createSubmissionsService, registerSubmissionsJobs } from "./submissions-service";

export type { PromotionsDeps } from "./deps";
export { featuredSitemapEntries } from "./featured-sitemap";
export type { FeaturedCard } from "./public-featured";
export { PROMOTIONS_ACTIONS, can as canPromotions, type PromotionsAction } from "./policy";
export { gameEventAllowed } from "./record-game-event";

/**
 * Featured games (issue 15), as route modules reach it (`context.services.promotions`): every operation bound
 * to its dependencies, each still taking the actor (or the payer's proof) and checking its permission itself.
 * Each part lives in its own `*-service.ts`: submissions from /collaborate, promo codes, payments and their
 * webhooks, the team's review and the schedule, the public pages, game analytics, studio promotions.
 */
export function createPromotionsModule(deps: PromotionsDeps) {
  return {
    ...createSubmissionsService(deps),
    ...createPromoCodesService(deps),
    ...createPaymentsService(deps),
    ...createReviewService(deps),
    ...createFeaturedService(deps),
    ...createAnalyticsService(deps),
    ...createStudioPromotionsService(deps),
  };
}
export type PromotionsModule = ReturnType<typeof createPromotionsModule>;

/** Registers every job of the area (schedule moves, analytics rollups, webhook deliveries, promotional mail). */
export async function registerPromotionsJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  await registerSubmissionsJobs(deps, jobs);
  await registerPromoCodesJobs(deps, jobs);
  await registerPaymentsJobs(deps, jobs);
  await registerReviewJobs(deps, jobs);
  await registerFeaturedJobs(deps, jobs);
  await registerAnalyticsJobs(deps, jobs);
  await registerStudioPromotionsJobs(deps, jobs);
}
