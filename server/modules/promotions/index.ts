import type { PaymentsOffReason } from "#server/env";
import type { Actor } from "#server/modules/accounts/actor";
import { promotionsAdminCounters } from "./admin-counters";
import { defineArea } from "#server/modules/area";
import { PROMOTIONS_ERRORS } from "./errors";
import { PROMOTIONS_ACTIONS, can as canPromotions, PROMOTIONS_CASES } from "./policy";
import { postRenderer } from "#server/modules/forum";
import { rollupSiteAnalytics } from "#server/modules/site";
import type { Jobs } from "#server/platform/jobs";
import { keptRead } from "#server/platform/kept-read";
import { createPaymentProvider, logPaymentsMode } from "#server/platform/payments";
import { isSandboxProvider, type WebhookDelivery } from "#server/platform/payments/sandbox";
import { sign } from "#server/platform/signing";
import { createOembedLookup } from "#server/platform/youtube-oembed";
import { advanceSchedule } from "./advance-schedule";
import { exportFeaturedAnalytics, type ExportLabels } from "./analytics-export";
import { approveSubmission } from "./approve-submission";
import { checkPromoCode } from "./check-promo-code";
import { checkSubmission } from "./check-submission";
import { createSubmission, type SubmissionRequest } from "./create-submission";
import { deleteSubmission } from "./delete-submission";
import type { PromotionsDeps } from "./deps";
import { featuredAnalytics } from "./featured-analytics";
import { featuredSitemapEntries } from "./featured-sitemap";
import { dashboardGameStats, gameStats } from "./game-stats";
import { handleWebhook } from "./handle-webhook";
import { homepageAvailability } from "./homepage-availability";
import { getPromoCode, listPromoCodes, listPromoCodeUses } from "./list-promo-codes";
import { deliverStudioPromotion, listStudioPromotions } from "./list-studio-promotions";
import { listStudioFeaturedGames, publicStudioFeaturedGames } from "./list-studio-featured-games";
import { getSubmission, listSubmissions } from "./list-submissions";
import { endFeaturedGame, listFeaturedGames, setFeaturedVisible, updateFeaturedGame } from "./manage-featured-game";
import { createPromoCode, setPromoCodeActive, updatePromoCode } from "./manage-promo-codes";
import { getPublicOffer } from "./offer";
import { openCheckout, retryCheckout, type CheckoutLocale } from "./open-checkout";
import { paymentResult } from "./payment-result";
import { getPublicGame, HOME_FEATURED_KEEP_MS, homepageFeatured, listPublicFeatured, otherStudioGames } from "./public-featured";
import { refundSubmissionPayment } from "./refund";
import { rejectSubmission } from "./reject-submission";
import { rollupGameAnalytics } from "./rollup-game-analytics";
import {
  completeSandboxCheckout,
  runSandboxDelivery,
  SANDBOX_DELIVER_JOB,
  sandboxCheckout,
  type SandboxChoice,
  type SandboxDelivery,
} from "./sandbox-checkout";
import { featuredSearch } from "./search-provider";
import { previewStudioPromotion, sendStudioPromotion, STUDIO_MAIL_JOB } from "./send-studio-promotion";
import { getStudioMailConsent, setStudioMailConsent } from "./studio-mail-consent";
import { sweepKeptImages } from "./sweep-kept-images";
import { checkUnsubscribeLink, unsubscribeStudio } from "./unsubscribe";
import { getOffer, updateOffer } from "./update-offer";
import { youtubeAutofill } from "./youtube-autofill";

export type { PromotionsDeps } from "./deps";
export { featuredSitemapEntries } from "./featured-sitemap";
export type { FeaturedCard } from "./public-featured";
export { PROMOTIONS_ACTIONS, can as canPromotions, type PromotionsAction } from "./policy";
export { gameEventAllowed } from "./record-game-event";

/** Which provider takes payments, or why none does: for /collaborate and the admin. */
export type PaymentsStatus = { provider: "stripe" | "sandbox" } | { provider: "off"; reason: PaymentsOffReason };

/**
 * Featured games, as route modules reach it (`context.services.promotions`): every operation bound to its
 * dependencies, each still taking the actor (or the payer's proof) and checking its permission itself.
 */
