-- Search as you type, and plain-text excerpts for lists.
--
-- The search vector is rebuilt over accent-folded text (unaccent, so "cafe" finds "café") and
-- holds each word twice: its English stem (so "worlds" finds "world") and the word itself,
-- unstemmed (so a prefix of what is being typed, "gardeni", still finds "gardening"). Weights
-- rank title matches (A) over tags (B) over the body (D).
--
-- public.search_notes(query) is the one entry point: every word of the query becomes
-- "word as a prefix, or its English stem"; all words must match. It is SECURITY INVOKER, so
-- row-level security decides which notes it sees (every notebook the caller reads); notes in
-- the trash are left out. Ranked: notes whose title matches the whole query first, then those
-- whose title and tags do, then the rest; within each, ts_rank of the whole words typed (it
-- ignores prefix matches), then the most recently edited. What is ranked is the 500 most
-- recently edited matches (search_candidates): while only a letter or two is typed, and
-- thousands of notes match, the best of the recent ones come first, in the time of a keystroke;
-- as the query grows the matches fall under the cap and the ranking covers them all. Each comes with a plain-text snippet
-- around the first match; the client highlights the words.
--
-- notes.excerpt is the body's first 200 characters as plain text (markdown syntax removed), so
-- the notes list never downloads whole bodies.
--
-- unaccent lives in the `extensions` schema as on hosted Supabase. unaccent() itself is only
-- STABLE (it reads its dictionary by name through search_path), so generated columns and
-- indexes use public.fold_accents(), which names the dictionary by schema and is IMMUTABLE.

create extension if not exists unaccent with schema extensions;

create or replace function public.fold_accents(value text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select extensions.unaccent('extensions.unaccent'::regdictionary, value)
$$;

-- Both the English stems and the unstemmed words of a text.
create or replace function public.search_words(value text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.to_tsvector('english'::regconfig, public.fold_accents(coalesce(value, '')))
      || pg_catalog.to_tsvector('simple'::regconfig, public.fold_accents(coalesce(value, '')))
$$;

create or replace function public.note_search_vector(title text, tags text[], body text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.setweight(public.search_words(title), 'A')
      || pg_catalog.setweight(public.search_words(public.tags_text(tags)), 'B')
      || pg_catalog.setweight(public.search_words(left(body, 262144)), 'D')
$$;

-- Markdown as one line of plain text: code fences, rules, table rules, block markers (headings,
-- quotes, list bullets and task boxes), link and image syntax (their text kept), emphasis and
-- code markers and table pipes removed; whitespace collapsed. HTML-looking text stays text.
create or replace function public.markdown_excerpt(body text, max_length int default 200)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select left(btrim(regexp_replace(
    replace(replace(replace(replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(
              regexp_replace(left(coalesce(body, ''), greatest(max_length, 1) * 10),
                '^[ \t]*(```|~~~)[^\n]*$', ' ', 'gn'),
              '^[ \t]*(([-*_])[ \t]*){3,}$|^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(\|[ \t]*:?-*:?[ \t]*)*\|?[ \t]*$',
              ' ', 'gn'),
            '^[ \t]{0,3}(#{1,6}|>+|[-*+]|[0-9]{1,9}[.)])[ \t]+(\[[ xX]\][ \t]+)?', '', 'gn'),
          '!?\[([^]\n]*)\]\([^)\n]*\)', '\1', 'g'),
        '<((https?|mailto):[^>[:space:]]+)>', '\1', 'g'),
      '**', ''), '__', ''), '~~', ''), '`', ''),
    '[[:space:]|*]+', ' ', 'g')), greatest(max_length, 1))
$$;

alter table public.notes drop column search;
alter table public.notes add column search tsvector
  generated always as (public.note_search_vector(title, tags, body)) stored;
create index notes_search_idx on public.notes using gin (search);

alter table public.notes add column excerpt text
  generated always as (public.markdown_excerpt(body)) stored;

