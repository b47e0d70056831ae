import { eq } from "drizzle-orm";
import { z } from "zod";
import { threads } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { lockThread, reasonField } from "./moderation";
import { assertCan } from "./policy";

const threadFlagInput = z.object({ threadId: idField, reason: reasonField });
export type ThreadFlagInput = z.input<typeof threadFlagInput>;
export type ThreadFlag = "pinned" | "locked" | "hidden";
export type ThreadFlagResult = { threadId: string; changed: boolean };

/**
 * Sets one of a thread's moderation flags (pinned, locked, hidden) for a moderator. Setting a flag to the
 * value it already has changes nothing and writes no audit row; otherwise the change and its audit row
 * (who, what, on what, why; `created_at` is when) share one transaction. Hiding publishes `content.hidden`.
 */
export async function setThreadFlag(
  deps: Pick<ForumDeps, "db" | "events" | "now">,
  actor: Actor,
  input: unknown,
  flag: ThreadFlag,
  value: boolean,
  auditAction: string,
): Promise<ThreadFlagResult> {
  assertCan(actor, "forum.moderate");
  const data = parseInput(threadFlagInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const t = await lockThread(tx, data.threadId);
    if (t[flag] === value) return { threadId: t.id, changed: false };
    await tx
      .update(threads)
      .set({ [flag]: value, updatedAt: now })
      .where(eq(threads.id, t.id));
    await recordAudit(tx, actor, {
      action: auditAction,
      targetType: "thread",
      targetId: t.id,
      targetName: t.title,
      reason: data.reason,
      details: { forumId: t.forumId, authorId: t.authorId },
    });
    if (flag === "hidden" && value)
      events.add("content.hidden", {
        kind: "thread",
        id: t.id,
        threadId: t.id,
        authorId: t.authorId,
        by: actor.userId,
        reason: data.reason,
        at: now,
      });
    return { threadId: t.id, changed: true };
  });
  await deps.events.publishAll(events.list);
  return result;
}
