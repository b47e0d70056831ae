import { eq } from "drizzle-orm";
import { z } from "zod";
import { featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type PromotionsDeps } from "./deps";
import { featuredFilesInUse } from "./featured-files";
import { heldPayment, getSubmission } from "./list-submissions";
import { assertTeam, idField } from "./review-input";

const deleteInput = z.object({ submissionId: idField });

/**
 * An Admin deletes a submission (its payments go with it) and its image and screenshots from storage. A
 * submission whose payment succeeded and was not refunded cannot be deleted: the studio's money would lose its
 * record (reject it first, which refunds it). A file stays while a featured game made from the submission (or
 * anything else) still shows it.
 */
export async function deleteSubmission(deps: Pick<PromotionsDeps, "db" | "storage" | "log">, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "submission.delete");
  const { submissionId } = parseInput(deleteInput, input);
  const unused = await deps.db.transaction(async (tx) => {
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
    const files = [sub.imageUrl, ...sub.screenshots];
    const inUse = await featuredFilesInUse(tx, files);
    return files.filter((url) => !inUse.has(url));
  });
  for (const url of unused) {
    const key = deps.storage.keyOf(url);
    if (key) await deps.storage.remove(key).catch((err) => deps.log.warn("submission image not removed", { err, key }));
  }
}
