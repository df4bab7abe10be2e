-- Search in PostgreSQL (docs/decisions/0021-search-in-postgresql.md): the extensions, the immutable
-- functions that turn a josie into a weighted tsvector (English stems, bare words, Hebrew words without
-- their one-letter prefixes), the stored column and its GIN index, and the dictionary of indexed words that
-- typo tolerance looks up by trigram similarity. Written by hand: drizzle-kit neither creates extensions nor
-- functions, and the columns stay out of schema.ts so that `select()` of josies does not carry the vectors.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could be changed); naming the dictionary makes the call fixed,
-- which an index or a generated column needs.
CREATE FUNCTION public.josie_unaccent(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, input) $$;--> statement-breakpoint
-- Each Hebrew word that starts with one or two of the one-letter prefixes (ו ה ב ל מ ש כ) followed by at
-- least two letters, once without its first letter and once without both: "והמוזיקה" adds "המוזיקה" and
-- "מוזיקה", "בתל" adds "תל". A word that merely starts with such a letter adds a stray form too ("מוזיקה"
-- adds "וזיקה"); it costs index space, and is found only by someone typing that stray form.
CREATE FUNCTION public.josie_hebrew_variants(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(m[2] || m[3] || ' ' || m[3], ' '), '')
    FROM regexp_matches(input, '(?<![א-ת])([והבלמשכ])([והבלמשכ]?)([א-ת]{2,})', 'g') AS m
  $$;--> statement-breakpoint
-- The lexemes of one piece of text: English stems ("songs" -> "song"), the bare lower-cased words (exact
-- matches, and every language the English stemmer leaves alone) and the Hebrew prefix variants; accents
-- removed first.
CREATE FUNCTION public.josie_search_words(input text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT to_tsvector('pg_catalog.english', u) || to_tsvector('pg_catalog.simple', u)
      || to_tsvector('pg_catalog.simple', public.josie_hebrew_variants(u))
    FROM (SELECT public.josie_unaccent(input) AS u) AS s
  $$;--> statement-breakpoint
-- A josie's document: the title weighs most (A), then genres and the audio and video items' names, artists
-- and channels (B), then the text paragraphs (C).
CREATE FUNCTION public.josie_search_vector(title text, paragraphs jsonb, genres text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(public.josie_search_words(coalesce(title, '')), 'A')
      || setweight(public.josie_search_words(coalesce(array_to_string(genres, ' '), '')), 'B')
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
-- The head of a josie's document: what says what a josie is (title, genres, the items' names, artists,
-- titles and channels). A match here ranks above a match in the text alone.
CREATE FUNCTION public.josie_search_head(title text, paragraphs jsonb, genres text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT public.josie_search_words(concat_ws(' ', title, array_to_string(genres, ' '), items.names))
    FROM (
      SELECT string_agg(concat_ws(' ', p -> 'content' ->> 'name', p -> 'content' ->> 'artist',
                                  p -> 'content' ->> 'title', p -> 'content' ->> 'channelTitle'), ' ') AS names
      FROM jsonb_array_elements(
        CASE WHEN jsonb_typeof(paragraphs) = 'array' THEN paragraphs ELSE '[]'::jsonb END) AS p
      WHERE p ->> 'type' IN ('audioItem', 'video', 'video1')
    ) AS items
  $$;--> statement-breakpoint
-- A curator's document for the curator search: the name (A) and the bio (C).
CREATE FUNCTION public.josie_curator_vector(name text, bio text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(public.josie_search_words(coalesce(name, '')), 'A')
      || setweight(public.josie_search_words(coalesce(bio, '')), 'C')
  $$;--> statement-breakpoint
-- Genres compared without regard to case, for the genre filter (a genre since removed from the list too).
CREATE FUNCTION public.josie_lower_genres(genres text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(g)), '{}'::text[]) FROM unnest(genres) AS g $$;--> statement-breakpoint
ALTER TABLE "josies" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (public.josie_search_vector("title", "paragraphs", "genres")) STORED;--> statement-breakpoint
CREATE INDEX "josies_search_idx" ON "josies" USING gin ("search") WHERE "status" = 'published';--> statement-breakpoint
ALTER TABLE "josies" ADD COLUMN "search_head" tsvector
  GENERATED ALWAYS AS (public.josie_search_head("title", "paragraphs", "genres")) STORED;--> statement-breakpoint
CREATE INDEX "josies_search_head_idx" ON "josies" USING gin ("search_head") WHERE "status" = 'published';--> statement-breakpoint
-- Published josies newest first, carrying their head: for a common word search walks this index and checks
-- the head in the index itself (an index-only scan), keeping matches until a page is full; measured 1 ms
-- against 34 ms when every row checked was fetched from the table (docs/performance.md).
CREATE INDEX "josies_search_recent_idx" ON "josies" ("published_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("search_head") WHERE "status" = 'published';--> statement-breakpoint
-- The words search knows, for typo tolerance: a query word found nowhere is replaced by the nearest known
-- words by trigram similarity. Refreshed by the search module's job (a new word is found exactly at once,
-- and by its misspellings after the next refresh).
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT word FROM ts_stat('SELECT search FROM public.josies WHERE status = ''published''')
  WHERE length(word) BETWEEN 3 AND 40
  UNION
  SELECT word FROM ts_stat('SELECT to_tsvector(''pg_catalog.simple'', public.josie_unaccent(name))
                            FROM public.users WHERE role = ''curator'' AND deleted_at IS NULL')
  WHERE length(word) BETWEEN 3 AND 40;--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" ("word");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
