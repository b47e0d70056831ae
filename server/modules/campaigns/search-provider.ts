import { sql, type SQL } from "drizzle-orm";
import {
  headline,
  toSegments,
  WHOLE_OPTIONS,
  cappedCount,
  rowsOf,
  score,
  tsQuery,
  type CampaignHit,
  type SearchContext,
  type SearchProvider,
} from "#server/modules/search";

/**
 * Creator key campaigns: an active campaign that has not ended is found by its game's name and short
 * description, its company's name and its own description; a draft, a paused or a finished campaign is not
 * (it leaves search as it leaves the public list). The vector is built per row at query time: campaigns are few
 * (one per game at a time) and have no stored search column yet.
 */

const document = sql`public.search_vector(concat_ws(' ', g.name, g.short_description, cp.company_name, c.description))`;
const from = (ctx: SearchContext, q: SQL) =>
  sql`from campaigns c
    join company_games g on g.id = c.game_id
    join company_profiles cp on cp.id = c.company_id
    where c.status = 'active' and c.ends_at > ${ctx.now.toISOString()}::timestamptz and ${document} @@ ${q}`;

export const campaignsSearch: SearchProvider = {
  id: "campaigns",
  enabled: () => true,
  count: (ctx, text, cap) => cappedCount(ctx, from(ctx, tsQuery(text)), cap),
  async list(ctx, text, { limit, offset }) {
    const q = tsQuery(text);
    const rows = await rowsOf(
      ctx,
      sql`select h.*, ${headline(sql`h.game_name`, q, WHOLE_OPTIONS)} as marked_name,
          ${headline(sql`h.short_description`, q, WHOLE_OPTIONS)} as marked_text
        from (
          select c.id, g.name as game_name, g.short_description, g.cover_url, cp.company_name, cp.slug as company_slug,
            c.platforms, extract(epoch from c.ends_at) * 1000 as ends_ms, c.starts_at,
            ${score(document, q, sql`c.starts_at`, ctx.now)} as score
          ${from(ctx, q)}
          order by score desc, c.starts_at desc, c.id
          limit ${limit} offset ${offset}
        ) h
        order by h.score desc, h.starts_at desc, h.id`,
    );
    return rows.map((r): CampaignHit => ({
      kind: "campaign",
      id: String(r.id),
      path: `/campaigns/${String(r.id)}`,
      title: toSegments(String(r.marked_name)),
      snippet: toSegments(String(r.marked_text)),
      company: { name: String(r.company_name), slug: String(r.company_slug) },
      platforms: (typeof r.platforms === "string" ? JSON.parse(r.platforms) : r.platforms) as string[],
      endsAt: new Date(Number(r.ends_ms)).toISOString(),
    }));
  },
};
