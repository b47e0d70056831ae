import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { campaigns } from "#server/db/schema";

/** A campaign's public page for the sitemap: its path (without the language prefix) and when it last changed. */
export type CampaignSitemapEntry = { path: string; lastmod: Date | null };

/** Campaigns listed at most (the most recently changed); campaigns are few, this only bounds the file. */
export const SITEMAP_CAMPAIGN_CAP = 5_000;

/**
 * Creator key campaigns: the opportunities list and every open campaign's public page (active and not
 * ended). A draft never appears; a paused or finished campaign leaves the sitemap as it leaves the public list.
 */
export async function campaignSitemapEntries(
  db: Pick<Database, "select">,
  now: Date,
  cap = SITEMAP_CAMPAIGN_CAP,
): Promise<CampaignSitemapEntry[]> {
  const rows = await db
    .select({ id: campaigns.id, updatedAt: campaigns.updatedAt })
    .from(campaigns)
    .where(and(eq(campaigns.status, "active"), gt(campaigns.endsAt, now)))
    .orderBy(desc(campaigns.updatedAt), desc(campaigns.id))
    .limit(cap);
  const latest = rows[0]?.updatedAt ?? null;
  return [{ path: "/campaigns", lastmod: latest }, ...rows.map((r) => ({ path: `/campaigns/${r.id}`, lastmod: r.updatedAt }))];
}
