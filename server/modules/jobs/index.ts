import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import { postRenderer } from "#server/modules/forum";
import { issueFormTicket } from "#server/platform/form-guard";
import type { Jobs } from "#server/platform/jobs";
import { APPLY_FORM } from "#shared/jobs";
import { createApplication, type ApplicationRequest } from "./apply";
import { createOffer } from "./create-offer";
import { acceptApplication, rejectApplication } from "./decide-application";
import { deleteApplication } from "./delete-application";
import type { JobsDeps } from "./deps";
import { JOBS_ERRORS } from "./errors";
import { jobsExportSection } from "./export-section";
import { getApplication } from "./get-application";
import { listApplications } from "./list-applications";
import { listOffers } from "./list-offers";
import { jobsAdminCounters } from "./admin-counters";
import { JOBS_ACTIONS, can as canJobs, jobsTeamAbilities } from "./policy";
import { getPublicOffer, listOpenOffers } from "./public-offers";
import { purgeExpiredApplications } from "./purge-applications";
import { readResume } from "./read-resume";
import { jobsSearch } from "./search-provider";
import { closeOffer, openOffer } from "./set-offer-status";
import { jobsSitemapEntries } from "./sitemap-entries";
import { updateOffer } from "./update-offer";

export type { JobsDeps } from "./deps";
export type { PublicOffer } from "./public-offers";
export { JOBS_ACTIONS, can as canJobs, jobsTeamAbilities, type JobsAction, type JobsTeamAbilities } from "./policy";

/**
 * Job offers and applications, as route modules reach it (`context.services.jobBoard`): every operation bound to its
 * dependencies, each still taking the actor and checking its permission itself.
 */
export function createJobsService(deps: JobsDeps) {
  return {
    /** What the admin tabs may offer this person (from the policy). */
    abilities: (actor: Actor) => jobsTeamAbilities(actor),
    listOpenOffers: (input: { locale: string }) => listOpenOffers(deps, input),
    getPublicOffer: (input: { id: string; locale: string }) => getPublicOffer(deps, input),
    /** The application form's spam-check ticket: when the page was served, signed. */
    applyTicket: () => issueFormTicket(deps.formSecret, APPLY_FORM, deps.now()),
    apply: (actor: Actor, input: ApplicationRequest) => createApplication(deps, actor, input),

    listOffers: (actor: Actor) => listOffers(deps, actor),
    createOffer: (actor: Actor, input: unknown) => createOffer(deps, actor, input),
    updateOffer: (actor: Actor, input: unknown) => updateOffer(deps, actor, input),
    openOffer: (actor: Actor, input: unknown) => openOffer(deps, actor, input),
    closeOffer: (actor: Actor, input: unknown) => closeOffer(deps, actor, input),

    listApplications: (actor: Actor, input: unknown) => listApplications(deps, actor, input),
    getApplication: (actor: Actor, input: { applicationId: string }) => getApplication(deps, actor, input),
    readResume: (actor: Actor, input: { applicationId: string }) => readResume(deps, actor, input),
    acceptApplication: (actor: Actor, input: unknown) => acceptApplication(deps, actor, input),
    rejectApplication: (actor: Actor, input: unknown) => rejectApplication(deps, actor, input),
    deleteApplication: (actor: Actor, input: { applicationId: string }) => deleteApplication(deps, actor, input),
    purgeExpiredApplications: () => purgeExpiredApplications(deps),
  };
}
export type JobsService = ReturnType<typeof createJobsService>;

/** The area's jobs, each registered by `start` (tests register the one they exercise). */
export const JOBS_JOBS = {
  /** Daily: applications (and resumes) of offers closed longer than the retention setting are deleted. */
  retention: (deps, jobs) => jobs.every("jobs.applications-retention", "40 3 * * *", () => purgeExpiredApplications(deps)),
} satisfies Record<string, (deps: JobsDeps, jobs: Jobs) => Promise<void>>;

declare module "#server/modules/area" {
  interface AreaServices {
    /** Not `jobs`: the platform's job queue already has that name in `context.services`. */
    jobBoard: JobsService;
  }
}

/** Job offers (/jobs) and applications, with the team's admin tabs and the applications' retention. */
export const jobsArea = defineArea({
  name: "jobBoard",
  deps(ctx): JobsDeps {
    return {
      db: ctx.db,
      settings: ctx.settings,
      storage: ctx.storage,
      mailer: ctx.mailer,
      rateLimiter: ctx.rateLimiter,
      renderMarkdown: postRenderer(ctx.db),
      formSecret: ctx.env.authSecret,
      formMinFillSeconds: ctx.env.formMinFillSeconds,
      siteName: ctx.env.siteName,
      baseUrl: ctx.env.baseUrl,
      now: ctx.now,
      log: ctx.log.child({ area: "jobs" }),
    };
  },
  service: createJobsService,
  async start(deps, _service, ctx) {
    for (const register of Object.values(JOBS_JOBS)) await register(deps, ctx.jobs);
  },
  errors: JOBS_ERRORS,
  policy: { actions: JOBS_ACTIONS, can: canJobs },
  search: [jobsSearch],
  sitemap: ({ db }) => jobsSitemapEntries(db),
  exportSection: jobsExportSection,
  adminCounters: jobsAdminCounters,
});
