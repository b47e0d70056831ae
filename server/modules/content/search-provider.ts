import { sql, type SQL } from "drizzle-orm";
import {
  cappedCount,
  headline,
  rowsOf,
  score,
  SNIPPET_OPTIONS,
  toSegments,
  tsQuery,
  WHOLE_OPTIONS,
  type ContentHit,
  type SearchContext,
  type SearchProvider,
} from "#server/modules/search";

/**
 * Videos and podcast episodes: a published item is found by its titles and descriptions in both languages,
 * with the forum's full-text rules (`search_vector`, the same query and rank). They are few: the vector is built
 * per row at query time, as the featured games' is.
 */
function contentSearch(
  id: "videos" | "podcast",
  table: "videos" | "podcast_episodes",
  kind: ContentHit["kind"],
  base: string,
): SearchProvider {
  const document = sql`public.search_vector(concat_ws(' ', i.title_es, i.title_en, i.description_es, i.description_en))`;
  const from = (q: SQL) => sql`from ${sql.identifier(table)} i where i.published and ${document} @@ ${q}`;
  return {
    id,
    enabled: () => true,
    count: (ctx, text, cap) => cappedCount(ctx, from(tsQuery(text)), cap),
    async list(ctx: SearchContext, text, { limit, offset }) {
      const q = tsQuery(text);
      const rows = await rowsOf(
        ctx,
        sql`select h.*,
            ${headline(sql`h.title_es`, q, WHOLE_OPTIONS)} as marked_title_es,
            ${headline(sql`h.title_en`, q, WHOLE_OPTIONS)} as marked_title_en,
            ${headline(sql`h.description_es`, q, SNIPPET_OPTIONS)} as marked_text_es,
            ${headline(sql`h.description_en`, q, SNIPPET_OPTIONS)} as marked_text_en
          from (
            select i.id, i.slug, i.title_es, i.title_en, i.description_es, i.description_en, i.published_at,
              ${score(document, q, sql`coalesce(i.published_at, i.created_at)`, ctx.now)} as score
            ${from(q)}
            order by score desc, i.position, i.id
            limit ${limit} offset ${offset}
          ) h
          order by h.score desc, h.id`,
      );
      return rows.map((r): ContentHit => ({
        kind,
        id: String(r.id),
        path: `${base}/${String(r.slug)}`,
        titleEs: toSegments(String(r.marked_title_es)),
        titleEn: toSegments(String(r.marked_title_en)),
        snippetEs: toSegments(String(r.marked_text_es ?? "")),
        snippetEn: toSegments(String(r.marked_text_en ?? "")),
        publishedAt: r.published_at ? new Date(String(r.published_at)).toISOString() : null,
      }));
    },
  };
}

export const videosSearch = contentSearch("videos", "videos", "video", "/videos");
export const podcastSearch = contentSearch("podcast", "podcast_episodes", "episode", "/podcast");
