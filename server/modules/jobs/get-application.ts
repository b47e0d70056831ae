import { eq } from "drizzle-orm";
import { jobApplications, jobOffers } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { JobsDeps } from "./deps";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db">;

/** Finds one application with its offer's titles, or throws `jobs.application_not_found`. */
export async function loadApplication(db: JobsDeps["db"], id: string) {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new DomainError("jobs.application_not_found");
  const [row] = await db
    .select({
      application: jobApplications,
      offerTitleEs: jobOffers.titleEs,
      offerTitleEn: jobOffers.titleEn,
      offerStatus: jobOffers.status,
    })
    .from(jobApplications)
    .innerJoin(jobOffers, eq(jobOffers.id, jobApplications.offerId))
    .where(eq(jobApplications.id, id))
    .limit(1);
  if (!row) throw new DomainError("jobs.application_not_found");
  return row;
}

/**
 * One application for the admin's detail: every field the applicant sent, its decision history and the resume's
 * size. The resume's storage key stays on the server: the page links the download route by the application's id.
 */
export async function getApplication(deps: Deps, actor: Actor, input: { applicationId: string }) {
  assertCan(actor, "application.view");
  const { application: a, offerTitleEs, offerTitleEn, offerStatus } = await loadApplication(deps.db, String(input.applicationId ?? ""));
  return {
    id: a.id,
    offerId: a.offerId,
    offerTitleEs,
    offerTitleEn,
    offerStatus,
    name: a.name,
    email: a.email,
    message: a.message,
    experience: a.experience,
    portfolioUrl: a.portfolioUrl,
    resumeBytes: a.resumeBytes,
    locale: a.locale === "en" ? ("en" as const) : ("es" as const),
    status: a.status,
    decidedAt: a.decidedAt,
    decisions: a.decisions.map(({ mailId, ...d }) => (void mailId, d)),
    createdAt: a.createdAt,
  };
}
