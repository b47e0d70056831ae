import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { campaignKeys, campaigns, creatorRequests } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { PendingEvents } from "#server/platform/events";
import { approvalRefusal } from "./campaign-status";

type Tx = Pick<Database, "select" | "update">;
const DAY_MS = 86_400_000;

/**
 * The one way a request is approved (by the company, one by one or in bulk, or by auto-approval), inside the
 * caller's transaction, with the request's row already locked: take the oldest available key of the requested
 * region (a key for any region comes after), claim it for this request and creator, and mark the request
 * approved with its coverage deadline. Concurrent approvals skip each other's locked keys, so a key is never
 * given twice and 50 keys make exactly 50 approvals; with none left it throws 'No keys available for campaign
 * {{campaignName}}.' and the caller's transaction leaves everything as it was.
 *
 * First it reads the campaign's status with a share lock (a paused campaign hands out no key, by any
 * path): the team's pause and the company's own pause lock the row for update, so a pause that committed first
 * is seen here and refuses the approval (`approvalRefusal`), and a pause that comes later waits for this
 * approval to commit. Share locks do not wait on each other: concurrent approvals still run side by side.
 */
export async function approveLocked(
  tx: Tx,
  events: PendingEvents,
  req: { id: string; campaignId: string; creatorId: string; region: string | null },
  campaign: { gameName: string; coverageDays: number },
  how: { decidedBy: string; auto: boolean; now: Date },
): Promise<{ keyId: string }> {
  const [state] = await tx
    .select({ status: campaigns.status, pausedByAdmin: campaigns.pausedByAdmin, pauseReason: campaigns.pauseReason })
    .from(campaigns)
    .where(eq(campaigns.id, req.campaignId))
    .for("share");
  if (!state) throw new DomainError("campaigns.not_found");
  const refused = approvalRefusal(state);
  if (refused) throw new DomainError(refused.code, refused.details);

  const anyRegion = or(isNull(campaignKeys.region), eq(campaignKeys.region, "global"));
  const [key] = await tx
    .select({ id: campaignKeys.id })
    .from(campaignKeys)
    .where(
      and(
        eq(campaignKeys.campaignId, req.campaignId),
        eq(campaignKeys.status, "available"),
        req.region ? or(eq(campaignKeys.region, req.region), anyRegion) : anyRegion,
      ),
    )
    // The requested region's own keys first; keys for anywhere are kept for regions that have none.
    .orderBy(sql`(${campaignKeys.region} is null or ${campaignKeys.region} = 'global')`, asc(campaignKeys.createdAt), asc(campaignKeys.id))
    .limit(1)
    .for("update", { skipLocked: true });
  if (!key) throw new DomainError("campaigns.no_keys", { campaignName: campaign.gameName });

  const { now } = how;
  const claimed = await tx
    .update(campaignKeys)
    .set({ status: "claimed", requestId: req.id, claimedBy: req.creatorId, claimedAt: now })
    .where(and(eq(campaignKeys.id, key.id), eq(campaignKeys.status, "available")))
    .returning({ id: campaignKeys.id });
  if (!claimed.length) throw new DomainError("campaigns.no_keys", { campaignName: campaign.gameName });
  const approved = await tx
    .update(creatorRequests)
    .set({
      status: "approved",
      keyId: key.id,
      decidedAt: now,
      decidedBy: how.decidedBy,
      autoApproved: how.auto,
      coverageDueAt: new Date(now.getTime() + campaign.coverageDays * DAY_MS),
    })
    .where(and(eq(creatorRequests.id, req.id), inArray(creatorRequests.status, ["pending"])))
    .returning({ id: creatorRequests.id });
  if (!approved.length) throw new DomainError("campaigns.request_decided");
  events.add("campaign.request_decided", {
    requestId: req.id,
    campaignId: req.campaignId,
    creatorId: req.creatorId,
    gameName: campaign.gameName,
    status: "approved",
    reason: null,
    auto: how.auto,
    at: now,
  });
  return { keyId: key.id };
}
