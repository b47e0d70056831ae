import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { posts, reports, threads } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { setHidden } from "./hiding";
import { idField } from "./input";
import { reasonField } from "./moderation";
import { assertCan } from "./policy";

const input = z.object({ reportId: idField, reason: reasonField });
export type ResolveReportHidingInput = z.input<typeof input>;
type Deps = Pick<ForumDeps, "db" | "events" | "now">;

/**
 * Resolves an open report and hides what it points at, in one step and one transaction (moderators, from the
 * report queue): a reply is hidden alone; an opening post is hidden with its thread, as `hideThread` would.
 * The post's other open reports are resolved with it. The note is the reason of both audit rows
 * (`forum.post.hide` or `forum.thread.hide`, then `forum.report.resolve`) and of the author's notification.
 * The hiding itself is `setHidden` (hiding.ts), as for `hidePost` and `hideThread`.
 */
export async function resolveReportHiding(
  deps: Deps,
  actor: Actor,
  raw: unknown,
): Promise<{ reportId: string; hidden: "post" | "thread" | null; alsoResolved: string[] }> {
  assertCan(actor, "report.handle");
  const data = parseInput(input, raw);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    // The status condition decides between two moderators acting at once (as in handle-report.ts).
    const [closed] = await tx
      .update(reports)
      .set({ status: "resolved", handledBy: actor.userId, handledAt: now })
      .where(and(eq(reports.id, data.reportId), eq(reports.status, "open")))
      .returning({ id: reports.id, postId: reports.postId, reporterId: reports.reporterId });
    if (!closed) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, data.reportId)).limit(1);
      throw new DomainError(exists ? "forum.report_closed" : "not_found");
    }
    const [post] = await tx
      .select({
        id: posts.id,
        number: posts.number,
        hidden: posts.hidden,
        deletedAt: posts.deletedAt,
        authorId: posts.authorId,
        threadId: threads.id,
        title: threads.title,
        forumId: threads.forumId,
        threadAuthorId: threads.authorId,
        threadHidden: threads.hidden,
        acceptedPostId: threads.acceptedPostId,
      })
      .from(posts)
      .innerJoin(threads, eq(threads.id, posts.threadId))
      .where(eq(posts.id, closed.postId))
      .for("update");

    let hidden: "post" | "thread" | null = null;
    // A deleted post is already out of sight: the report is only resolved.
    if (post && !post.deletedAt) {
      const details = { reportId: closed.id };
      const opts = { reason: data.reason, now, details };
      if (post.number === 1) {
        assertCan(actor, "thread.hide");
        const thread = {
          id: post.threadId,
          title: post.title,
          forumId: post.forumId,
          authorId: post.threadAuthorId,
          hidden: post.threadHidden,
        };
        if (await setHidden(tx, actor, events, { kind: "thread", thread }, true, opts)) hidden = "thread";
      } else {
        assertCan(actor, "post.hide");
        if (await setHidden(tx, actor, events, { kind: "post", post }, true, opts)) hidden = "post";
      }
    }
    const others = await tx
      .update(reports)
      .set({ status: "resolved", handledBy: actor.userId, handledAt: now })
      .where(and(eq(reports.postId, closed.postId), eq(reports.status, "open")))
      .returning({ id: reports.id });
    const alsoResolved = others.map((r) => r.id);
    await recordAudit(tx, actor, {
      action: "forum.report.resolve",
      targetType: "report",
      targetId: closed.id,
      reason: data.reason,
      details: { postId: closed.postId, reporterId: closed.reporterId, hidden, alsoResolved },
    });
    return { reportId: closed.id, hidden, alsoResolved };
  });
  await deps.events.publishAll(events.list);
  return result;
}
