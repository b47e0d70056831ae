import { z } from "zod";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { setHidden } from "./hiding";
import { idField } from "./input";
import { loadPostForUpdate } from "./load-post";
import { reasonField } from "./moderation";
import { assertCan } from "./policy";

const hidePostInput = z.object({ postId: idField, reason: reasonField });
export type HidePostResult = { postId: string; threadId: string; changed: boolean };
type Deps = Pick<ForumDeps, "db" | "events" | "now">;

async function setPostHidden(deps: Deps, actor: Actor, input: unknown, hidden: boolean): Promise<HidePostResult> {
  assertCan(actor, "post.hide");
  const data = parseInput(hidePostInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const post = await loadPostForUpdate(tx, actor, data.postId);
    if (hidden) assertCan(actor, "post.hide", { firstPost: post.number === 1 });
    const changed = await setHidden(tx, actor, events, { kind: "post", post }, hidden, { reason: data.reason, now });
    return { postId: post.id, threadId: post.threadId, changed };
  });
  await deps.events.publishAll(events.list);
  return result;
}

/**
 * Hides a reply (moderators): readers see a trace in its place, moderators still see it. The opening post is
 * hidden with its thread (`hideThread`), not alone. `{ postId, reason? }`, audited as `forum.post.hide`. Hiding
 * the thread's accepted answer takes the thread's resolved state away (see `setHidden`).
 */
export const hidePost = (deps: Deps, actor: Actor, input: unknown) => setPostHidden(deps, actor, input, true);

/**
 * Publishes a hidden post again (moderators), audited as `forum.post.publish`; publishes `content.unhidden`.
 * An accepted answer marks its thread resolved again.
 */
export const unhidePost = (deps: Deps, actor: Actor, input: unknown) => setPostHidden(deps, actor, input, false);
