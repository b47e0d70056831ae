import { eq } from "drizzle-orm";
import { z } from "zod";
import { posts } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { loadPostForUpdate } from "./load-post";
import { reasonField } from "./moderation";
import { assertCan } from "./policy";

const hidePostInput = z.object({ postId: idField, reason: reasonField });
export type HidePostResult = { postId: string; threadId: string; changed: boolean };
type Deps = Pick<ForumDeps, "db" | "events" | "now">;

async function setPostHidden(deps: Deps, actor: Actor, input: unknown, hidden: boolean): Promise<HidePostResult> {
  assertCan(actor, "forum.moderate");
  const data = parseInput(hidePostInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const post = await loadPostForUpdate(tx, actor, data.postId);
    if (post.number === 1 && hidden) throw new DomainError("forum.first_post_hide");
    if (post.hidden === hidden) return { postId: post.id, threadId: post.threadId, changed: false };
    await tx.update(posts).set({ hidden }).where(eq(posts.id, post.id));
    await recordAudit(tx, actor, {
      action: hidden ? "forum.post.hide" : "forum.post.publish",
      targetType: "post",
      targetId: post.id,
      targetName: `${post.title} #${post.number}`,
      reason: data.reason,
      details: { threadId: post.threadId, authorId: post.authorId, number: post.number },
    });
    if (hidden)
      events.add("content.hidden", {
        kind: "post",
        id: post.id,
        threadId: post.threadId,
        authorId: post.authorId,
        by: actor.userId,
        reason: data.reason,
        at: now,
      });
    else
      events.add("content.unhidden", {
        kind: "post",
        id: post.id,
        threadId: post.threadId,
        authorId: post.authorId,
        by: actor.userId,
        at: now,
      });
    return { postId: post.id, threadId: post.threadId, changed: true };
  });
  await deps.events.publishAll(events.list);
  return result;
}

/**
 * Hides a reply (moderators): readers see a trace in its place, moderators still see it. The opening post is
 * hidden with its thread (`hideThread`), not alone. `{ postId, reason? }`, audited as `forum.post.hide`.
 */
export const hidePost = (deps: Deps, actor: Actor, input: unknown) => setPostHidden(deps, actor, input, true);

/** Publishes a hidden post again (moderators), audited as `forum.post.publish`; publishes `content.unhidden`. */
export const unhidePost = (deps: Deps, actor: Actor, input: unknown) => setPostHidden(deps, actor, input, false);
