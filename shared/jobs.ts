/**
 * Job offers and applications (SPEC §3, §4): the states, limits and page sizes that the pages show and the server
 * enforces; their labels are translated by these codes (`jobs:status.*`, `jobs:applicationStatus.*`).
 */

/** SPEC §4 Job: open (listed, takes applications) or closed (shown as closed, no form). */
export const JOB_STATUSES = ["open", "closed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** SPEC §4 Application: pending until the team accepts or rejects it (with or without an email). */
export const APPLICATION_STATUSES = ["pending", "accepted", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_DECISIONS = ["accepted", "rejected"] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

/** A resume: one PDF of at most 5 MB, recognised by its content. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

/** Lengths of an application's and an offer's fields (shown beside them, enforced by the operations). */
export const JOB_LIMITS = {
  nameMax: 120,
  emailMax: 254,
  messageMax: 5000,
  experienceMax: 3000,
  portfolioMax: 500,
  titleMax: 160,
  descriptionMax: 20_000,
  decisionMessageMax: 5000,
} as const;

/** Rows per page of the admin's applications list. */
export const APPLICATIONS_PAGE_SIZE = 20;
/** Offers per page of the admin's offers list. */
export const OFFERS_PAGE_SIZE = 50;

/** The public form's name, signed into its spam-check ticket. */
export const APPLY_FORM = "job-application";
