import type { Actor } from "../accounts/actor";
import type { ForumDeps } from "./deps";
import { setThreadFlag, type ThreadFlagResult } from "./thread-flags";

type Deps = Pick<ForumDeps, "db" | "events" | "now">;

/** Hides a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.hide`. */
export const hideThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> => setThreadFlag(deps, actor, input, "hidden", true, "forum.thread.hide");

/** Publishes a thread (moderators): `{ threadId, reason? }`, audited as `forum.thread.publish`. */
export const unhideThread = (deps: Deps, actor: Actor, input: unknown): Promise<ThreadFlagResult> => setThreadFlag(deps, actor, input, "hidden", false, "forum.thread.publish");
