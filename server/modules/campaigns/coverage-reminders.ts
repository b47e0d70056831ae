import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { CAMPAIGN_LIMITS } from "#shared/campaigns";
import { campaigns, companyGames, coverageLinks, creatorRequests } from "#server/db/schema";
import type { CampaignsDeps } from "./deps";

const DAY_MS = 86_400_000;

export type CoverageReminder = { requestId: string; creatorId: string; gameName: string; coverageDueAt: Date };

/**
 * The coverage reminder: once, a few days before a claimed key's coverage deadline, for creators who
 * have not added any coverage yet. Each reminder is claimed by a conditional update before it is sent, so two
 * job runs (or two instances) never send the same one twice. `send` writes the message (the caller's mailer).
 */
export async function sendCoverageReminders(deps: Pick<CampaignsDeps, "db" | "now" | "log">, send: (r: CoverageReminder) => Promise<void>) {
  const now = deps.now();
  const horizon = new Date(now.getTime() + CAMPAIGN_LIMITS.reminderDaysBefore * DAY_MS);
  const due = await deps.db
    .select({
      requestId: creatorRequests.id,
      creatorId: creatorRequests.creatorId,
      gameName: companyGames.name,
      coverageDueAt: creatorRequests.coverageDueAt,
    })
    .from(creatorRequests)
    .innerJoin(campaigns, eq(campaigns.id, creatorRequests.campaignId))
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .where(
      and(
        eq(creatorRequests.status, "approved"),
        isNull(creatorRequests.reminderSentAt),
        gt(creatorRequests.coverageDueAt, now),
        lte(creatorRequests.coverageDueAt, horizon),
        sql`not exists (select 1 from ${coverageLinks} where ${coverageLinks.requestId} = ${creatorRequests.id})`,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const r of due) {
    const [mine] = await deps.db
      .update(creatorRequests)
      .set({ reminderSentAt: now })
      .where(and(eq(creatorRequests.id, r.requestId), isNull(creatorRequests.reminderSentAt)))
      .returning({ id: creatorRequests.id });
    if (!mine) continue;
    try {
      await send({ ...r, coverageDueAt: r.coverageDueAt! });
      sent++;
    } catch (err) {
      deps.log.error("coverage reminder not sent", { requestId: r.requestId, err });
    }
  }
  return { sent };
}
