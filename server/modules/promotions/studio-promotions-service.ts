import type { Actor } from "#server/modules/accounts/actor";
import type { Jobs } from "#server/platform/jobs";
import type { PromotionsDeps } from "./deps";
import { deliverStudioPromotion, listStudioPromotions } from "./list-studio-promotions";
import { previewStudioPromotion, sendStudioPromotion, STUDIO_MAIL_JOB } from "./send-studio-promotion";
import { checkUnsubscribeLink, unsubscribeStudio } from "./unsubscribe";

/** Studio promotions (/admin/studio-promotions) and the signed unsubscribe link of their mails. */
export function createStudioPromotionsService(deps: PromotionsDeps) {
  return {
    listStudioPromotions: (actor: Actor) => listStudioPromotions(deps, actor),
    previewStudioPromotion: (actor: Actor, input: unknown) => previewStudioPromotion(deps, actor, input),
    sendStudioPromotion: (actor: Actor, input: unknown) => sendStudioPromotion(deps, actor, input),
    checkUnsubscribeLink: (input: unknown) => checkUnsubscribeLink(deps, input),
    unsubscribeStudio: (input: unknown) => unsubscribeStudio(deps, input),
  };
}

/** The mail queue's delivery of a promotional send (one job per send, retried by pg-boss if it throws). */
export async function registerStudioPromotionsJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  await jobs.work<{ promotionId: string }>(STUDIO_MAIL_JOB, (data) => deliverStudioPromotion(deps, data));
}
