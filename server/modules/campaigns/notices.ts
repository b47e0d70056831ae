import { and, eq, sql } from "drizzle-orm";
import { notifications } from "#server/db/schema";
import type { DomainEvents } from "#server/platform/events";
import { sendDecisionMail, type CampaignMailDeps } from "./notice-mail";
import { notify, type NotificationsDeps } from "#server/modules/notifications";

export type CampaignNotificationsDeps = NotificationsDeps & Omit<CampaignMailDeps, "db" | "log">;

/**
 * Notifications from creator key campaigns: every decision on a creator's key request reaches them
 * on the bell (`campaign_decided`, data: the game's name, approved or rejected, the company's reason, whether
 * auto-approval decided) and by email. Idempotent: a decision already told (its request has a notification)
 * is not told again. Returns the unsubscribe function. Wired in `server/services.ts`, which holds the mailer.
 */
export function subscribeCampaignNotifications(deps: CampaignNotificationsDeps): () => void {
  return deps.events.subscribe("campaign.request_decided", async (e: DomainEvents["campaign.request_decided"]) => {
    const [told] = await deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, e.creatorId),
          eq(notifications.type, "campaign_decided"),
          sql`${notifications.data}->>'requestId' = ${e.requestId}`,
        ),
      )
      .limit(1);
    if (told) return;
    await notify(deps, [
      {
        userId: e.creatorId,
        type: "campaign_decided",
        actorId: null,
        data: {
          requestId: e.requestId,
          campaignId: e.campaignId,
          gameName: e.gameName,
          status: e.status,
          reason: e.reason,
          auto: e.auto,
        },
        createdAt: e.at,
      },
    ]);
    await sendDecisionMail(deps, e);
  });
}
