import { eq } from "drizzle-orm";
import { z } from "zod";
import { threads } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { loadPostForUpdate } from "./load-post";
import { assertCan, can } from "./policy";
import { lockThread } from "./moderation";

const acceptInput = z.object({ postId: idField });
const unacceptInput = z.object({ threadId: idField });
export type AcceptResult = { threadId: string; acceptedPostId: string | null; changed: boolean };

/**
 * Accepts a reply as the thread's answer: the thread's author or a moderator, never the opening post (the
 * question), never a hidden post. The thread becomes resolved; accepting another reply replaces the answer.
 * When a moderator accepts on someone else's thread the act is moderation, and is audited.
 */
export async function acceptAnswer(deps: Pick<ForumDeps, "db" | "events" | "now">, actor: Actor, input: unknown): Promise<AcceptResult> {
  assertCan(actor, "forum.write");
  const { postId } = parseInput(acceptInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const post = await loadPostForUpdate(tx, actor, postId);
    assertCan(actor, "thread.accept_answer", { threadAuthorId: post.threadAuthorId });
    if (post.number === 1) throw new DomainError("forum.accept_first_post");
    if (post.hidden) throw new DomainError("not_found");
    if (post.acceptedPostId === post.id) return { threadId: post.threadId, acceptedPostId: post.id, changed: false };
    await tx.update(threads).set({ acceptedPostId: post.id, resolved: true, updatedAt: now }).where(eq(threads.id, post.threadId));
    if (post.threadAuthorId !== actor.userId) {
      await recordAudit(tx, actor, {
        action: "forum.answer.accept",
        targetType: "thread",
        targetId: post.threadId,
        targetName: post.title,
        details: { postId: post.id, previous: post.acceptedPostId },
      });
    }
    events.add("answer.accepted", {
      threadId: post.threadId,
      postId: post.id,
      acceptedBy: actor.userId,
      postAuthorId: post.authorId,
      at: now,
    });
    return { threadId: post.threadId, acceptedPostId: post.id, changed: true };
  });
  await deps.events.publishAll(events.list);
  return result;
}

/** Takes the accepted answer back: the thread is no longer resolved. Without an answer it changes nothing. */
export async function unacceptAnswer(deps: Pick<ForumDeps, "db" | "now">, actor: Actor, input: unknown): Promise<AcceptResult> {
  assertCan(actor, "forum.write");
  const { threadId } = parseInput(unacceptInput, input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const t = await lockThread(tx, threadId);
    if (t.hidden && !can(actor, "forum.view_hidden")) throw new DomainError("not_found");
    assertCan(actor, "thread.accept_answer", { threadAuthorId: t.authorId });
    if (!t.acceptedPostId) return { threadId: t.id, acceptedPostId: null, changed: false };
    await tx.update(threads).set({ acceptedPostId: null, resolved: false, updatedAt: now }).where(eq(threads.id, t.id));
    if (t.authorId !== actor.userId) {
      await recordAudit(tx, actor, {
        action: "forum.answer.unaccept",
        targetType: "thread",
        targetId: t.id,
        targetName: t.title,
        details: { postId: t.acceptedPostId },
      });
    }
    return { threadId: t.id, acceptedPostId: null, changed: true };
  });
}
