import { sql, type SQL } from "drizzle-orm";

/** A piece of a title or snippet; `mark` pieces matched the query. Rendered as text, never as HTML. */
export type Segment = { text: string; mark: boolean };

/**
 * ts_headline wraps matches in these markers (Unicode private-use characters, which the document itself is
 * stripped of first), so the highlight never travels as HTML: the page turns the pieces into <mark> elements
 * and React escapes every character of the text.
 */
const START = "\uE000";
const STOP = "\uE001";

const options = (extra: string) => `StartSel=${START}, StopSel=${STOP}, ${extra}`;
/** A title or a short text: all of it, matches marked. */
export const WHOLE_OPTIONS = options("HighlightAll=true");
/** A longer text: up to two passages around the matches. */
export const SNIPPET_OPTIONS = options('MaxWords=30, MinWords=15, ShortWord=0, MaxFragments=2, FragmentDelimiter=" … "');
/** Texts up to this many characters are shown whole (passages would only drop their first and last words). */
export const WHOLE_TEXT_MAX = 240;

/**
 * The document with its matches marked. The vector holds Spanish and English stems, so a match may be found
 * by either: the Spanish parse is tried first and the English one when it marked nothing.
 */
export function headline(doc: SQL, query: SQL, opts: string): SQL<string> {
  const clean = sql`translate(${doc}, ${START + STOP}, '')`;
  const es = sql`ts_headline('public.search_es'::regconfig, ${clean}, ${query}, ${opts})`;
  const en = sql`ts_headline('public.search_en'::regconfig, ${clean}, ${query}, ${opts})`;
  return sql<string>`(select case when strpos(h, ${START}) > 0 then h else ${en} end from (select ${es} as h) es)`;
}

/** Splits a marked headline into pieces; adjacent pieces of the same kind are merged, empty ones dropped. */
export function toSegments(marked: string): Segment[] {
  const out: Segment[] = [];
  let mark = false;
  let text = "";
  const flush = () => {
    if (!text) return;
    const last = out.at(-1);
    if (last && last.mark === mark) last.text += text;
    else out.push({ text, mark });
    text = "";
  };
  for (const ch of marked) {
    if (ch === START || ch === STOP) {
      flush();
      mark = ch === START;
    } else text += ch;
  }
  flush();
  return out;
}
