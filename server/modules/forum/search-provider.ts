import { sql } from "drizzle-orm";
import {
  headline,
  SNIPPET_OPTIONS,
  toSegments,
  WHOLE_OPTIONS,
  WHOLE_TEXT_MAX,
  cappedCount,
  rowsOf,
  score,
  tsQuery,
  type PostHit,
  type SearchProvider,
  type ThreadHit,
} from "#server/modules/search";
import { threadPath } from "#shared/forum-paths";

/**
 * The forum's two sections: threads whose title matches and posts whose text matches. What a visitor could
 * not open never appears, whoever searches (moderators find hidden content in the moderation queue, not
 * here): hidden threads and everything in them, hidden and deleted posts, and the whole forum while the
 * `forum_enabled` flag is off.
 */

type Row = Record<string, unknown>;

/** Timestamps travel as epoch milliseconds: both drivers return numbers the same way. */
const iso = (ms: unknown) => new Date(Number(ms)).toISOString();
const person = (r: Row) =>
  r.username ? { id: String(r.author_id), username: String(r.username), avatarUrl: (r.avatar_url as string | null) ?? null } : null;
const forumRef = (r: Row) => ({ slug: String(r.forum_slug), titleEs: String(r.forum_title_es), titleEn: String(r.forum_title_en) });

const visibleThread = sql`t.hidden = false`;
const visiblePost = sql`p.hidden = false and p.deleted_at is null`;

export const forumThreads: SearchProvider = {
  id: "threads",
  enabled: (ctx) => ctx.flags.forum_enabled,
  count: (ctx, text, cap) => cappedCount(ctx, sql`from threads t where ${visibleThread} and t.search_vector @@ ${tsQuery(text)}`, cap),
  async list(ctx, text, { limit, offset }) {
    const q = tsQuery(text);
    // Ranked and cut to one page first; the headline (the costly part) is made for that page only.
    const rows = await rowsOf(
      ctx,
      sql`select h.*, ${headline(sql`h.title`, q, WHOLE_OPTIONS)} as marked
        from (
          select t.id, t.title, t.slug, t.reply_count, extract(epoch from t.created_at) * 1000 as created_ms,
            f.slug as forum_slug, f.title_es as forum_title_es, f.title_en as forum_title_en,
            pr.id as author_id, pr.username, pr.avatar_url, t.last_activity_at,
            ${score(sql`t.search_vector`, q, sql`t.last_activity_at`, ctx.now)} as score
          from threads t
          join forums f on f.id = t.forum_id
          left join profiles pr on pr.id = t.author_id
          where ${visibleThread} and t.search_vector @@ ${q}
          order by score desc, t.last_activity_at desc, t.id
          limit ${limit} offset ${offset}
        ) h
        order by h.score desc, h.last_activity_at desc, h.id`,
    );
    return rows.map((r): ThreadHit => ({
      kind: "thread",
      id: String(r.id),
      path: threadPath(String(r.forum_slug), String(r.slug)),
      title: toSegments(String(r.marked)),
      forum: forumRef(r),
      author: person(r),
      createdAt: iso(r.created_ms),
      replyCount: Number(r.reply_count),
    }));
  },
};

export const forumPosts: SearchProvider = {
  id: "posts",
  enabled: (ctx) => ctx.flags.forum_enabled,
  count: (ctx, text, cap) =>
    cappedCount(
      ctx,
      sql`from posts p join threads t on t.id = p.thread_id where ${visiblePost} and ${visibleThread} and p.search_vector @@ ${tsQuery(text)}`,
      cap,
    ),
  async list(ctx, text, { limit, offset }) {
    const q = tsQuery(text);
    const rows = await rowsOf(
      ctx,
      sql`select h.*,
          case when char_length(d.txt) <= ${WHOLE_TEXT_MAX} then ${headline(sql`d.txt`, q, WHOLE_OPTIONS)}
            else ${headline(sql`d.txt`, q, SNIPPET_OPTIONS)} end as marked
        from (
          select p.id, p.number, p.body_html, extract(epoch from p.created_at) * 1000 as created_ms, p.created_at,
            t.title as thread_title, t.slug as thread_slug,
            f.slug as forum_slug, f.title_es as forum_title_es, f.title_en as forum_title_en,
            pr.id as author_id, pr.username, pr.avatar_url,
            ${score(sql`p.search_vector`, q, sql`p.created_at`, ctx.now)} as score
          from posts p
          join threads t on t.id = p.thread_id
          join forums f on f.id = t.forum_id
          left join profiles pr on pr.id = p.author_id
          where ${visiblePost} and ${visibleThread} and p.search_vector @@ ${q}
          order by score desc, p.created_at desc, p.id
          limit ${limit} offset ${offset}
        ) h
        cross join lateral (select public.search_html_text(h.body_html) as txt) d
        order by h.score desc, h.created_at desc, h.id`,
    );
    return rows.map((r): PostHit => {
      const path = threadPath(String(r.forum_slug), String(r.thread_slug));
      return {
        kind: "post",
        id: String(r.id),
        path: `${path}?post=${Number(r.number)}`,
        number: Number(r.number),
        snippet: toSegments(String(r.marked)),
        thread: { title: String(r.thread_title), path },
        forum: forumRef(r),
        author: person(r),
        createdAt: iso(r.created_ms),
      };
    });
  },
};
