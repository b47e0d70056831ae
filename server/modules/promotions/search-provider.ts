import { sql, type SQL } from "drizzle-orm";
import {
  headline,
  toSegments,
  WHOLE_OPTIONS,
  cappedCount,
  rowsOf,
  score,
  tsQuery,
  type FeaturedGameHit,
  type SearchContext,
  type SearchProvider,
} from "#server/modules/search";

/**
 * Featured games: a featured game's page on show now (details_page or both, visible, inside its
 * period by the clock) is found by its name, short description and studio. Hidden, ended or homepage-only
 * features are not (they have no page). Featured games are few: the vector is built per row at query time.
 */

const document = sql`public.search_vector(concat_ws(' ', f.game_name, f.short_description, f.studio_name))`;
const from = (ctx: SearchContext, q: SQL) =>
  sql`from featured_games f
    where f.visible and f.schedule_status in ('scheduled', 'active') and f.feature_type in ('details_page', 'both')
      and f.starts_at <= ${ctx.now.toISOString()}::timestamptz and f.ends_at > ${ctx.now.toISOString()}::timestamptz
      and ${document} @@ ${q}`;

export const featuredSearch: SearchProvider = {
  id: "featured",
  enabled: () => true,
  count: (ctx, text, cap) => cappedCount(ctx, from(ctx, tsQuery(text)), cap),
  async list(ctx, text, { limit, offset }) {
    const q = tsQuery(text);
    const rows = await rowsOf(
      ctx,
      sql`select h.*, ${headline(sql`h.game_name`, q, WHOLE_OPTIONS)} as marked_name,
          ${headline(sql`h.short_description`, q, WHOLE_OPTIONS)} as marked_text
        from (
          select f.id, f.slug, f.game_name, f.short_description, f.studio_name, f.starts_at,
            ${score(document, q, sql`f.starts_at`, ctx.now)} as score
          ${from(ctx, q)}
          order by score desc, f.starts_at desc, f.id
          limit ${limit} offset ${offset}
        ) h
        order by h.score desc, h.starts_at desc, h.id`,
    );
    return rows.map((r): FeaturedGameHit => ({
      kind: "featured",
      id: String(r.id),
      path: `/games/${String(r.slug)}`,
      title: toSegments(String(r.marked_name)),
      snippet: toSegments(String(r.marked_text)),
      studioName: String(r.studio_name),
    }));
  },
};
