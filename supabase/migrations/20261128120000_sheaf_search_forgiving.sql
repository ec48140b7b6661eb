-- Search that forgives: a word found from inside ("ebra" finds "zebra") and despite a typo
-- ("launhc" finds "launch"), ranked below the full-text matches of 20261123110000_sheaf_search.sql.
--
-- notes.search_terms holds every distinct word of the title, tags and body, accent-folded and
-- lower case, separated by spaces; a GIN trigram index (pg_trgm) over it serves both a word
-- inside a word (`like '%ebra%'`) and a word like one typed (`%>`: pg_trgm's word_similarity at
-- least 0.5, so one transposed or wrong letter in a word of six still counts).
--
-- public.search_matches(query, max_results) ranks, as the caller, in three tiers:
--   1. full-text: every word a prefix or English stem (search_ranked: title, then tags, then
--      body; whole words before prefixes; ranks ≥ 0, as before);
--   2. inside: every word of three letters or more inside a word (ranks in [-1, 0));
--   3. typo: every such word inside a word or like one (ranks in [-2, -1)).
-- Words of one or two letters are never looked for inside words or as typos (trigrams cannot
-- tell them apart): in tiers 2 and 3 they still have to be prefixes, as in tier 1. Within tiers 2
-- and 3, notes whose title has every word come first, then the closer words
-- (strict_word_similarity), then recency, then id. Tiers 2 and 3 are only looked for when tier 1
-- has fewer matches than asked for, which keeps a short, common prefix as fast as before; like
-- tier 1 they rank the 500 most recently edited candidates.
--
-- pg_trgm lives in the `extensions` schema, as on hosted Supabase; its operators are named by
-- schema (operator(extensions.%>)) since these functions run with an empty search_path.

create extension if not exists pg_trgm with schema extensions;

-- The distinct words of a note (title, tags, body), folded, lower case, separated by spaces.
create or replace function public.note_search_terms(title text, tags text[], body text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.array_to_string(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector(
    'simple'::regconfig,
    public.fold_accents(coalesce(title, '') || ' ' || public.tags_text(tags) || ' '
                        || left(coalesce(body, ''), 262144)))), ' ')
$$;

alter table public.notes add column search_terms text
  generated always as (public.note_search_terms(title, tags, body)) stored;
create index notes_search_terms_idx on public.notes
  using gin (search_terms extensions.gin_trgm_ops);

-- A plain-text snippet of a note around the first place any word of the query starts, or else
-- (a word of three letters or more) where it is found inside a word; the excerpt when that is
-- near the beginning or nothing is found in the first 50,000 characters.
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
    if found = 0 and length(word) >= 3 then
      found := strpos(folded, word);
    end if;
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

-- The best `max_results` notes for a query with their rank, in the three tiers above. SECURITY
-- DEFINER for the same reason as search_ranked (the caller's notebooks reach the planner as a
-- list); it applies the notes read policy's rule itself (the caller's notebooks while MFA is
-- satisfied, nothing in the trash), and search_notes reads the rows through RLS.
create or replace function public.search_matches(query text, max_results int default 20)
returns table (id uuid, rank real)
language plpgsql
stable
security definer
rows 20
set search_path = ''
set pg_trgm.word_similarity_threshold = 0.5
as $$
declare
  wanted int := least(greatest(coalesce(max_results, 20), 1), 50);
  tsq tsquery := public.prefix_tsquery(query);
  notebooks uuid[];
  found int := 0;
  words text[];
  short tsquery;
  matches text;
  inside text;
  in_title text;
  closeness text;
begin
  if tsq is null or not public.mfa_satisfied() then
    return;
  end if;
  notebooks := array(select public.my_notebook_ids('viewer'));

  -- Tier 1: today's full-text search.
  return query execute
    'with candidates as (
       select n.id, n.search, n.updated_at from public.notes n
       where n.notebook_id = any ($1) and n.deleted_at is null and n.search @@ $2
       order by n.updated_at desc, n.id desc
       limit 500
     )
     select c.id, (case
              when pg_catalog.ts_filter(c.search, ''{a}'') @@ $2 then 2
              when pg_catalog.ts_filter(c.search, ''{a,b}'') @@ $2 then 1
              else 0
            end + pg_catalog.ts_rank(c.search, $3))::real
     from candidates c
     order by 2 desc, c.updated_at desc, c.id
     limit $4'
    using notebooks, tsq, public.words_tsquery(query), wanted;
  get diagnostics found = row_count;
  if found >= wanted then
    return;
  end if;

  -- Tiers 2 and 3, for the words of three letters or more (at most 8); shorter words stay
  -- prefixes. Fewer full-text matches than wanted means all of them were returned above.
  select array_agg(w order by w) filter (where length(w) >= 3),
         public.prefix_tsquery(string_agg(w, ' ') filter (where length(w) < 3))
    into words, short
    from pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('simple'::regconfig,
           public.fold_accents(coalesce(left(query, 200), ''))))) w;
  if words is null then
    return;
  end if;
  words := words[1:8];
  select string_agg(format('(n.search_terms like %L or n.search_terms operator(extensions.%%>) %L)',
                           p, w), ' and '),
         string_agg(format('c.search_terms like %L', p), ' and '),
         string_agg(format('(c.title like %L or c.title operator(extensions.%%>) %L)', p, w),
                    ' and '),
         string_agg(format('extensions.strict_word_similarity(%L, c.search_terms)', w), ' + ')
    into matches, inside, in_title, closeness
    from (select w, '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%' p
          from pg_catalog.unnest(words) w) t;

  return query execute format(
    'with candidates as (
       select n.id, lower(public.fold_accents(n.title)) as title, n.search_terms, n.updated_at
       from public.notes n
       where n.notebook_id = any ($1) and n.deleted_at is null
         and %s and ($3::tsquery is null or n.search @@ $3) and not (n.search @@ $2)
       order by n.updated_at desc, n.id desc
       limit 500
     ), ranked as (
       select c.id, c.updated_at,
              ((case when %s then -1 else -2 end)
               + (case when %s then 0.5 else 0 end)
               + 0.4 * (%s) / %s)::real as rank
       from candidates c
     )
     select r.id, r.rank from ranked r
     order by r.rank desc, r.updated_at desc, r.id
     limit $4',
    matches, inside, in_title, closeness, cardinality(words))
    using notebooks, tsq, short, wanted - found;
end
$$;

revoke execute on function public.search_matches(text, int) from public, anon;
grant execute on function public.search_matches(text, int) to authenticated, service_role;

-- Same signature and columns as before; the ranked ids are read through RLS (a note that became
-- unreadable in between simply drops out).
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
set search_path = ''
as $$
  with ranked as materialized (
    select r.id, r.rank from public.search_matches(query, max_results) r
  )
  select n.id, n.notebook_id, nb.name, n.title, public.search_snippet(n.body, n.excerpt, query),
         n.tags, n.updated_at, r.rank
  from ranked r
  join public.notes n on n.id = r.id
  join public.notebooks nb on nb.id = n.notebook_id
  where n.deleted_at is null
  order by r.rank desc, n.updated_at desc, n.id
$$;

revoke execute on function public.search_notes(text, int) from public, anon;
grant execute on function public.search_notes(text, int) to authenticated, service_role;
