import { and, eq, like, or } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { threads, threadSlugHistory } from "#server/db/schema";
import { slugify } from "#shared/slugify";

/** A thread's slug from its title: accents transliterated ("¿Qué tal, Ñandú?" → "que-tal-nandu"). */
export const threadSlug = (title: string) => slugify(title, "thread", 80);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The first free slug in a forum for `base`: "base", then "base-2", "base-3"… A slug is taken when a thread
 * has it now or had it before (old links keep redirecting to their thread), except the thread's own old slugs.
 */
export async function freeThreadSlug(db: Pick<Database, "select">, forumId: string, base: string, threadId?: string): Promise<string> {
  const pattern = `${escapeLike(base)}-%`;
  const current = await db
    .select({ slug: threads.slug, id: threads.id })
    .from(threads)
    .where(and(eq(threads.forumId, forumId), or(eq(threads.slug, base), like(threads.slug, pattern))));
  const old = await db
    .select({ slug: threadSlugHistory.slug, id: threadSlugHistory.threadId })
    .from(threadSlugHistory)
    .where(and(eq(threadSlugHistory.forumId, forumId), or(eq(threadSlugHistory.slug, base), like(threadSlugHistory.slug, pattern))));
  const taken = new Set([...current, ...old].filter((r) => r.id !== threadId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
