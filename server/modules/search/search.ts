import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { getRuntimeFlags } from "#server/modules/site/settings";
import { COUNT_CAP, PAGE_SIZE, parseInput, PREVIEW_SIZE, QUERY_MAX, QUERY_MIN, type SearchDeps } from "./deps";
import { tsQuery, type SearchContext, type SearchHit } from "./providers";

const searchInput = z.object({
  // Control characters (a NUL byte is refused by PostgreSQL) and the highlight markers become spaces.
  q: z
    .string()
    .transform((s) =>
      s
        // eslint-disable-next-line no-control-regex -- removing control characters is the point
        .replace(/[\u0000-\u001f\u007f\uE000\uE001]/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().min(QUERY_MIN, "site:search.tooShort").max(QUERY_MAX, "site:search.tooLong")),
  type: z.string().max(40).optional().catch(undefined),
  page: z.unknown().optional(),
});
export type SearchInput = z.input<typeof searchInput>;

export type SearchSection = {
  id: string;
  /** Matches, counted up to COUNT_CAP; `capped` says there may be more. */
  total: number;
  capped: boolean;
  /** The hits shown: a preview on the overview, one page when this section is chosen. */
  items: SearchHit[];
};

export type SearchResult = {
  q: string;
  /** The chosen section, or null for the overview (every section's best few). */
  type: string | null;
  page: number;
  pageCount: number;
  /** `no_terms`: only very common words or exclusions (-word), which find nothing by themselves. */
  status: "ok" | "no_terms";
  sections: SearchSection[];
};

const pageNumber = (value: unknown): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
};

/**
 * Site search: every enabled provider's matches for `q`. Without a `type`, each section's
 * best PREVIEW_SIZE hits with its count; with one, that section's hits PAGE_SIZE a page (other sections still
 * counted, for their tabs). A page past the last answers empty with the real page count. Anyone may search.
 */
export async function search(deps: SearchDeps, actor: Actor, input: unknown): Promise<SearchResult> {
  const data = parseInput(searchInput, input);
  const ctx: SearchContext = { db: deps.db, actor, flags: await getRuntimeFlags(deps.settings), now: deps.now() };
  const providers = deps.providers.filter((p) => p.enabled(ctx));
  const chosen = providers.find((p) => p.id === data.type) ?? null;
  const page = chosen ? pageNumber(data.page) : 1;
  const base = { q: data.q, type: chosen?.id ?? null, page };

  // Stop words alone ("de la", "the") make an empty query; exclusions alone (-word) would match nearly
  // everything without using the index. Neither is searched.
  const [check] = (
    (await deps.db.execute(sql`select numnode(q) as nodes, querytree(q) as tree from (select ${tsQuery(data.q)} as q) s`)) as unknown as {
      rows: { nodes: number; tree: string }[];
    }
  ).rows;
  if (Number(check.nodes) === 0 || check.tree === "T") return { ...base, pageCount: 1, status: "no_terms", sections: [] };

  const sections = await Promise.all(
    providers.map(async (p): Promise<SearchSection> => {
      const total = await p.count(ctx, data.q, COUNT_CAP);
      const focused = p === chosen;
      const limit = focused ? PAGE_SIZE : PREVIEW_SIZE;
      const offset = focused ? (page - 1) * PAGE_SIZE : 0;
      const shown = chosen && !focused ? [] : offset < total ? await p.list(ctx, data.q, { limit, offset }) : [];
      return { id: p.id, total, capped: total >= COUNT_CAP, items: shown };
    }),
  );
  const chosenTotal = chosen ? (sections.find((s) => s.id === chosen.id)?.total ?? 0) : 0;
  return { ...base, pageCount: Math.max(1, Math.ceil(chosenTotal / PAGE_SIZE)), status: "ok", sections };
}
