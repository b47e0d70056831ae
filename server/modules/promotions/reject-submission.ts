import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { sendRejectionMail } from "./decision-mail";
import { parseInput, type PromotionsDeps } from "./deps";
import { refundSubmissionPayment } from "./refund";
import { assertTeam, idField, reasonField } from "./review-input";

const rejectInput = z.object({ submissionId: idField, reason: reasonField });
const REVIEWABLE = ["pending_review", "pending_approval"] as const;

async function reviewable(db: PromotionsDeps["db"], submissionId: string) {
  const [sub] = await db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, submissionId)).limit(1);
  if (!sub) throw new DomainError("promotions.submission_not_found");
  if (sub.status === "approved" || sub.status === "rejected") throw new DomainError("promotions.decided");
  if (sub.status !== "pending_review" && sub.status !== "pending_approval") throw new DomainError("promotions.not_reviewable");
  return sub;
}

/**
 * An Admin rejects a submission in the review queue with a reason the studio reads (cannot be undone). A
 * paid one is refunded first, through the provider (`refundSubmissionPayment`): when the refund fails the
 * rejection does not happen (`promotions.refund_failed`) and the submission stays in the queue. Then one
 * conditional update (a concurrent decision wins or loses cleanly) with its audit row, and the studio's
 * email, in its language, with the reason and what was refunded.
 */
export async function rejectSubmission(deps: PromotionsDeps, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "submission.reject");
  const { submissionId, reason } = parseInput(rejectInput, input);
  const sub = await reviewable(deps.db, submissionId);
  const refund = await refundSubmissionPayment(deps, submissionId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(featuredSubmissions)
      .set({ status: "rejected", rejectionReason: reason, decidedBy: who.userId, decidedAt: now, updatedAt: now })
      .where(and(eq(featuredSubmissions.id, submissionId), inArray(featuredSubmissions.status, [...REVIEWABLE])))
      .returning({ id: featuredSubmissions.id });
    if (!moved.length) throw new DomainError("promotions.decided");
    await recordAudit(tx, who, {
      action: "promotions.submission_rejected",
      targetType: "featured_submission",
      targetId: submissionId,
      targetName: sub.gameName,
      reason,
      details: { refund },
    });
  });
  await sendRejectionMail(deps, sub, reason, refund);
  return { refund };
}
