import { desc, sql } from "drizzle-orm";
import { jobApplications, jobOffers } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { JobsDeps } from "./deps";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db">;

/**
 * The admin's offers, open first then newest, each with its Markdown sources (for the edit form) and how many
 * applications it has, pending ones apart.
 */
export async function listOffers(deps: Deps, actor: Actor) {
  assertCan(actor, "job.list");
  return deps.db
    .select({
      id: jobOffers.id,
      titleEs: jobOffers.titleEs,
      titleEn: jobOffers.titleEn,
      descriptionEs: jobOffers.descriptionEs,
      descriptionEn: jobOffers.descriptionEn,
      status: jobOffers.status,
      closedAt: jobOffers.closedAt,
      createdAt: jobOffers.createdAt,
      applications: sql<number>`(select count(*)::int from ${jobApplications} a where a.offer_id = "job_offers"."id")`,
      pending: sql<number>`(select count(*)::int from ${jobApplications} a where a.offer_id = "job_offers"."id" and a.status = 'pending')`,
    })
    .from(jobOffers)
    .orderBy(sql`${jobOffers.status} = 'closed'`, desc(jobOffers.createdAt), desc(jobOffers.id));
}
