import { and, eq } from "drizzle-orm";
import { campaigns } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PendingEvents } from "#server/platform/events";
import { parseInput, type CampaignsDeps } from "./deps";
import { campaignUpdateInput } from "./input";
import { loadOwnCampaign, loadOwnGame } from "./owned";
import { assertCan } from "./policy";

/** The company edits a campaign's details (not once it is finished). Keys and requests are untouched. */
export async function updateCampaign(deps: Pick<CampaignsDeps, "db" | "events" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "campaign.update");
  const { campaignId, ...data } = parseInput(campaignUpdateInput, input);
  const events = new PendingEvents();
  await deps.db.transaction(async (tx) => {
    const { campaign } = await loadOwnCampaign(tx, actor, campaignId, { forUpdate: true });
    if (campaign.status === "finished") throw new DomainError("campaigns.status_transition", { from: "finished", to: "finished" });
    if (data.gameId !== campaign.gameId) await loadOwnGame(tx, actor, data.gameId);
    const now = deps.now();
    await tx
      .update(campaigns)
      .set({ ...data, updatedAt: now })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.companyId, actor.userId)));
    events.add("campaign.changed", { campaignId, companyId: actor.userId, status: campaign.status, at: now });
  });
  await deps.events.publishAll(events.list);
  return { id: campaignId };
}
