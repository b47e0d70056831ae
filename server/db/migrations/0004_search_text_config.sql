-- Full-text search (decision 0015): two text search configurations, Spanish and English, that drop accents
-- before stemming, and the SQL functions the search vectors and queries are built with. The vectors themselves
-- are generated columns (next migration), so every write path keeps them in step.
-- unaccent ships with PostgreSQL's contrib (trusted since PostgreSQL 13); PGlite loads it from
-- @electric-sql/pglite/contrib/unaccent (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.search_es (COPY = pg_catalog.spanish);
--> statement-breakpoint
-- Only words with letters beyond ASCII can carry accents ("word", "hword", "hword_part"); unaccent is a
-- filtering dictionary: it hands the unaccented word on to the stemmer.
ALTER TEXT SEARCH CONFIGURATION public.search_es ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.spanish_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.search_en (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.search_en ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.english_stem;
--> statement-breakpoint
-- One vector with both stemmings: the Spanish lexemes followed by the English ones.
CREATE FUNCTION public.search_vector(doc text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('public.search_es'::regconfig, coalesce(doc, '')) || to_tsvector('public.search_en'::regconfig, coalesce(doc, '')) $$;
--> statement-breakpoint
-- What someone typed (web search syntax: "phrases", or, -word) in both stemmings: a match in either counts.
CREATE FUNCTION public.search_query(q text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT websearch_to_tsquery('public.search_es'::regconfig, coalesce(q, '')) || websearch_to_tsquery('public.search_en'::regconfig, coalesce(q, '')) $$;
--> statement-breakpoint
-- The text a reader sees in a post's sanitized HTML (the same as htmlToText in server/modules/forum/excerpt.ts):
-- inline tags vanish (**bold**text stays one word), other tags become spaces, link and image addresses go
-- with their tags, the entities the sanitizer writes are decoded, spaces collapsed.
CREATE FUNCTION public.search_html_text(html text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      regexp_replace(
        regexp_replace(html, '</?(a|abbr|b|code|del|em|i|kbd|mark|s|span|strong|sub|sup|u)(\s[^>]*)?>', '', 'gi'),
        '<[^>]*>', ' ', 'g'),
      '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&nbsp;', ' '), '&amp;', '&'),
    '\s+', ' ', 'g')) $$;
