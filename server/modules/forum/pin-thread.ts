import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { setThreadFlag, type ThreadFlagResult } from "./thread-flags";

type Deps = Pick<ForumDeps, "db" | "events" | "now">;

/** Pins a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.pin`. */
export const pinThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> =>
  setThreadFlag(deps, actor, input, "thread.pin", true, "forum.thread.pin");

/** Unpins a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.unpin`. */
export const unpinThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> =>
  setThreadFlag(deps, actor, input, "thread.pin", false, "forum.thread.unpin");
