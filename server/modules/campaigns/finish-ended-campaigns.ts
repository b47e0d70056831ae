import { and, inArray, lte } from "drizzle-orm";
import { campaigns } from "#server/db/schema";
import type { CampaignsDeps } from "./deps";

/**
 * The campaigns job (every few minutes): a campaign past its end date finishes on its own, whether it was
 * active or paused. Idempotent: a second run finds nothing.
 */
export async function finishEndedCampaigns(deps: Pick<CampaignsDeps, "db" | "events" | "now">) {
  const now = deps.now();
  const finished = await deps.db
    .update(campaigns)
    .set({ status: "finished", finishedAt: now, updatedAt: now })
    .where(and(inArray(campaigns.status, ["active", "paused"]), lte(campaigns.endsAt, now)))
    .returning({ id: campaigns.id, companyId: campaigns.companyId });
  for (const c of finished)
    await deps.events.publish("campaign.changed", { campaignId: c.id, companyId: c.companyId, status: "finished", at: now });
  return { finished: finished.length };
}
