import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { jobApplications, jobOffers, users } from "#server/db/schema";

/**
 * A person's job applications, for their account export: those sent with their account's email (an application
 * needs no account). Without the resume's storage key; the resume itself is theirs already.
 */
export async function jobsExportSection(db: Database, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { applications: [] };
  const rows = await db
    .select({
      offerTitleEs: jobOffers.titleEs,
      offerTitleEn: jobOffers.titleEn,
      name: jobApplications.name,
      email: jobApplications.email,
      message: jobApplications.message,
      experience: jobApplications.experience,
      portfolioUrl: jobApplications.portfolioUrl,
      status: jobApplications.status,
      createdAt: jobApplications.createdAt,
    })
    .from(jobApplications)
    .innerJoin(jobOffers, eq(jobOffers.id, jobApplications.offerId))
    .where(eq(jobApplications.email, sql`lower(${user.email})`))
    .orderBy(desc(jobApplications.createdAt));
  return { applications: rows };
}