-- A lexeme quoted for tsquery input (quotes and backslashes doubled).
create or replace function public.tsquery_quote(lexeme text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''''
$$;

-- A query as typed, as a tsquery: each word a prefix, or its English stem; all words required.
-- Null when the query has no words.
create or replace function public.prefix_tsquery(query text)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(pg_catalog.string_agg(
    '(' || public.tsquery_quote(word) || ':*'
      || coalesce((
        select ' | ' || public.tsquery_quote(stem)
        from pg_catalog.unnest(pg_catalog.tsvector_to_array(
          pg_catalog.to_tsvector('english'::regconfig, word))) stem
        limit 1
      ), '')
      || ')',
    ' & ' order by word), '')::tsquery
  from pg_catalog.unnest(pg_catalog.tsvector_to_array(
    pg_catalog.to_tsvector('simple'::regconfig, public.fold_accents(coalesce(left(query, 200), '')))
  )) word
$$;

-- The same words without prefixes, any of them (for ranking: ts_rank ignores prefix matches, so
-- a whole word typed counts more than a part of one).
create or replace function public.words_tsquery(query text)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(pg_catalog.string_agg(
    public.tsquery_quote(word)
      || coalesce((
        select ' | ' || public.tsquery_quote(stem)
        from pg_catalog.unnest(pg_catalog.tsvector_to_array(
          pg_catalog.to_tsvector('english'::regconfig, word))) stem
        limit 1
      ), ''),
    ' | ' order by word), '')::tsquery
  from pg_catalog.unnest(pg_catalog.tsvector_to_array(
    pg_catalog.to_tsvector('simple'::regconfig, public.fold_accents(coalesce(left(query, 200), '')))
  )) word
$$;

-- A plain-text snippet of a note around the first place any word of the query starts (the
-- excerpt when that is near the beginning, or nothing matches in the first 50,000 characters).
create or replace function public.search_snippet(body text, excerpt text, query text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  folded text := lower(public.fold_accents(left(coalesce(body, ''), 50000)));
  word text;
  found int;
  first int := 0;
begin
  for word in
    select w from pg_catalog.unnest(pg_catalog.tsvector_to_array(
      pg_catalog.to_tsvector('simple'::regconfig, public.fold_accents(coalesce(left(query, 200), ''))))) w
  loop
    found := regexp_instr(folded,
      '(^|[^[:alnum:]])' || regexp_replace(word, '([^[:alnum:]])', '\\\1', 'g'));
    if found > 0 and (first = 0 or found < first) then
      first := found;
    end if;
  end loop;
  if first < 120 then
    return excerpt;
  end if;
  return '…' || public.markdown_excerpt(substr(body, first - 60), 200);
end
$$;

-- The candidates a search ranks: the notes the caller may read (the same notes the notes read
-- policy admits: the caller's notebooks while MFA is satisfied, none in the trash) that match,
-- the most recently edited first, at most `cap`. SECURITY DEFINER so the caller's notebooks
-- reach the planner as a list of values: it then picks the search index, the notebook index or
-- the recency index by how many notebooks and matches there are (under the policy's subquery it
-- always reads every note of every notebook, which for someone in 1,000 notebooks is 100,000
-- notes per keystroke). It returns ids only; search_notes reads the rows through RLS.
create or replace function public.search_candidates(tsq tsquery, cap int)
returns table (id uuid)
language plpgsql
stable
security definer
rows 500
set search_path = ''
as $$
declare
  notebooks uuid[];
begin
  if tsq is null or not public.mfa_satisfied() then
    return;
  end if;
  notebooks := array(select public.my_notebook_ids('viewer'));
  return query execute
    'select n.id from public.notes n
     where n.notebook_id = any ($1) and n.deleted_at is null and n.search @@ $2
     order by n.updated_at desc, n.id desc
     limit $3'
    using notebooks, tsq, least(greatest(cap, 1), 2000);
end
$$;

revoke execute on function public.search_candidates(tsquery, int) from public, anon;
grant execute on function public.search_candidates(tsquery, int) to authenticated, service_role;

-- Notes matching what is being typed, across every notebook the caller can read, best first.
create or replace function public.search_notes(query text, max_results int default 20)
returns table (
  id uuid,
  notebook_id uuid,
  notebook_name text,
  title text,
  snippet text,
  tags text[],
  updated_at timestamptz,
  rank real
)
language sql
stable
security invoker
-- Candidates are at most 500 ids: look each up by primary key (the policy then checks those
-- rows), rather than hash-join them against every note of every readable notebook.
set search_path = ''
set enable_hashjoin = off
set enable_mergejoin = off
as $$
  with q as (
    select public.prefix_tsquery(query) as tsq, public.words_tsquery(query) as words
  ), hits as (
    select n.id, n.notebook_id, n.title, n.body, n.excerpt, n.tags, n.updated_at,
           (case
              when pg_catalog.ts_filter(n.search, '{a}') @@ q.tsq then 2
              when pg_catalog.ts_filter(n.search, '{a,b}') @@ q.tsq then 1
              else 0
            end + pg_catalog.ts_rank(n.search, q.words))::real as rank
    from q, public.search_candidates(q.tsq, 500) c
    join public.notes n on n.id = c.id
    where n.search @@ q.tsq
      and n.deleted_at is null
    order by rank desc, n.updated_at desc, n.id
    limit least(greatest(coalesce(max_results, 20), 1), 50)
  )
  select h.id, h.notebook_id, nb.name, h.title, public.search_snippet(h.body, h.excerpt, query),
         h.tags, h.updated_at, h.rank
  from hits h
  join public.notebooks nb on nb.id = h.notebook_id
  order by h.rank desc, h.updated_at desc, h.id
$$;

revoke execute on function public.search_notes(text, int) from public, anon;
grant execute on function public.search_notes(text, int) to authenticated, service_role;
