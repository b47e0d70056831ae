import { sql, type SQL } from "drizzle-orm";
import {
  headline,
  toSegments,
  WHOLE_OPTIONS,
  SNIPPET_OPTIONS,
  cappedCount,
  rowsOf,
  score,
  tsQuery,
  type JobHit,
  type SearchContext,
  type SearchProvider,
} from "#server/modules/search";

/**
 * Job offers: an open offer is found by its titles and descriptions in either language (a closed one leaves search
 * as it leaves /jobs). The vector is built per row at query time, with the forum's text rules
 * (`public.search_vector`): offers are few.
 */
const document = sql`public.search_vector(concat_ws(' ', o.title_es, o.title_en, o.description_es, o.description_en))`;
const from = (q: SQL) => sql`from job_offers o where o.status = 'open' and ${document} @@ ${q}`;

export const jobsSearch: SearchProvider = {
  id: "jobs",
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
          select o.id, o.title_es, o.title_en, o.description_es, o.description_en, o.created_at,
            ${score(document, q, sql`o.created_at`, ctx.now)} as score
          ${from(q)}
          order by score desc, o.created_at desc, o.id
          limit ${limit} offset ${offset}
        ) h
        order by h.score desc, h.created_at desc, h.id`,
    );
    return rows.map((r): JobHit => ({
      kind: "job",
      id: String(r.id),
      path: `/jobs/${String(r.id)}`,
      title: { es: toSegments(String(r.marked_title_es)), en: toSegments(String(r.marked_title_en)) },
      snippet: { es: toSegments(String(r.marked_text_es)), en: toSegments(String(r.marked_text_en)) },
    }));
  },
};
