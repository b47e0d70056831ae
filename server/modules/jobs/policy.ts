import { hasRole, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

/**
 * Every action of job offers and applications, one per verb. Anyone may apply to an open offer (no account
 * needed); everything else — the offers' list with closed ones, writing offers, reading applications and their
 * resumes, deciding on them — is for Admins (SPEC §6: an applicant's personal data stays with the site's owners).
 */
const PUBLIC_ACTIONS = [
  /** Sending an application to an open offer from /jobs/{id}. */
  "application.create",
] as const;
const ADMIN_ACTIONS = [
  /** The admin list of offers, closed ones included. */
  "job.list",
  /** Creating an offer. */
  "job.create",
  /** Editing an offer's titles and descriptions. */
  "job.update",
  /** Opening a closed offer again. */
  "job.open",
  /** Closing an offer (it stops taking applications). */
  "job.close",
  /** The applications list, filtered by offer and status. */
  "application.list",
  /** One application's details and decision history. */
  "application.view",
  /** Downloading an application's resume. */
  "application.resume",
  /** Accepting an application (with or without an email to the applicant). */
  "application.accept",
  /** Rejecting an application (with or without an email to the applicant). */
  "application.reject",
  /** Deleting an application and its resume. */
  "application.delete",
] as const;

export const JOBS_ACTIONS = [...PUBLIC_ACTIONS, ...ADMIN_ACTIONS] as const;
export type JobsAction = (typeof JOBS_ACTIONS)[number];

const PUBLIC = new Set<JobsAction>(PUBLIC_ACTIONS);

/** Pure rules (see the list above). */
export function can(actor: Actor, action: JobsAction): boolean {
  if (PUBLIC.has(action)) return true;
  if (!actor) return false;
  return hasRole(actor, ROLE_ADMIN);
}

/** Throws the code that explains a refusal (a visitor must sign in). */
export function assertCan(actor: Actor, action: JobsAction): void {
  if (can(actor, action)) return;
  if (!actor) throw new DomainError("auth.unauthenticated");
  throw new DomainError("auth.forbidden");
}

/** What the admin tabs of this area may offer (sent by loaders). */
export function jobsTeamAbilities(actor: Actor) {
  return {
    listOffers: can(actor, "job.list"),
    createOffer: can(actor, "job.create"),
    updateOffer: can(actor, "job.update"),
    openOffer: can(actor, "job.open"),
    closeOffer: can(actor, "job.close"),
    listApplications: can(actor, "application.list"),
    viewApplication: can(actor, "application.view"),
    downloadResume: can(actor, "application.resume"),
    accept: can(actor, "application.accept"),
    reject: can(actor, "application.reject"),
    deleteApplication: can(actor, "application.delete"),
  };
}
export type JobsTeamAbilities = ReturnType<typeof jobsTeamAbilities>;
