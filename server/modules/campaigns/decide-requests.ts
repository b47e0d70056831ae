import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { campaigns, companyGames, creatorRequests } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError, isDomainError, type ErrorCode } from "#server/modules/errors";
import { PendingEvents } from "#server/platform/events";
import { approveLocked } from "./approval";
import { parseInput, type CampaignsDeps } from "./deps";
import { decisionInput } from "./input";
import { assertCan } from "./policy";

const approveInput = decisionInput.omit({ reason: true });

export type DecisionResult = {
  done: string[];
  failed: { requestId: string; code: ErrorCode; values?: Record<string, unknown> }[];
};

/**
 * The company approves requests, one or many (SPEC §4: approval assigns an available key and cannot be undone).
 * Each request is decided in its own transaction, with its row locked: a request decided meanwhile, or one
 * whose pool ran out, fails alone with its reason and the others go through.
 */
export async function approveRequests(
  deps: Pick<CampaignsDeps, "db" | "events" | "now">,
  actor: Actor,
  input: unknown,
): Promise<DecisionResult> {
  assertCan(actor, "request.decide");
  const { requestIds } = parseInput(approveInput, input);
  return decideEach(deps, actor, requestIds, async (tx, events, req, campaign, now) => {
    await approveLocked(tx, events, req, campaign, { decidedBy: actor.userId, auto: false, now });
  });
}

/** The company rejects requests, one or many, with an optional reason the creator sees. */
export async function rejectRequests(
  deps: Pick<CampaignsDeps, "db" | "events" | "now">,
  actor: Actor,
  input: unknown,
): Promise<DecisionResult> {
  assertCan(actor, "request.decide");
  const { requestIds, reason } = parseInput(decisionInput, input);
  return decideEach(deps, actor, requestIds, async (tx, events, req, campaign, now) => {
    await tx
      .update(creatorRequests)
      .set({ status: "rejected", rejectionReason: reason, decidedAt: now, decidedBy: actor.userId })
      .where(and(eq(creatorRequests.id, req.id), eq(creatorRequests.status, "pending")));
    events.add("campaign.request_decided", {
      requestId: req.id,
      campaignId: req.campaignId,
      creatorId: req.creatorId,
      gameName: campaign.gameName,
      status: "rejected",
      reason,
      auto: false,
      at: now,
    });
  });
}

type Tx = Parameters<Parameters<CampaignsDeps["db"]["transaction"]>[0]>[0];
type Locked = { id: string; campaignId: string; creatorId: string; region: string | null };

async function decideEach(
  deps: Pick<CampaignsDeps, "db" | "events" | "now">,
  actor: NonNullable<Actor>,
  requestIds: string[],
  decide: (tx: Tx, events: PendingEvents, req: Locked, campaign: { gameName: string; coverageDays: number }, now: Date) => Promise<void>,
): Promise<DecisionResult> {
  const result: DecisionResult = { done: [], failed: [] };
  for (const requestId of requestIds) {
    const events = new PendingEvents();
    try {
      await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: creatorRequests.id,
            campaignId: creatorRequests.campaignId,
            creatorId: creatorRequests.creatorId,
            region: creatorRequests.region,
            status: creatorRequests.status,
            gameName: companyGames.name,
            coverageDays: campaigns.coverageDays,
          })
          .from(creatorRequests)
          .innerJoin(campaigns, eq(campaigns.id, creatorRequests.campaignId))
          .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
          // Only requests made to this company's campaigns: another company's request is not found.
          .where(and(eq(creatorRequests.id, requestId), eq(campaigns.companyId, actor.userId)))
          .for("update", { of: creatorRequests });
        if (!row) throw new DomainError("not_found");
        if (row.status !== "pending") throw new DomainError("campaigns.request_decided");
        await decide(tx, events, row, { gameName: row.gameName, coverageDays: row.coverageDays }, deps.now());
      });
    } catch (err) {
      if (!isDomainError(err)) throw err;
      result.failed.push({ requestId, code: err.code, ...(err.details ? { values: err.details } : {}) });
      continue;
    }
    await deps.events.publishAll(events.list);
    result.done.push(requestId);
  }
  return result;
}

export type ApproveInput = z.input<typeof approveInput>;
