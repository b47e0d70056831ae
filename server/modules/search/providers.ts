import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import type { RuntimeFlags } from "#server/modules/site/settings";
import type { Segment } from "./highlight";

/** What every provider gets: who searches, the site's switches and the clock (recency is part of the rank). */
export type SearchContext = { db: Database; actor: Actor; flags: RuntimeFlags; now: Date };

type Person = { id: string; username: string; avatarUrl: string | null } | null;
type ForumRef = { slug: string; titleEs: string; titleEn: string };

/** A thread whose title matched. `path` is without the language prefix. */
export type ThreadHit = {
  kind: "thread";
  id: string;
  path: string;
  title: Segment[];
  forum: ForumRef;
  author: Person;
  createdAt: string;
  replyCount: number;
};

/** A post whose text matched, with its deep link (`?post=n`). */
export type PostHit = {
  kind: "post";
  id: string;
  path: string;
  number: number;
  snippet: Segment[];
  thread: { title: string; path: string };
  forum: ForumRef;
  author: Person;
  createdAt: string;
};

/** An open key campaign whose game, company or description matched; `path` is its public page. */
export type CampaignHit = {
  kind: "campaign";
  id: string;
  path: string;
  /** The game's name, with the matched words marked. */
  title: Segment[];
  /** The game's short description (at most 280 characters, shown whole), with the matched words marked. */
  snippet: Segment[];
  company: { name: string; slug: string };
  platforms: string[];
  endsAt: string;
};

/** A featured game's page whose name, description or studio matched; a paid placement ("Sponsored"). */
export type FeaturedGameHit = {
  kind: "featured";
  id: string;
  path: string;
  title: Segment[];
  snippet: Segment[];
  studioName: string;
};

/** An open job offer whose title or description (in either language) matched; shown in the reader's language. */
export type JobHit = {
  kind: "job";
  id: string;
  path: string;
  title: { es: Segment[]; en: Segment[] };
  snippet: { es: Segment[]; en: Segment[] };
};

/** A published video or podcast episode whose titles or descriptions matched, in both languages (the page picks one). */
export type ContentHit = {
  kind: "video" | "episode";
  id: string;
  path: string;
  titleEs: Segment[];
  titleEn: Segment[];
  snippetEs: Segment[];
  snippetEn: Segment[];
  publishedAt: string | null;
};

/** Every kind of result; later areas add theirs here (games, campaigns, people) with a view in the page. */
export type SearchHit = ThreadHit | PostHit | CampaignHit | FeaturedGameHit | ContentHit | JobHit;

/**
 * One section of the search page. An area lists its providers in its manifest (`search`) rather than
 * editing the search: its `id` is the `type` in the page's address and the key of its label
 * (`site:search.sections.<id>`); its hits need a view in `app/features/search/hits.tsx`.
 * Providers decide what the searcher may see (hidden content, switched-off areas) themselves.
 */
export type SearchProvider = {
  id: string;
  /** False while the area is switched off: the section is left out. */
  enabled(ctx: SearchContext): boolean;
  /** How many hits, counting at most `cap` (counting every match of a common word costs more than it tells). */
  count(ctx: SearchContext, text: string, cap: number): Promise<number>;
  /** One page of hits, best first. */
  list(ctx: SearchContext, text: string, page: { limit: number; offset: number }): Promise<SearchHit[]>;
};

/** A provider's raw rows (both drivers answer `{ rows }`). */
export const rowsOf = async <T = Record<string, unknown>>(ctx: SearchContext, query: SQL): Promise<T[]> =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/** How many rows `from` (a `from … where …` clause) yields, counting at most `cap`. */
export async function cappedCount(ctx: SearchContext, from: SQL, cap: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(ctx, sql`select count(*)::int as n from (select 1 ${from} limit ${cap}) m`);
  return Number(row.n);
}

/** The query in both stemmings (migration 0004): constant for a statement, so the GIN index is used. */
export const tsQuery = (text: string): SQL => sql`public.search_query(${text})`;

/**
 * Relevance (ts_rank_cd normalised to 0..1) plus a recency bonus of up to 0.15 that halves in a month, so
 * among equally good matches the newer comes first, while a clearly better old match still wins.
 */
export function score(vector: SQL, query: SQL, at: SQL, now: Date): SQL<number> {
  const ageDays = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${at})) / 86400, 0)`;
  return sql<number>`ts_rank_cd(${vector}, ${query}, 32) + 0.15 / (1 + ${ageDays} / 30)`;
}
