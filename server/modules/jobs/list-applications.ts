import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { jobApplications, jobOffers } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { APPLICATIONS_PAGE_SIZE } from "#shared/jobs";
import { parseInput, type JobsDeps } from "./deps";
import { applicationListInput } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db">;

/** The admin's applications, newest first, filtered by offer and by status, a page at a time. */
export async function listApplications(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "application.list");
  const f = parseInput(applicationListInput, input ?? {});
  const where: SQL[] = [];
  if (f.offer) where.push(eq(jobApplications.offerId, f.offer));
  if (f.status) where.push(eq(jobApplications.status, f.status));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(jobApplications)
    .where(cond);
  const pageCount = Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE));
  const page = Math.min(f.page, pageCount);
  const rows = await deps.db
    .select({
      id: jobApplications.id,
      name: jobApplications.name,
      email: jobApplications.email,
      status: jobApplications.status,
      createdAt: jobApplications.createdAt,
      offerId: jobApplications.offerId,
      offerTitleEs: jobOffers.titleEs,
      offerTitleEn: jobOffers.titleEn,
    })
    .from(jobApplications)
    .innerJoin(jobOffers, eq(jobOffers.id, jobApplications.offerId))
    .where(cond)
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(APPLICATIONS_PAGE_SIZE)
    .offset((page - 1) * APPLICATIONS_PAGE_SIZE);
  return { rows, total, page, pageCount, offer: f.offer ?? null, status: f.status ?? null };
}
