import { eq } from "drizzle-orm";
import { z } from "zod";
import { threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { lockThread, reasonField } from "./moderation";
import { assertCan, type ForumAction } from "./policy";

export const threadFlagInput = z.object({ threadId: idField, reason: reasonField });
export type ThreadFlagInput = z.input<typeof threadFlagInput>;
export type ThreadFlag = "pinned" | "locked";
export type ThreadFlagResult = { threadId: string; changed: boolean };

/**
 * Sets one of a thread's moderation flags (pinned, locked) for a moderator, after checking the flag's own
 * action (`thread.pin`, `thread.lock`). Setting a flag to the value it already has changes nothing and writes
 * no audit row; otherwise the change and its audit row (who, what, on what, why; `created_at` is when) share
 * one transaction. Hiding a thread is `setHidden` (hiding.ts).
 */
export async function setThreadFlag(
  deps: Pick<ForumDeps, "db" | "now">,
  actor: Actor,
  input: unknown,
  action: Extract<ForumAction, "thread.pin" | "thread.lock">,
  value: boolean,
  auditAction: string,
): Promise<ThreadFlagResult> {
  assertCan(actor, action);
  const flag: ThreadFlag = action === "thread.pin" ? "pinned" : "locked";
  const data = parseInput(threadFlagInput, input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
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
    return { threadId: t.id, changed: true };
  });
}
