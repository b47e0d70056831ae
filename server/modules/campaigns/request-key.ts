import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { campaigns, companyGames, creatorChannels, creatorRequests } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PendingEvents } from "#server/platform/events";
import { approveLocked } from "./approval";
import { isOpen } from "./campaign-status";
import { parseInput, type CampaignsDeps } from "./deps";
import { meetsMinimums } from "./eligibility";
import { requestInput } from "./input";
import { assertCan } from "./policy";

export type RequestOutcome = { requestId: string; status: "pending" | "approved" };

const LEAVES_PENDING = new Set<string>([
  "campaigns.no_keys",
  "campaigns.request_decided",
  "campaigns.approval_paused",
  "campaigns.approval_paused_by_team",
]);
/**
 * A creator asks for a key (SPEC §5: one request per creator per campaign, enforced by a unique index, so 20
 * identical requests at once make one). The campaign must be open, and offer the platform and region asked for;
 * the creator must have told us at least one channel. With auto-approve on and the minimums met by a channel that
 * counts (verified by its code or checked by the team, decision 0028), the request is approved at once; if the
 * pool is empty it stays pending for the company.
 */
export async function requestKey(
  deps: Pick<CampaignsDeps, "db" | "events" | "now">,
  actor: Actor,
  input: unknown,
): Promise<RequestOutcome> {
  assertCan(actor, "campaign.request");
  const data = parseInput(requestInput, input);
  const now = deps.now();
  const [row] = await deps.db
    .select({ campaign: campaigns, gameName: companyGames.name })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .where(eq(campaigns.id, data.campaignId))
    .limit(1);
  if (!row || row.campaign.status === "draft") throw new DomainError("campaigns.not_found");
  const { campaign, gameName } = row;
  if (!isOpen(campaign, now)) throw new DomainError("campaigns.not_open");
  if (!campaign.platforms.includes(data.platform))
    throw new DomainError("campaigns.platform_not_offered", { fieldErrors: { platform: "errors:campaigns.platform_not_offered" } });
  if (!campaign.regions.includes(data.region))
    throw new DomainError("campaigns.region_not_offered", { fieldErrors: { region: "errors:campaigns.region_not_offered" } });
  const channels = await deps.db.select().from(creatorChannels).where(eq(creatorChannels.userId, actor.userId));
  if (!channels.some((c) => !c.flaggedAt)) throw new DomainError("campaigns.onboarding_required");

  const requestId = randomUUID();
  try {
    await deps.db.insert(creatorRequests).values({
      id: requestId,
      campaignId: campaign.id,
      creatorId: actor.userId,
      status: "pending",
      message: data.message,
      platform: data.platform,
      region: data.region,
      createdAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err, "creator_requests_one_per_campaign_idx")) throw new DomainError("campaigns.already_requested");
    throw err;
  }
  await deps.events.publish("campaign.requested", {
    requestId,
    campaignId: campaign.id,
    companyId: campaign.companyId,
    creatorId: actor.userId,
    at: now,
  });

  if (!campaign.autoApprove || !meetsMinimums(channels, campaign)) return { requestId, status: "pending" };
  const events = new PendingEvents();
  try {
    await deps.db.transaction(async (tx) => {
      const [req] = await tx
        .select({ id: creatorRequests.id, status: creatorRequests.status })
        .from(creatorRequests)
        .where(and(eq(creatorRequests.id, requestId), eq(creatorRequests.status, "pending")))
        .for("update");
      if (!req) throw new DomainError("campaigns.request_decided");
      await approveLocked(
        tx,
        events,
        { id: requestId, campaignId: campaign.id, creatorId: actor.userId, region: data.region },
        { gameName, coverageDays: campaign.coverageDays },
        { decidedBy: "auto", auto: true, now },
      );
    });
  } catch (err) {
    // Auto-approval with an empty pool, or on a campaign paused since the check above, leaves the request
    // pending: the company may add keys (or open the campaign again) and decide. The team's pause reason is
    // for the studio, never shown to the creator.
    if (err instanceof DomainError && LEAVES_PENDING.has(err.code)) return { requestId, status: "pending" };
    throw err;
  }
  await deps.events.publishAll(events.list);
  return { requestId, status: "approved" };
}
