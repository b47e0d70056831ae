import type { Actor } from "#server/modules/accounts/actor";
import type { Jobs } from "#server/platform/jobs";
import { createSubmission, type SubmissionRequest } from "./create-submission";
import type { PromotionsDeps } from "./deps";
import { getPublicOffer } from "./offer";
import { sweepKeptImages } from "./sweep-kept-images";
import { youtubeAutofill } from "./youtube-autofill";

/** /collaborate: the offer, the YouTube auto-fill and sending a promotion request. */
export function createSubmissionsService(deps: PromotionsDeps) {
  return {
    getPublicOffer: () => getPublicOffer(deps),
    youtubeAutofill: (actor: Actor, input: { url: unknown; clientKey: string }) => youtubeAutofill(deps, actor, input),
    createSubmission: (actor: Actor, input: SubmissionRequest) => createSubmission(deps, actor, input),
  };
}

/** Daily: the images kept by token after a refused send that was never sent again are removed. */
export async function registerSubmissionsJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  await jobs.every("featured.sweep-kept-images", "20 4 * * *", () => sweepKeptImages(deps));
}
