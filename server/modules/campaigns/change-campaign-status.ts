import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { CAMPAIGN_STATUSES } from "#shared/campaigns";
import { campaigns } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PendingEvents } from "#server/platform/events";
import { canMove } from "./campaign-status";
import { parseInput, type CampaignsDeps } from "./deps";
import { idField } from "./input";
import { loadOwnCampaign } from "./owned";
import { assertCan } from "./policy";

const statusInput = z.object({ campaignId: idField, status: z.enum(CAMPAIGN_STATUSES, "errors:input.invalid") });

/**
 * The company opens, pauses, resumes or finishes its campaign (SPEC §4). A campaign the team paused stays
 * paused until the team lifts it; one past its end date cannot be opened again.
 */
export async function changeCampaignStatus(deps: Pick<CampaignsDeps, "db" | "events" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "campaign.set_status");
  const { campaignId, status } = parseInput(statusInput, input);
  const events = new PendingEvents();
  await deps.db.transaction(async (tx) => {
    const { campaign } = await loadOwnCampaign(tx, actor, campaignId, { forUpdate: true });
    if (campaign.status === status) return;
    if (!canMove(campaign.status, status)) throw new DomainError("campaigns.status_transition", { from: campaign.status, to: status });
    const now = deps.now();
    if (status === "active" && campaign.pausedByAdmin)
      throw new DomainError("campaigns.paused_by_team", { reason: campaign.pauseReason ?? "" });
    if (status === "active" && campaign.endsAt.getTime() <= now.getTime()) throw new DomainError("campaigns.ended");
    await tx
      .update(campaigns)
      .set({ status, updatedAt: now, finishedAt: status === "finished" ? now : null })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.companyId, actor.userId)));
    events.add("campaign.changed", { campaignId, companyId: actor.userId, status, at: now });
  });
  await deps.events.publishAll(events.list);
  return { id: campaignId, status };
}
