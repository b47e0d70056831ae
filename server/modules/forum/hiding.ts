import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { posts, threads } from "#server/db/schema";
import type { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";

type Tx = Pick<Database, "update" | "insert">;

/** A thread row the caller locked (`lockThread`). */
export type HidableThread = { id: string; title: string; forumId: string; authorId: string | null; hidden: boolean };
/** A reply and its thread, rows the caller locked (`loadPostForUpdate`, or the report queue's own query). */
export type HidablePost = {
  id: string;
  number: number;
  authorId: string | null;
  hidden: boolean;
  threadId: string;
  title: string;
  threadAuthorId: string | null;
  acceptedPostId: string | null;
};
export type HidingTarget = { kind: "thread"; thread: HidableThread } | { kind: "post"; post: HidablePost };

/**
 * The one place where content is hidden or published again (moderators' `hidePost`/`unhidePost`,
 * `hideThread`/`unhideThread`, and the report queue's "resolve and hide"), inside the caller's transaction,
 * on rows the caller locked and after it checked the permission:
 * - the write (`posts.hidden`, or `threads.hidden` and its `updatedAt`);
 * - its audit row (`forum.post.hide`/`forum.post.publish`, `forum.thread.hide`/`forum.thread.publish`) with the
 *   moderator's reason and the caller's extra details;
 * - the event published after the commit (`content.hidden` with the reason, or `content.unhidden`);
 * - for the thread's accepted answer: hiding it takes the thread's resolved state away (`answer.withdrawn`, the
 *   thread's author is told), publishing it again gives it back. The thread keeps `acceptedPostId`, so the
 *   answer its author chose comes back with the post (accepting another reply meanwhile replaces it).
 * Content already in the asked state changes nothing and writes nothing (returns false). The opening post is
 * never hidden alone: it goes with its thread (`forum.first_post_hide`).
 */
export async function setHidden(
  tx: Tx,
  actor: NonNullable<Actor>,
  events: PendingEvents,
  target: HidingTarget,
  hidden: boolean,
  opts: { reason: string | null; now: Date; details?: Record<string, unknown> },
): Promise<boolean> {
  const { reason, now } = opts;
  if (target.kind === "thread") {
    const t = target.thread;
    if (t.hidden === hidden) return false;
    await tx.update(threads).set({ hidden, updatedAt: now }).where(eq(threads.id, t.id));
    await recordAudit(tx, actor, {
      action: hidden ? "forum.thread.hide" : "forum.thread.publish",
      targetType: "thread",
      targetId: t.id,
      targetName: t.title,
      reason,
      details: { forumId: t.forumId, authorId: t.authorId, ...opts.details },
    });
    const ref = { kind: "thread" as const, id: t.id, threadId: t.id, authorId: t.authorId, by: actor.userId, at: now };
    if (hidden) events.add("content.hidden", { ...ref, reason });
    else events.add("content.unhidden", ref);
    return true;
  }

  const p = target.post;
  if (p.number === 1 && hidden) throw new DomainError("forum.first_post_hide");
  if (p.hidden === hidden) return false;
  const answer = p.acceptedPostId === p.id;
  await tx.update(posts).set({ hidden }).where(eq(posts.id, p.id));
  if (answer) await tx.update(threads).set({ resolved: !hidden, updatedAt: now }).where(eq(threads.id, p.threadId));
  await recordAudit(tx, actor, {
    action: hidden ? "forum.post.hide" : "forum.post.publish",
    targetType: "post",
    targetId: p.id,
    targetName: `${p.title} #${p.number}`,
    reason,
    details: {
      threadId: p.threadId,
      authorId: p.authorId,
      number: p.number,
      ...(answer ? { acceptedAnswer: hidden ? "withdrawn" : "restored" } : {}),
      ...opts.details,
    },
  });
  const ref = { kind: "post" as const, id: p.id, threadId: p.threadId, authorId: p.authorId, by: actor.userId, at: now };
  if (hidden) events.add("content.hidden", { ...ref, reason });
  else events.add("content.unhidden", ref);
  if (answer && hidden)
    events.add("answer.withdrawn", {
      threadId: p.threadId,
      postId: p.id,
      threadAuthorId: p.threadAuthorId,
      by: actor.userId,
      cause: "hidden",
      at: now,
    });
  return true;
}
