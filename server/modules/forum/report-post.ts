import { randomUUID } from "node:crypto";
import { z } from "zod";
import { reports } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { isUniqueViolation } from "#server/db/unique-violation";
import { DomainError, isDomainError } from "#server/modules/errors";
import { REPORT_REASON_MAX, REPORT_REASON_MIN } from "#shared/forum-limits";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { loadVisiblePost } from "./load-post";
import { assertCan } from "./policy";

export const reportReasonField = z
  .string({ error: "errors:forum.report_reason_length" })
  .trim()
  .min(REPORT_REASON_MIN, "errors:forum.report_reason_length")
  .max(REPORT_REASON_MAX, "errors:forum.report_reason_length");
const reportInput = z.object({ postId: idField, reason: reportReasonField });
export type ReportInput = z.input<typeof reportInput>;

/**
 * Reports a post to the moderators, with a reason (SPEC §3: a report needs a reason; 5 to 1000 characters).
 * One open report per person per post: a second one is `forum.already_reported`, decided by the partial
 * unique index, so two reports sent at once cannot both open. Unexpected failures are
 * `forum.report_failed` ('Failed to submit report.', SPEC §8), with the cause in the log.
 */
export async function reportPost(deps: Pick<ForumDeps, "db" | "now" | "log">, actor: Actor, input: unknown): Promise<{ reportId: string }> {
  assertCan(actor, "forum.write");
  const data = parseInput(reportInput, input);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await assertNotBanned(tx, actor.userId, now);
      const post = await loadVisiblePost(tx, actor, data.postId);
      assertCan(actor, "post.report", { authorId: post.authorId });
      const reportId = randomUUID();
      const inserted = await tx
        .insert(reports)
        .values({ id: reportId, postId: post.id, reporterId: actor.userId, reason: data.reason, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (!inserted.length) throw new DomainError("forum.already_reported");
      return { reportId };
    });
  } catch (err) {
    if (isDomainError(err)) throw err;
    if (isUniqueViolation(err, "reports_one_open_idx")) throw new DomainError("forum.already_reported");
    deps.log.error("report failed", { err, postId: data.postId });
    throw new DomainError("forum.report_failed");
  }
}
