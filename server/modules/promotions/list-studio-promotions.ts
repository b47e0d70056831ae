import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { featuredGames, mailOutbox, studioPromotionMails, studioPromotions, users } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { STUDIO_PROMOTIONS_HISTORY } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { assertCan } from "./policy";
import { promotionRecipients } from "./send-studio-promotion";

export type PromotionStatus = "queued" | "sent" | "failed";

/** A send's status from its mails: queued while any waits, failed if any delivery failed, else sent. */
const statusSql = sql<PromotionStatus>`case
  when bool_or(${mailOutbox.status} = 'queued') then 'queued'
  when bool_or(${mailOutbox.status} = 'failed') then 'failed'
  else 'sent' end`;

/**
 * The studio promotions tab: the last 10 sends with their status (SPEC §3: sent or failed, "sending" while
 * queued), recipients, date and sender; the active featured games to write about; how many studios agreed.
 */
export async function listStudioPromotions(deps: Pick<PromotionsDeps, "db">, actor: Actor) {
  assertCan(actor, "studio_promotion.list");
  const history = await deps.db
    .select({
      id: studioPromotions.id,
      subject: studioPromotions.subject,
      recipients: studioPromotions.recipients,
      status: studioPromotions.status,
      createdAt: studioPromotions.createdAt,
      gameName: featuredGames.gameName,
      sender: users.email,
    })
    .from(studioPromotions)
    .leftJoin(featuredGames, eq(featuredGames.id, studioPromotions.featuredGameId))
    .leftJoin(users, eq(users.id, studioPromotions.sentBy))
    .orderBy(desc(studioPromotions.createdAt), desc(studioPromotions.id))
    .limit(STUDIO_PROMOTIONS_HISTORY);
  const ids = history.map((h) => h.id);
  const live = ids.length
    ? await deps.db
        .select({ id: studioPromotionMails.promotionId, status: statusSql })
        .from(studioPromotionMails)
        .innerJoin(mailOutbox, eq(mailOutbox.id, studioPromotionMails.mailId))
        .where(inArray(studioPromotionMails.promotionId, ids))
        .groupBy(studioPromotionMails.promotionId)
    : [];
  const statusOf = new Map(live.map((l) => [l.id, l.status]));
  const games = await deps.db
    .select({ id: featuredGames.id, gameName: featuredGames.gameName, studioName: featuredGames.studioName })
    .from(featuredGames)
    .where(and(eq(featuredGames.scheduleStatus, "active"), eq(featuredGames.visible, true)))
    .orderBy(asc(featuredGames.gameName))
    .limit(200);
  const recipients = (await promotionRecipients(deps.db)).length;
  return {
    history: history.map((h) => ({ ...h, status: statusOf.get(h.id) ?? h.status })),
    games,
    recipients,
  };
}

/**
 * The mail queue's work for one send: delivers each of its queued mails, then records the send's status
 * (failed if any delivery failed; the mail log's retry may still deliver it later, and the history follows).
 */
export async function deliverStudioPromotion(deps: Pick<PromotionsDeps, "db" | "mailer">, input: { promotionId: string }) {
  const mails = await deps.db
    .select({ mailId: studioPromotionMails.mailId })
    .from(studioPromotionMails)
    .where(eq(studioPromotionMails.promotionId, input.promotionId));
  let failed = false;
  for (const m of mails) {
    const result = await deps.mailer.deliverQueued(m.mailId);
    if (result?.status === "failed") failed = true;
  }
  await deps.db
    .update(studioPromotions)
    .set({ status: failed ? "failed" : "sent" })
    .where(eq(studioPromotions.id, input.promotionId));
}
