import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { achievements, companyProfiles, forumCategories, forums, forumTags, posts, profiles, threads } from "#server/db/schema";
import { forumPath, postLinkPath, threadPath } from "#shared/forum-paths";

/**
 * What the ids of an audit page point to today, so the log reads as names and links instead of UUIDs: the
 * people (actors, targets, reporters), the threads and posts (with their addresses), the companies, forums,
 * categories, tags and achievements. One query per kind for the whole page, never one per row; an id whose
 * row is gone is simply absent (the page falls back to the name stored with the entry).
 */
export type AuditRefs = {
  users: Record<string, { username: string }>;
  threads: Record<string, { title: string; path: string }>;
  posts: Record<string, { number: number; threadTitle: string; path: string }>;
  companies: Record<string, { name: string; path: string }>;
  forums: Record<string, { titleEs: string; titleEn: string; path: string }>;
  categories: Record<string, { titleEs: string; titleEn: string }>;
  tags: Record<string, { nameEs: string; nameEn: string }>;
  achievements: Record<string, { key: string; nameKey: string; nameEs: string | null; nameEn: string | null }>;
};

type Row = { actorId: string | null; targetType: string; targetId: string; details: Record<string, unknown> };

const str = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 200 ? v : null);

/** The ids a page of entries mentions, by kind (the target, and the ids kept in the details). */
export function idsOf(rows: Row[]) {
  const ids = {
    users: new Set<string>(),
    threads: new Set<string>(),
    posts: new Set<string>(),
    companies: new Set<string>(),
    forums: new Set<string>(),
    categories: new Set<string>(),
    tags: new Set<string>(),
    achievements: new Set<string>(),
  };
  const add = (set: Set<string>, v: unknown) => {
    const s = str(v);
    if (s) set.add(s);
  };
  const byType: Record<string, Set<string>> = {
    user: ids.users,
    thread: ids.threads,
    post: ids.posts,
    company: ids.companies,
    forum: ids.forums,
    category: ids.categories,
    tag: ids.tags,
    achievement: ids.achievements,
  };
  for (const r of rows) {
    add(ids.users, r.actorId);
    if (byType[r.targetType]) add(byType[r.targetType], r.targetId);
    const d = r.details ?? {};
    add(ids.users, d.reporterId);
    add(ids.posts, d.postId);
    add(ids.posts, d.previous);
    add(ids.threads, d.threadId);
    add(ids.categories, d.categoryId);
    for (const side of [d.before, d.after]) {
      if (side && typeof side === "object") add(ids.categories, (side as Record<string, unknown>).categoryId);
    }
  }
  return ids;
}

export async function resolveAuditRefs(db: Database, rows: Row[]): Promise<AuditRefs> {
  const ids = idsOf(rows);
  const list = (s: Set<string>) => [...s];
  const when = async <T>(s: Set<string>, q: (ids: string[]) => Promise<T[]>): Promise<T[]> => (s.size ? q(list(s)) : []);
  const [users, threadRows, postRows, companyRows, forumRows, categoryRows, tagRows, achievementRows] = await Promise.all([
    when(ids.users, (v) => db.select({ id: profiles.id, username: profiles.username }).from(profiles).where(inArray(profiles.id, v))),
    when(ids.threads, (v) =>
      db
        .select({ id: threads.id, title: threads.title, slug: threads.slug, forumSlug: forums.slug })
        .from(threads)
        .innerJoin(forums, eq(forums.id, threads.forumId))
        .where(inArray(threads.id, v)),
    ),
    when(ids.posts, (v) =>
      db
        .select({ id: posts.id, number: posts.number, title: threads.title, slug: threads.slug, forumSlug: forums.slug })
        .from(posts)
        .innerJoin(threads, eq(threads.id, posts.threadId))
        .innerJoin(forums, eq(forums.id, threads.forumId))
        .where(inArray(posts.id, v)),
    ),
    when(ids.companies, (v) =>
      db
        .select({
          id: companyProfiles.id,
          name: companyProfiles.companyName,
          slug: companyProfiles.slug,
          verified: companyProfiles.verified,
          rejected: sql<boolean>`${companyProfiles.rejectionReason} is not null`,
        })
        .from(companyProfiles)
        .where(inArray(companyProfiles.id, v)),
    ),
    when(ids.forums, (v) =>
      db
        .select({ id: forums.id, titleEs: forums.titleEs, titleEn: forums.titleEn, slug: forums.slug })
        .from(forums)
        .where(inArray(forums.id, v)),
    ),
    when(ids.categories, (v) =>
      db
        .select({ id: forumCategories.id, titleEs: forumCategories.titleEs, titleEn: forumCategories.titleEn })
        .from(forumCategories)
        .where(inArray(forumCategories.id, v)),
    ),
    when(ids.tags, (v) =>
      db.select({ id: forumTags.id, nameEs: forumTags.nameEs, nameEn: forumTags.nameEn }).from(forumTags).where(inArray(forumTags.id, v)),
    ),
    when(ids.achievements, (v) =>
      db
        .select({
          id: achievements.id,
          key: achievements.key,
          nameKey: achievements.nameKey,
          nameEs: achievements.nameEs,
          nameEn: achievements.nameEn,
        })
        .from(achievements)
        .where(inArray(achievements.id, v)),
    ),
  ]);
  const byId = <T extends { id: string }, V>(rows: T[], f: (r: T) => V) => Object.fromEntries(rows.map((r) => [r.id, f(r)]));
  return {
    users: byId(users, (r) => ({ username: r.username })),
    threads: byId(threadRows, (r) => ({ title: r.title, path: threadPath(r.forumSlug, r.slug) })),
    posts: byId(postRows, (r) => ({ number: r.number, threadTitle: r.title, path: postLinkPath(r.forumSlug, r.slug, r.number) })),
    // A verified company's public page; the others have none, so their row in the admin list (found by name).
    companies: byId(companyRows, (r) => ({
      name: r.name,
      path: r.verified
        ? `/company/${r.slug}`
        : `/admin/companies?status=${r.rejected ? "rejected" : "pending"}&q=${encodeURIComponent(r.name)}`,
    })),
    forums: byId(forumRows, (r) => ({ titleEs: r.titleEs, titleEn: r.titleEn, path: forumPath(r.slug) })),
    categories: byId(categoryRows, (r) => ({ titleEs: r.titleEs, titleEn: r.titleEn })),
    tags: byId(tagRows, (r) => ({ nameEs: r.nameEs, nameEn: r.nameEn })),
    achievements: byId(achievementRows, (r) => ({ key: r.key, nameKey: r.nameKey, nameEs: r.nameEs, nameEn: r.nameEn })),
  };
}