export function createPromotionsService(deps: PromotionsDeps) {
  // The same for every visitor: kept like the home page's highlights, read again at once after featured.changed.
  const homeFeatured = keptRead(() => homepageFeatured(deps), { ttlMs: HOME_FEATURED_KEEP_MS, events: deps.events });
  return {
    // /collaborate: the offer, the YouTube auto-fill and sending a promotion request.
    getPublicOffer: () => getPublicOffer(deps),
    youtubeAutofill: (actor: Actor, input: { url: unknown; clientKey: string }) => youtubeAutofill(deps, actor, input),
    createSubmission: (actor: Actor, input: SubmissionRequest) => createSubmission(deps, actor, input),

    // Promo codes: the live check of /collaborate and the admin tab (create, edit, deactivate, uses).
    checkPromoCode: (actor: Actor, input: { code: unknown; featureType: unknown; clientKey: string }) => checkPromoCode(deps, actor, input),
    listPromoCodes: (actor: Actor, input: unknown) => listPromoCodes(deps, actor, input),
    getPromoCode: (actor: Actor, input: { promoCodeId: string }) => getPromoCode(deps, actor, input),
    listPromoCodeUses: (actor: Actor, input: { promoCodeId: string; page?: unknown }) => listPromoCodeUses(deps, actor, input),
    createPromoCode: (actor: Actor, input: unknown) => createPromoCode(deps, actor, input),
    updatePromoCode: (actor: Actor, input: unknown) => updatePromoCode(deps, actor, input),
    setPromoCodeActive: (actor: Actor, input: unknown) => setPromoCodeActive(deps, actor, input),

    // Payments: checkouts, the provider's webhook, refunds, the result pages and the sandbox's own checkout page.
    // Paying is proved by the payment's unguessable id, not by a role (policy.ts); a refund is made by the
    // review's reject operation, which checks the Admin's permission.
    paymentsStatus: (): PaymentsStatus =>
      deps.payments.name === "off" ? { provider: "off", reason: deps.payments.reason } : { provider: deps.payments.name },
    openCheckout: (input: { submissionId: string; locale: CheckoutLocale }) => openCheckout(deps, input),
    retryCheckout: (input: { paymentId: string; locale: CheckoutLocale }) => retryCheckout(deps, input),
    handlePaymentWebhook: (rawBody: string, signature: string | null | undefined) => handleWebhook(deps, rawBody, signature),
    refundSubmissionPayment: (submissionId: string) => refundSubmissionPayment(deps, submissionId),
    paymentResult: (input: { paymentId: string } | { submissionId: string }) => paymentResult(deps, input),
    sandboxCheckout: (paymentId: string) => sandboxCheckout(deps, paymentId),
    completeSandboxCheckout: (input: { paymentId: string; choice: SandboxChoice }) => completeSandboxCheckout(deps, input),
    /** Tests: deliver the sandbox's webhooks through the app itself (`app.request`) instead of HTTP. */
    useSandboxDelivery(deliver: WebhookDelivery) {
      if (isSandboxProvider(deps.payments)) deps.payments.deliver = deliver;
    },

    // The team's review (/admin/featured-games): the queue, decisions, the featured games and the offer.
    listSubmissions: (actor: Actor, input: unknown) => listSubmissions(deps, actor, input),
    getSubmission: (actor: Actor, input: { submissionId: string }) => getSubmission(deps, actor, input),
    checkSubmission: (actor: Actor, input: unknown) => checkSubmission(deps, actor, input),
    approveSubmission: (actor: Actor, input: unknown) => approveSubmission(deps, actor, input),
    rejectSubmission: (actor: Actor, input: unknown) => rejectSubmission(deps, actor, input),
    deleteSubmission: (actor: Actor, input: unknown) => deleteSubmission(deps, actor, input),
    homepageAvailability: (actor: Actor, input: unknown) => homepageAvailability(deps, actor, input),
    listFeaturedGames: (actor: Actor, input: unknown) => listFeaturedGames(deps, actor, input),
    setFeaturedVisible: (actor: Actor, input: unknown) => setFeaturedVisible(deps, actor, input),
    endFeaturedGame: (actor: Actor, input: unknown) => endFeaturedGame(deps, actor, input),
    updateFeaturedGame: (actor: Actor, input: unknown) => updateFeaturedGame(deps, actor, input),
    getOffer: (actor: Actor) => getOffer(deps, actor),
    updateOffer: (actor: Actor, input: unknown) => updateOffer(deps, actor, input),

    // The public side: /featured-games, /games/{slug}, the home page's section, and the schedule.
    listPublicFeatured: (input: unknown) => listPublicFeatured(deps, input),
    getPublicGame: (input: { slug: string }) => getPublicGame(deps, input),
    otherStudioGames: (input: { companyId: string | null; exceptId: string }) => otherStudioGames(deps, input),
    homepageFeatured: homeFeatured,
    // A studio's featured games: on show on its public page; all of them, and its requests, on "My games".
    publicStudioFeaturedGames: (input: { companyId: string }) => publicStudioFeaturedGames(deps, input),
    listStudioFeaturedGames: (actor: Actor) => listStudioFeaturedGames(deps, actor),
    advanceSchedule: () => advanceSchedule(deps),

    // Game analytics: a studio's own numbers (dashboard), the admin featured-games view and its exports.
    gameStats: (actor: Actor, input: unknown) => gameStats(deps, actor, input),
    dashboardGameStats: (actor: Actor, input: unknown) => dashboardGameStats(deps, actor, input),
    featuredAnalytics: (actor: Actor, input: unknown) => featuredAnalytics(deps, actor, input),
    exportFeaturedAnalytics: (actor: Actor, input: unknown, labels: ExportLabels) => exportFeaturedAnalytics(deps, actor, input, labels),
    rollupGameAnalytics: (input?: { days?: string[] }) => rollupGameAnalytics(deps, input),
    getStudioMailConsent: (actor: Actor) => getStudioMailConsent(deps, actor),
    setStudioMailConsent: (actor: Actor, input: unknown) => setStudioMailConsent(deps, actor, input),

    // Studio promotions (/admin/studio-promotions) and the signed unsubscribe link of their mails.
    listStudioPromotions: (actor: Actor) => listStudioPromotions(deps, actor),
    previewStudioPromotion: (actor: Actor, input: unknown) => previewStudioPromotion(deps, actor, input),
    sendStudioPromotion: (actor: Actor, input: unknown) => sendStudioPromotion(deps, actor, input),
    checkUnsubscribeLink: (input: unknown) => checkUnsubscribeLink(deps, input),
    unsubscribeStudio: (input: unknown) => unsubscribeStudio(deps, input),
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;

/** The area's jobs, each registered by `start` (tests register the one they exercise). */
export const PROMOTIONS_JOBS = {
  /** Daily: the images kept by token after a refused send that was never sent again are removed. */
  sweepKeptImages: (deps, jobs) => jobs.every("featured.sweep-kept-images", "20 4 * * *", () => sweepKeptImages(deps)),
  /** Every minute: scheduled → active at the start, active → finished at the end. */
  schedule: (deps, jobs) => jobs.every("featured.schedule", "* * * * *", () => advanceSchedule(deps)),
  /**
   * Every 15 minutes the rollup recomputes today and yesterday (idempotent), so reports read only rollups: the
   * featured games' numbers, then the site's (page views, visitors, referrers, countries, devices, events).
   */
  analyticsRollup: (deps, jobs) =>
    jobs.every("featured.analytics-rollup", "*/15 * * * *", async () => {
      await rollupGameAnalytics(deps);
      await rollupSiteAnalytics(deps);
    }),
  /** The sandbox's webhook deliveries, one job each (retried by pg-boss as Stripe retries a failed delivery). */
  sandboxDelivery: (deps, jobs) => jobs.work<SandboxDelivery>(SANDBOX_DELIVER_JOB, (data) => runSandboxDelivery(deps, data)),
  /** The mail queue's delivery of a promotional send (one job per send, retried by pg-boss if it throws). */
  studioMail: (deps, jobs) => jobs.work<{ promotionId: string }>(STUDIO_MAIL_JOB, (data) => deliverStudioPromotion(deps, data)),
} satisfies Record<string, (deps: PromotionsDeps, jobs: Jobs) => Promise<void>>;

declare module "#server/modules/area" {
  interface AreaServices {
    promotions: PromotionsService;
  }
}

/** Featured games: submissions, promo codes, payments, the team's review and schedule, game analytics, studio mail. */
export const promotionsArea = defineArea({
  name: "promotions",
  deps(ctx): PromotionsDeps {
    // Production without Stripe's keys takes no payments unless PAYMENTS_SANDBOX=true: said once here.
    logPaymentsMode(ctx.env, ctx.log.child({ area: "promotions" }));
    return {
      db: ctx.db,
      events: ctx.events,
      settings: ctx.settings,
      storage: ctx.storage,
      mailer: ctx.mailer,
      jobs: ctx.jobs,
      rateLimiter: ctx.rateLimiter,
      payments: createPaymentProvider(ctx.env),
      oembed: createOembedLookup(ctx.env.youtubeOembedUrl),
      renderMarkdown: postRenderer(ctx.db),
      linkSecret: sign(ctx.env.authSecret, "promotions.links", "key"),
      siteName: ctx.env.siteName,
      baseUrl: ctx.env.baseUrl,
      now: ctx.now,
      log: ctx.log.child({ area: "promotions" }),
    };
  },
  service: createPromotionsService,
  async start(deps, _service, ctx) {
    for (const register of Object.values(PROMOTIONS_JOBS)) await register(deps, ctx.jobs);
  },
  errors: PROMOTIONS_ERRORS,
  adminCounters: promotionsAdminCounters,
  policy: { actions: PROMOTIONS_ACTIONS, can: canPromotions, cases: PROMOTIONS_CASES },
  search: [featuredSearch],
  sitemap: ({ db, now }) => featuredSitemapEntries(db, now),
});
