import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { featuredSubmissions } from "#server/db/schema";

type Tx = Pick<Database, "update">;

/**
 * pending_payment → pending_review, once: a successful payment (from its webhook) or a 100% promo code moves
 * the submission into the team's queue. Returns whether this call moved it (a repeated event does not).
 */
export async function markSubmissionPaid(tx: Tx, submissionId: string): Promise<boolean> {
  const moved = await tx
    .update(featuredSubmissions)
    .set({ status: "pending_review", updatedAt: sql`now()` })
    .where(and(eq(featuredSubmissions.id, submissionId), eq(featuredSubmissions.status, "pending_payment")))
    .returning({ id: featuredSubmissions.id });
  return moved.length > 0;
}
