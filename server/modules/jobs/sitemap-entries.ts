import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { jobOffers } from "#server/db/schema";

/** /jobs and every open offer's page (a closed offer leaves the sitemap as it leaves the list). */
export async function jobsSitemapEntries(db: Pick<Database, "select">): Promise<{ path: string; lastmod: Date | null }[]> {
  const rows = await db
    .select({ id: jobOffers.id, updatedAt: jobOffers.updatedAt })
    .from(jobOffers)
    .where(eq(jobOffers.status, "open"))
    .orderBy(desc(jobOffers.updatedAt), desc(jobOffers.id))
    .limit(5_000);
  return [{ path: "/jobs", lastmod: rows[0]?.updatedAt ?? null }, ...rows.map((r) => ({ path: `/jobs/${r.id}`, lastmod: r.updatedAt }))];
}
