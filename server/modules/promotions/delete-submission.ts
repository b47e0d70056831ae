import { eq } from "drizzle-orm";
import { z } from "zod";
import { featuredGames, featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type PromotionsDeps } from "./deps";
import { heldPayment, getSubmission } from "./list-submissions";
import { assertTeam, idField } from "./review-input";

const deleteInput = z.object({ submissionId: idField });

/**
 * An Admin deletes a submission (its payments go with it) and its image from storage. A submission whose
 * payment succeeded and was not refunded cannot be deleted: the studio's money would lose its record (reject
 * it first, which refunds it). The image stays while a featured game made from the submission still shows it.
 */
export async function deleteSubmission(deps: Pick<PromotionsDeps, "db" | "storage" | "log">, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "submission.delete");
  const { submissionId } = parseInput(deleteInput, input);
  const imageUrl = await deps.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, submissionId)).for("update");
    if (!sub) throw new DomainError("promotions.submission_not_found");
    const { payment } = await getSubmission({ db: tx as unknown as PromotionsDeps["db"] }, who, { submissionId });
    if (heldPayment(payment)) throw new DomainError("promotions.paid_not_refunded");
    await tx.delete(featuredSubmissions).where(eq(featuredSubmissions.id, submissionId));
    await recordAudit(tx, who, {
      action: "promotions.submission_deleted",
      targetType: "featured_submission",
      targetId: submissionId,
      targetName: sub.gameName,
      details: { status: sub.status, studioName: sub.studioName },
    });
    const [inUse] = await tx.select({ id: featuredGames.id }).from(featuredGames).where(eq(featuredGames.imageUrl, sub.imageUrl)).limit(1);
    return inUse ? null : sub.imageUrl;
  });
  const key = deps.storage.keyOf(imageUrl);
  if (key) await deps.storage.remove(key).catch((err) => deps.log.warn("submission image not removed", { err, key }));
}
