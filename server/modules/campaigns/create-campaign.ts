import { randomUUID } from "node:crypto";
import { campaigns } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CampaignsDeps } from "./deps";
import { campaignInput } from "./input";
import { loadOwnGame } from "./owned";
import { assertCan } from "./policy";

/** A verified company starts a campaign for one of its games, as a draft (it opens it when its pool is ready). */
export async function createCampaign(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "campaign.create");
  const data = parseInput(campaignInput, input);
  await loadOwnGame(deps.db, actor, data.gameId);
  const id = randomUUID();
  const now = deps.now();
  await deps.db.insert(campaigns).values({ id, companyId: actor.userId, ...data, status: "draft", createdAt: now, updatedAt: now });
  return { id };
}
