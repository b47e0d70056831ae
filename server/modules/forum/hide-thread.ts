import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { setHidden } from "./hiding";
import { lockThread } from "./moderation";
import { assertCan } from "./policy";
import { threadFlagInput, type ThreadFlagResult } from "./thread-flags";

type Deps = Pick<ForumDeps, "db" | "events" | "now">;

async function setThreadHidden(deps: Deps, actor: Actor, input: unknown, hidden: boolean): Promise<ThreadFlagResult> {
  assertCan(actor, "thread.hide");
  const data = parseInput(threadFlagInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const thread = await lockThread(tx, data.threadId);
    const changed = await setHidden(tx, actor, events, { kind: "thread", thread }, hidden, { reason: data.reason, now });
    return { threadId: thread.id, changed };
  });
  await deps.events.publishAll(events.list);
  return result;
}

/** Hides a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.hide`; publishes `content.hidden`. */
export const hideThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> =>
  setThreadHidden(deps, actor, input, true);

/**
 * Publishes a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.publish`. Once committed,
 * publishes `content.unhidden` (the XP the thread earned comes back).
 */
export const unhideThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> =>
  setThreadHidden(deps, actor, input, false);
