import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type PromotionsDeps } from "./deps";
import { assertTeam, idField, noteField } from "./review-input";

const checkInput = z.object({ submissionId: idField, note: noteField });

/**
 * A Moderator (or Admin) marks a paid submission's content as checked, with an optional note for the Admin
 * who decides: pending_review → pending_approval, by one conditional update (a second check finds nothing).
 */
export async function checkSubmission(deps: Pick<PromotionsDeps, "db" | "now">, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "submission.check");
  const { submissionId, note } = parseInput(checkInput, input);
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(featuredSubmissions)
      .set({ status: "pending_approval", reviewNote: note, updatedAt: deps.now() })
      .where(and(eq(featuredSubmissions.id, submissionId), eq(featuredSubmissions.status, "pending_review")))
      .returning({ id: featuredSubmissions.id, gameName: featuredSubmissions.gameName });
    if (!moved) {
      const [row] = await tx
        .select({ status: featuredSubmissions.status })
        .from(featuredSubmissions)
        .where(eq(featuredSubmissions.id, submissionId));
      if (!row) throw new DomainError("promotions.submission_not_found");
      throw new DomainError(row.status === "approved" || row.status === "rejected" ? "promotions.decided" : "promotions.not_reviewable");
    }
    await recordAudit(tx, who, {
      action: "promotions.submission_checked",
      targetType: "featured_submission",
      targetId: submissionId,
      targetName: moved.gameName,
      reason: note,
    });
  });
}
