import { eq } from "drizzle-orm";
import { threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { setThreadFlag, type ThreadFlagResult } from "./thread-flags";

type Deps = Pick<ForumDeps, "db" | "events" | "now">;

/** Hides a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.hide`. */
export const hideThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> =>
  setThreadFlag(deps, actor, input, "hidden", true, "forum.thread.hide");

/**
 * Publishes a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.publish`. Once committed,
 * publishes `content.unhidden` (the XP the thread earned comes back).
 */
export async function unhideThread(deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> {
  const result = await setThreadFlag(deps, actor, input, "hidden", false, "forum.thread.publish");
  if (result.changed) {
    const [t] = await deps.db.select({ authorId: threads.authorId }).from(threads).where(eq(threads.id, result.threadId)).limit(1);
    await deps.events.publish("content.unhidden", {
      kind: "thread",
      id: result.threadId,
      threadId: result.threadId,
      authorId: t?.authorId ?? null,
      by: actor!.userId,
      at: deps.now(),
    });
  }
  return result;
}
