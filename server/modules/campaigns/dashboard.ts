import { and, asc, count, eq, sql } from "drizzle-orm";
import { campaignKeys, campaigns, companyGames, coverageLinks, creatorRequests } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { CampaignsDeps } from "./deps";
import { listOpenCampaigns } from "./public-campaigns";
import { can } from "./policy";

const DAY_MS = 86_400_000;
/** "Ending soon" on a company's dashboard. */
const ENDING_SOON_DAYS = 7;

/**
 * /dashboard's campaigns part: for a company, pending requests, keys left per campaign, coverage
 * received and campaigns ending soon; for a creator, open requests, keys waiting for coverage and matching
 * campaigns. Null for anyone else.
 */
export async function campaignsDashboard(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor) {
  const now = deps.now();
  if (can(actor, "campaign.view")) {
    const mine = eq(campaigns.companyId, actor!.userId);
    const live = await deps.db
      .select({
        id: campaigns.id,
        status: campaigns.status,
        endsAt: campaigns.endsAt,
        gameName: companyGames.name,
        keysLeft: sql<number>`(select count(*)::int from ${campaignKeys} where ${campaignKeys.campaignId} = ${campaigns.id} and ${campaignKeys.status} = 'available')`,
        pending: sql<number>`(select count(*)::int from ${creatorRequests} where ${creatorRequests.campaignId} = ${campaigns.id} and ${creatorRequests.status} = 'pending')`,
      })
      .from(campaigns)
      .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
      .where(and(mine, sql`${campaigns.status} in ('active', 'paused')`))
      .orderBy(asc(campaigns.endsAt))
      .limit(20);
    const [{ coverage }] = await deps.db
      .select({ coverage: count() })
      .from(coverageLinks)
      .innerJoin(creatorRequests, eq(creatorRequests.id, coverageLinks.requestId))
      .innerJoin(campaigns, eq(campaigns.id, creatorRequests.campaignId))
      .where(mine);
    return {
      kind: "company" as const,
      pendingRequests: live.reduce((n, c) => n + c.pending, 0),
      campaigns: live,
      coverageReceived: coverage,
      endingSoon: live.filter((c) => c.endsAt.getTime() - now.getTime() <= ENDING_SOON_DAYS * DAY_MS),
    };
  }
  if (can(actor, "campaign.request")) {
    const [{ open }] = await deps.db
      .select({ open: count() })
      .from(creatorRequests)
      .where(and(eq(creatorRequests.creatorId, actor!.userId), eq(creatorRequests.status, "pending")));
    const waiting = await deps.db
      .select({ requestId: creatorRequests.id, gameName: companyGames.name, coverageDueAt: creatorRequests.coverageDueAt })
      .from(creatorRequests)
      .innerJoin(campaigns, eq(campaigns.id, creatorRequests.campaignId))
      .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
      .where(
        and(
          eq(creatorRequests.creatorId, actor!.userId),
          eq(creatorRequests.status, "approved"),
          sql`not exists (select 1 from ${coverageLinks} where ${coverageLinks.requestId} = ${creatorRequests.id})`,
        ),
      )
      .orderBy(asc(creatorRequests.coverageDueAt))
      .limit(10);
    const matching = (await listOpenCampaigns(deps, actor, {})).campaigns.filter((c) => c.meetsMinimums && !c.myRequest).slice(0, 5);
    return { kind: "creator" as const, openRequests: open, waitingForCoverage: waiting, matching };
  }
  return null;
}
