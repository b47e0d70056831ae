import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  companyProfiles,
  featuredGames,
  profiles,
  studioMailConsent,
  studioPromotionMails,
  studioPromotions,
  users,
} from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { renderEmail } from "#server/platform/mail-render";
import { FEATURE_TYPES_WITH_PAGE } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { assertCan } from "./policy";
import { parseInput } from "./deps";
import { unsubscribeUrl } from "./unsubscribe";

export const PROMOTION_SUBJECT_MAX = 150;
export const PROMOTION_MESSAGE_MAX = 5000;
/** The studios' list is small; a send never writes more than this many mails. */
export const PROMOTION_RECIPIENTS_MAX = 5000;
export const STUDIO_MAIL_JOB = "featured.studio-promotion-mail";

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const noControl = (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s);
const sendInput = z.object({
  featuredGameId: z.string({ error: "errors:promotions.game_not_found" }).min(1, "errors:promotions.game_not_found").max(64),
  subject: z
    .string({ error: "errors:promotions.subject_required" })
    .trim()
    .min(1, "errors:promotions.subject_required")
    .max(PROMOTION_SUBJECT_MAX, "errors:promotions.subject_too_long")
    .refine((s) => noControl(s) && !/[\r\n]/.test(s), "errors:input.invalid"),
  message: z
    .string({ error: "errors:promotions.message_required" })
    .trim()
    .min(1, "errors:promotions.message_required")
    .max(PROMOTION_MESSAGE_MAX, "errors:promotions.message_too_long")
    .refine(noControl, "errors:input.invalid"),
});

/** The studios a promotional email goes to: verified companies that agreed (and did not unsubscribe since). */
export async function promotionRecipients(db: PromotionsDeps["db"]) {
  return db
    .select({ companyId: companyProfiles.id, email: users.email, locale: profiles.locale })
    .from(companyProfiles)
    .innerJoin(studioMailConsent, eq(studioMailConsent.companyId, companyProfiles.id))
    .innerJoin(users, eq(users.id, companyProfiles.id))
    .leftJoin(profiles, eq(profiles.id, companyProfiles.id))
    .where(and(eq(companyProfiles.verified, true), eq(studioMailConsent.agreed, true)))
    .orderBy(asc(companyProfiles.id))
    .limit(PROMOTION_RECIPIENTS_MAX);
}

/** Checks a promotional email before it is sent: the admin's right, the fields, an active game, someone to send it to. */
async function prepare(deps: PromotionsDeps, actor: Actor, raw: unknown) {
  assertCan(actor, "studio_promotion.send");
  const data = parseInput(sendInput, raw);
  const [game] = await deps.db
    .select({ id: featuredGames.id, slug: featuredGames.slug, gameName: featuredGames.gameName, featureType: featuredGames.featureType })
    .from(featuredGames)
    .where(and(eq(featuredGames.id, data.featuredGameId), eq(featuredGames.scheduleStatus, "active"), eq(featuredGames.visible, true)));
  if (!game) throw new DomainError("promotions.game_not_found", { fieldErrors: { featuredGameId: "errors:promotions.game_not_found" } });
  const recipients = await promotionRecipients(deps.db);
  if (!recipients.length) throw new DomainError("promotions.no_recipients");
  return { data, game, recipients };
}

/** The confirmation step: what would be sent, to how many studios (nothing is written). */
export async function previewStudioPromotion(deps: PromotionsDeps, actor: Actor, raw: unknown) {
  const { data, game, recipients } = await prepare(deps, actor, raw);
  return { ...data, gameName: game.gameName, recipients: recipients.length };
}

/**
 * Sends a promotional email about an active featured game to the studios' list (SPEC §9): only verified
 * companies that agreed, each mail with its own unsubscribe link, written to the outbox as queued in one
 * transaction with the history entry and the audit row, then delivered by a job (the mail queue). Refused
 * with `promotions.no_recipients` when nobody agreed.
 */
export async function sendStudioPromotion(deps: PromotionsDeps, actor: Actor, raw: unknown) {
  const { data, game, recipients } = await prepare(deps, actor, raw);

  const base = deps.baseUrl.replace(/\/$/, "");
  const hasPage = FEATURE_TYPES_WITH_PAGE.includes(game.featureType);
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx.insert(studioPromotions).values({
      id,
      featuredGameId: game.id,
      subject: data.subject,
      message: data.message,
      recipients: recipients.length,
      status: "queued",
      sentBy: actor!.userId,
      createdAt: deps.now(),
    });
    for (const r of recipients) {
      const locale = r.locale === "en" ? "en" : "es";
      const url = hasPage ? `${base}/${locale}/games/${game.slug}` : `${base}/${locale}/featured-games`;
      const rendered = renderEmail(
        {
          template: "studio-promotion",
          subject: data.subject,
          message: data.message,
          gameName: game.gameName,
          url,
          unsubscribeUrl: unsubscribeUrl(deps, r.companyId, locale),
        },
        locale,
        deps.siteName,
      );
      const mailId = await deps.mailer.queue({ template: "studio-promotion", locale, to: r.email, ...rendered }, tx);
      await tx.insert(studioPromotionMails).values({ promotionId: id, mailId, companyId: r.companyId });
    }
    await recordAudit(tx, actor!, {
      action: "promotions.studio_promotion_sent",
      targetType: "featured_game",
      targetId: game.id,
      targetName: game.gameName,
      details: { promotionId: id, subject: data.subject, recipients: recipients.length },
    });
  });
  try {
    await deps.jobs.send(STUDIO_MAIL_JOB, { promotionId: id });
  } catch (err) {
    // The mails stay queued in the outbox; the history shows the send as "Sending" until a delivery runs.
    deps.log.error("studio promotion delivery not queued", { err, promotionId: id });
  }
  return { id, recipients: recipients.length, gameName: game.gameName };
}
