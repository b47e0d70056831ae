import { and, asc, gt, gte, isNotNull, or } from "drizzle-orm";
import { postLikes, posts, threads } from "#server/db/schema";
import type { GamificationDeps } from "./deps";
import { runSession } from "./session";
import { syncLike, syncPost, syncThread } from "./sync";

type Source = { kind: "thread" | "post"; id: string; at: Date } | { kind: "like"; id: string; userId: string; at: Date };

/**
 * Replays the forum through the award functions (the same syncs the event listeners run), oldest first, one
 * transaction per source: every thread, reply and like gets the XP, counters, levels and achievements it
 * should have, and nothing that already agrees changes. `since` limits it to sources created (or, for threads
 * and posts, changed or deleted) from that time: the daily reconcile catches events lost between a forum
 * commit and its listener. `historic` dates each session at its source's time (the demo seed: achievements
 * and level-ups then read as they would have happened); otherwise at now.
 */
export async function replayForum(
  deps: Pick<GamificationDeps, "db" | "settings" | "events" | "modifiers" | "now">,
  opts: { since?: Date; historic?: boolean } = {},
): Promise<{ sources: number }> {
  const since = opts.since;
  const threadRows = await deps.db
    .select({ id: threads.id, at: threads.createdAt })
    .from(threads)
    .where(since ? or(gte(threads.createdAt, since), gte(threads.updatedAt, since)) : undefined);
  const postRows = await deps.db
    .select({ id: posts.id, at: posts.createdAt })
    .from(posts)
    .where(
      and(
        gt(posts.number, 1),
        since ? or(gte(posts.createdAt, since), and(isNotNull(posts.deletedAt), gte(posts.deletedAt, since))) : undefined,
      ),
    );
  const likeRows = await deps.db
    .select({ id: postLikes.postId, userId: postLikes.userId, at: postLikes.createdAt })
    .from(postLikes)
    .where(since ? gte(postLikes.createdAt, since) : undefined)
    .orderBy(asc(postLikes.createdAt));
  const sources: Source[] = [
    ...threadRows.map((r) => ({ kind: "thread" as const, ...r })),
    ...postRows.map((r) => ({ kind: "post" as const, ...r })),
    ...likeRows.map((r) => ({ kind: "like" as const, ...r })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === "like" ? 1 : 0) - (b.kind === "like" ? 1 : 0));
  for (const src of sources) {
    const at = opts.historic ? src.at : deps.now();
    await runSession(deps, at, (s) => {
      if (src.kind === "like") return syncLike(s, src.id, src.userId);
      return src.kind === "thread" ? syncThread(s, src.id) : syncPost(s, src.id);
    });
  }
  return { sources: sources.length };
}
