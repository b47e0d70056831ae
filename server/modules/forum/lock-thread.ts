import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { setThreadFlag, type ThreadFlagResult } from "./thread-flags";

type Deps = Pick<ForumDeps, "db" | "events" | "now">;

/** Locks a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.lock`. */
export const lockThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> =>
  setThreadFlag(deps, actor, input, "thread.lock", true, "forum.thread.lock");

/** Unlocks a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.unlock`. */
export const unlockThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> =>
  setThreadFlag(deps, actor, input, "thread.lock", false, "forum.thread.unlock");
