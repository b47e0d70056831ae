import type { Actor } from "#server/modules/accounts/actor";
import type { Jobs } from "#server/platform/jobs";
import { approveSubmission } from "./approve-submission";
import { checkSubmission } from "./check-submission";
import { deleteSubmission } from "./delete-submission";
import type { PromotionsDeps } from "./deps";
import { homepageAvailability } from "./homepage-availability";
import { getSubmission, listSubmissions } from "./list-submissions";
import { endFeaturedGame, listFeaturedGames, setFeaturedVisible, updateFeaturedGame } from "./manage-featured-game";
import { rejectSubmission } from "./reject-submission";
import { getOffer, updateOffer } from "./update-offer";

/** The team's review (/admin/featured-games): the queue, decisions, the featured games and the offer. */
export function createReviewService(deps: PromotionsDeps) {
  return {
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
  };
}

/** The review has no job of its own (the schedule is `registerFeaturedJobs`). */
export async function registerReviewJobs(deps: PromotionsDeps, jobs: Jobs): Promise<void> {
  void deps;
  void jobs;
}
