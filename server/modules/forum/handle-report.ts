import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { reports } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { reasonField } from "./moderation";
import { assertCan } from "./policy";

const handleReportInput = z.object({ reportId: idField, reason: reasonField });
export type HandleReportInput = z.input<typeof handleReportInput>;
type Deps = Pick<ForumDeps, "db" | "now">;

/**
 * Closes an open report (SPEC §4: mark resolved or ignore). Only an open report can be closed: a report
 * another moderator closed first is `forum.report_closed` (the update's `status = 'open'` condition decides
 * between two moderators acting at once). Audited with the moderator's note as the reason.
 */
async function closeReport(deps: Deps, actor: Actor, input: unknown, status: "resolved" | "ignored") {
  assertCan(actor, "report.handle");
  const data = parseInput(handleReportInput, input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const [closed] = await tx
      .update(reports)
      .set({ status, handledBy: actor.userId, handledAt: now })
      .where(and(eq(reports.id, data.reportId), eq(reports.status, "open")))
      .returning({ id: reports.id, postId: reports.postId, reporterId: reports.reporterId });
    if (!closed) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, data.reportId)).limit(1);
      throw new DomainError(exists ? "forum.report_closed" : "not_found");
    }
    await recordAudit(tx, actor, {
      action: status === "resolved" ? "forum.report.resolve" : "forum.report.ignore",
      targetType: "report",
      targetId: closed.id,
      reason: data.reason,
      details: { postId: closed.postId, reporterId: closed.reporterId },
    });
    return { reportId: closed.id, status };
  });
}

/** Marks an open report resolved (moderators): `{ reportId, reason? }`. */
export const resolveReport = (deps: Deps, actor: Actor, input: unknown) => closeReport(deps, actor, input, "resolved");

/** Ignores an open report (moderators): `{ reportId, reason? }`. */
export const ignoreReport = (deps: Deps, actor: Actor, input: unknown) => closeReport(deps, actor, input, "ignored");
