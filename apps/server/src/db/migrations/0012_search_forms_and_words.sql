-- Search, second pass (docs/decisions/0021-search-in-postgresql.md, amendment of 2026-12-05): Hebrew words
-- written with a geresh ("ג׳אז", "ג'אז") kept whole, Hebrew plural and construct endings normalised by rule
-- beside the one-letter prefixes, genre identifiers also indexed as the words they join ("HipHop" adds "hip"
-- and "hop"), and the dictionary of known words a table fed as josies are published and curators named,
-- instead of a materialized view rebuilt every 10 minutes. Written by hand like 0004: drizzle-kit writes
-- neither functions nor generated columns outside schema.ts. A generated column keeps the values its function
-- gave when each row was written, so the two columns are dropped and added again (one rewrite of the table)
-- and the expression indexes over the changed functions are rebuilt.
DROP MATERIALIZED VIEW IF EXISTS "search_words";--> statement-breakpoint
ALTER TABLE "josies" DROP COLUMN "search_head", DROP COLUMN "search";--> statement-breakpoint
-- The text as search reads it: accents removed, and a geresh or gershayim (or the apostrophe and quote
-- typed for them) after a Hebrew letter dropped, so that "ג׳אז", "ג'אז" and "גאז" are one word, "גאז",
-- where the parser would cut "ג" from "אז". The query side does the same (modules/search/terms.ts).
CREATE FUNCTION public.josie_search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(public.josie_unaccent(input), '([א-ת])[''"׳״’”]+', '\1', 'g') $$;--> statement-breakpoint
-- A Hebrew word without a plural or construct ending (ות, ים, then ה or ת), keeping at least two letters,
-- its final letters written as the ordinary ones: "מדורה", "מדורות" and "מדורת" are all "מדור", "מלכים" and
-- "מלך" both "מלכ". A rule, not a dictionary: it also joins some unrelated words ("בית" gives "בי").
CREATE FUNCTION public.josie_hebrew_stem(word text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT translate(CASE WHEN word ~ '^[א-ת]{2,}(ות|ים)$' THEN left(word, -2)
                          WHEN word ~ '^[א-ת]{2,}[הת]$' THEN left(word, -1)
                          ELSE word END, 'ךםןףץ', 'כמנפצ')
  $$;--> statement-breakpoint
-- The extra forms of every Hebrew word of a text: without one or two one-letter prefixes (ו ה ב ל מ ש כ,
-- at least two letters left), as 0004's josie_hebrew_variants gave, and the stem of the word and of each of
-- those: "במדורות" adds "מדורות", "דורות", "מדור" and "דור".
CREATE FUNCTION public.josie_hebrew_forms(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(DISTINCT f.form, ' '), '')
    FROM regexp_matches(input, '[א-ת]+', 'g') AS w(m)
    CROSS JOIN LATERAL (
      SELECT w.m[1] AS variant
      UNION
      SELECT unnest(ARRAY[p[2] || p[3], p[3]])
      FROM regexp_matches(w.m[1], '^([והבלמשכ])([והבלמשכ]?)([א-ת]{2,})$') AS p
    ) AS v
    CROSS JOIN LATERAL (VALUES (v.variant), (public.josie_hebrew_stem(v.variant))) AS f(form)
    WHERE f.form <> w.m[1]
  $$;--> statement-breakpoint
-- The lexemes of one piece of text: English stems, the bare lower-cased words and the Hebrew forms.
CREATE OR REPLACE FUNCTION public.josie_search_words(input text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT to_tsvector('pg_catalog.english', u) || to_tsvector('pg_catalog.simple', u)
      || to_tsvector('pg_catalog.simple', public.josie_hebrew_forms(u))
    FROM (SELECT public.josie_search_text(input) AS u) AS s
  $$;--> statement-breakpoint
DROP FUNCTION public.josie_hebrew_variants(text);--> statement-breakpoint
-- A josie's genres as words: each name as stored and, for an identifier of joined words, those words
-- ("HipHop" is also "Hip Hop"), so that "hip hop" and "hip-hop" find it.
CREATE FUNCTION public.josie_genre_text(genres text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(g || ' ' || regexp_replace(g, '([a-z])([A-Z])', '\1 \2', 'g'), ' '), '')
    FROM unnest(genres) AS g
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.josie_search_vector(title text, paragraphs jsonb, genres text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(public.josie_search_words(coalesce(title, '')), 'A')
      || setweight(public.josie_search_words(public.josie_genre_text(genres)), 'B')
      || setweight(public.josie_search_words(coalesce(items.names, '')), 'B')
      || setweight(public.josie_search_words(coalesce(items.texts, '')), 'C')
    FROM (
      SELECT
        string_agg(concat_ws(' ', p -> 'content' ->> 'name', p -> 'content' ->> 'artist',
                             p -> 'content' ->> 'title', p -> 'content' ->> 'channelTitle'), ' ')
          FILTER (WHERE p ->> 'type' IN ('audioItem', 'video', 'video1')) AS names,
        string_agg(p ->> 'content', ' ') FILTER (WHERE p ->> 'type' = 'text') AS texts
      FROM jsonb_array_elements(
        CASE WHEN jsonb_typeof(paragraphs) = 'array' THEN paragraphs ELSE '[]'::jsonb END) AS p
    ) AS items
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.josie_search_head(title text, paragraphs jsonb, genres text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT public.josie_search_words(concat_ws(' ', title, public.josie_genre_text(genres), items.names))
    FROM (
      SELECT string_agg(concat_ws(' ', p -> 'content' ->> 'name', p -> 'content' ->> 'artist',
                                  p -> 'content' ->> 'title', p -> 'content' ->> 'channelTitle'), ' ') AS names
      FROM jsonb_array_elements(
        CASE WHEN jsonb_typeof(paragraphs) = 'array' THEN paragraphs ELSE '[]'::jsonb END) AS p
      WHERE p ->> 'type' IN ('audioItem', 'video', 'video1')
    ) AS items
  $$;--> statement-breakpoint
ALTER TABLE "josies"
  ADD COLUMN "search" tsvector GENERATED ALWAYS AS (public.josie_search_vector("title", "paragraphs", "genres")) STORED,
  ADD COLUMN "search_head" tsvector GENERATED ALWAYS AS (public.josie_search_head("title", "paragraphs", "genres")) STORED;--> statement-breakpoint
CREATE INDEX "josies_search_idx" ON "josies" USING gin ("search") WHERE "status" = 'published';--> statement-breakpoint
CREATE INDEX "josies_search_head_idx" ON "josies" USING gin ("search_head") WHERE "status" = 'published';--> statement-breakpoint
CREATE INDEX "josies_search_recent_idx" ON "josies" ("published_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("search_head") WHERE "status" = 'published';--> statement-breakpoint
-- The curators' indexes were built with the old josie_search_words.
REINDEX INDEX "users_curator_search_idx";--> statement-breakpoint
REINDEX INDEX "users_curator_name_search_idx";--> statement-breakpoint
-- The words search knows, for typo tolerance: fed by the search module as a josie is published or a curator
-- named (its words at once), and made again from the published josies and live curators by its job (which
-- also drops the words no longer anywhere).
CREATE TABLE "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT word FROM ts_stat('SELECT search FROM public.josies WHERE status = ''published''')
  WHERE length(word) BETWEEN 3 AND 40
  UNION
  SELECT word FROM ts_stat('SELECT to_tsvector(''pg_catalog.simple'', public.josie_search_text(name))
                            FROM public.users WHERE role = ''curator'' AND deleted_at IS NULL')
  WHERE length(word) BETWEEN 3 AND 40;
