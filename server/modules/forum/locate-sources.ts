import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { forums, posts, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { idField } from "./input";
import { can } from "./policy";
import { threadPath } from "#shared/forum-paths";

const locateInput = z.object({ threadIds: z.array(idField).max(100).default([]), postIds: z.array(idField).max(100).default([]) });

/** Where a thread or post lives: its thread's title and a path (without the language prefix). */
export type SourceLocation = { title: string; path: string };

/**
 * Links to threads and posts by id, for pages that name them elsewhere (a person's XP history). Only what the
 * actor may still open is answered: never a deleted post, and nothing hidden (a hidden post, or anything in a
 * hidden thread) unless the actor is on the team. A post's path is its thread's with `?post=n`, which the
 * thread page turns into the right page and anchor. Two statements at most.
 */
export async function locateSources(
  deps: Pick<ForumDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<{ threads: Record<string, SourceLocation>; posts: Record<string, SourceLocation & { number: number }> }> {
  const d = parseInput(locateInput, input);
  const seeHidden = can(actor, "forum.view_hidden");
  const found = { threads: {} as Record<string, SourceLocation>, posts: {} as Record<string, SourceLocation & { number: number }> };
  if (d.threadIds.length) {
    const rows = await deps.db
      .select({ id: threads.id, title: threads.title, slug: threads.slug, hidden: threads.hidden, forumSlug: forums.slug })
      .from(threads)
      .innerJoin(forums, eq(forums.id, threads.forumId))
      .where(inArray(threads.id, d.threadIds));
    for (const r of rows) if (!r.hidden || seeHidden) found.threads[r.id] = { title: r.title, path: threadPath(r.forumSlug, r.slug) };
  }
  if (d.postIds.length) {
    const rows = await deps.db
      .select({
        id: posts.id,
        number: posts.number,
        hidden: posts.hidden,
        deletedAt: posts.deletedAt,
        title: threads.title,
        slug: threads.slug,
        threadHidden: threads.hidden,
        forumSlug: forums.slug,
      })
      .from(posts)
      .innerJoin(threads, eq(threads.id, posts.threadId))
      .innerJoin(forums, eq(forums.id, threads.forumId))
      .where(inArray(posts.id, d.postIds));
    for (const r of rows) {
      if (r.deletedAt || ((r.hidden || r.threadHidden) && !seeHidden)) continue;
      found.posts[r.id] = { title: r.title, number: r.number, path: `${threadPath(r.forumSlug, r.slug)}?post=${r.number}` };
    }
  }
  return found;
}
