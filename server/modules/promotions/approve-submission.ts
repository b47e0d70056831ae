import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { randomUUID } from "node:crypto";
import { companyGames, featuredGames, featuredSubmissions } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { PendingEvents } from "#server/platform/events";
import { slugify } from "#shared/slugify";
import { FEATURE_TYPES, FEATURE_TYPES_ON_HOMEPAGE, FEATURE_TYPES_WITH_PAGE, PLATFORMS, youtubeVideoId } from "#shared/promotions";
import { sendApprovalMail } from "./decision-mail";
import { parseInput, type PromotionsDeps } from "./deps";
import { assertHomepageSlotFree, DAY_MS, lockApprovals } from "./homepage-availability";
import { assertTeam, dayField, detailsField, durationField, idField, listOf, slugField } from "./review-input";

const approveInput = z.object({
  submissionId: idField,
  featureType: z.enum(FEATURE_TYPES, { error: "errors:input.invalid" }),
  durationDays: durationField.optional(),
  startDate: dayField.nullish().or(z.literal("")),
  slug: slugField.nullish().or(z.literal("")),
  detailsMd: detailsField,
  platforms: listOf(PLATFORMS, PLATFORMS.length),
});

/** A slug free for /games/{slug}: the one asked for must be free; one made from the name gets a number if needed. */
async function freeSlug(tx: Pick<PromotionsDeps["db"], "select">, wanted: string | null, gameName: string): Promise<string> {
  const taken = async (slug: string) =>
    (
      await tx
        .select({ id: featuredGames.id })
        .from(featuredGames)
        .where(sql`lower(${featuredGames.slug}) = ${slug}`)
        .limit(1)
    ).length > 0;
  if (wanted) {
    if (await taken(wanted)) throw new DomainError("promotions.slug_taken");
    return wanted;
  }
  const base = slugify(gameName, "game", 70);
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(slug))) return slug;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}

/**
 * An Admin approves a paid submission (pending_review or pending_approval) into a featured game with a
 * feature type, a duration (the submission's by default) and a start day (today by default: it starts now).
 * One transaction with the submission's row locked: of two Admins approving at once, one wins and the other
 * is told it was decided. A homepage feature must find a free homepage slot on every day of its period (see
 * `lockApprovals` and `assertHomepageSlotFree`: race-safe). The details Markdown is rendered and sanitised as a forum post is.
 * The studio is emailed after the commit.
 */
export async function approveSubmission(
  deps: Pick<PromotionsDeps, "db" | "events" | "settings" | "mailer" | "renderMarkdown" | "siteName" | "baseUrl" | "now" | "log">,
  actor: Actor,
  input: unknown,
) {
  const who = assertTeam(actor, "submission.approve");
  const data = parseInput(approveInput, input);
  const now = deps.now();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  let startsAt = now;
  if (data.startDate) {
    const day = Date.parse(`${data.startDate}T00:00:00Z`);
    if (day < today) throw new DomainError("input.invalid", { fieldErrors: { startDate: "errors:promotions.start_past" } });
    if (day > today) startsAt = new Date(day);
  }
  const { html } = await deps.renderMarkdown(data.detailsMd);
  const { homepageSlots } = await deps.settings.get("featured_offer");
  const events = new PendingEvents();
  const result = await deps.db
    .transaction(async (tx) => {
      await lockApprovals(tx);
      const [sub] = await tx.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, data.submissionId)).for("update");
      if (!sub) throw new DomainError("promotions.submission_not_found");
      if (sub.status === "approved" || sub.status === "rejected") throw new DomainError("promotions.decided");
      if (sub.status !== "pending_review" && sub.status !== "pending_approval") throw new DomainError("promotions.not_reviewable");
      const durationDays = data.durationDays ?? sub.durationDays;
      const endsAt = new Date(startsAt.getTime() + durationDays * DAY_MS);
      if (FEATURE_TYPES_ON_HOMEPAGE.includes(data.featureType))
        await assertHomepageSlotFree(tx, homepageSlots, startsAt, endsAt, durationDays);
      const slug = await freeSlug(tx, data.slug || null, sub.gameName);
      let platforms: string[] = data.platforms;
      if (!platforms.length && sub.companyGameId) {
        const [game] = await tx
          .select({ platforms: companyGames.platforms })
          .from(companyGames)
          .where(eq(companyGames.id, sub.companyGameId));
        platforms = game?.platforms ?? [];
      }
      const id = randomUUID();
      const status = startsAt.getTime() <= now.getTime() ? "active" : "scheduled";
      await tx.insert(featuredGames).values({
        id,
        submissionId: sub.id,
        companyId: sub.companyId,
        companyGameId: sub.companyGameId,
        slug,
        gameName: sub.gameName,
        studioName: sub.studioName,
        shortDescription: sub.shortDescription,
        detailsMd: data.detailsMd,
        detailsHtml: html,
        imageUrl: sub.imageUrl,
        // The same files: the submission's delete keeps what a featured game shows (featured-files.ts).
        screenshots: sub.screenshots,
        storeUrl: sub.storeUrl,
        youtubeVideoId: youtubeVideoId(sub.youtubeUrl),
        releaseStatus: sub.releaseStatus,
        platforms,
        featureType: data.featureType,
        startsAt,
        endsAt,
        scheduleStatus: status,
        approvedBy: who.userId,
        createdAt: now,
        updatedAt: now,
      });
      const moved = await tx
        .update(featuredSubmissions)
        .set({ status: "approved", featureType: data.featureType, decidedBy: who.userId, decidedAt: now, updatedAt: now })
        .where(and(eq(featuredSubmissions.id, sub.id), ne(featuredSubmissions.status, "approved")))
        .returning({ id: featuredSubmissions.id });
      if (!moved.length) throw new DomainError("promotions.decided");
      await recordAudit(tx, who, {
        action: "promotions.submission_approved",
        targetType: "featured_submission",
        targetId: sub.id,
        targetName: sub.gameName,
        details: { featuredGameId: id, featureType: data.featureType, durationDays, startsAt: startsAt.toISOString(), slug },
      });
      events.add("featured.changed", { featuredGameId: id, status, at: now });
      return { featuredGameId: id, slug, startsAt, endsAt, status, sub };
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? new DomainError("promotions.slug_taken") : err;
    });
  await deps.events.publishAll(events.list);
  await sendApprovalMail(deps, result.sub, {
    slug: result.slug,
    startsAt: result.startsAt,
    endsAt: result.endsAt,
    hasPage: FEATURE_TYPES_WITH_PAGE.includes(data.featureType),
  });
  return {
    featuredGameId: result.featuredGameId,
    slug: result.slug,
    status: result.status,
    startsAt: result.startsAt,
    endsAt: result.endsAt,
  };
}
