-- Search that forgives: a word found from inside ("ebra" finds "zebra") and despite a typo
-- ("launhc" finds "launch"), ranked below the full-text matches of 20261123110000_sheaf_search.sql.
--
-- public.search_vocabulary holds every word (3 to 64 letters, accent-folded, lower case) ever
-- written in a note's title, tags or body, with a GIN trigram index (pg_trgm). A typed word of
-- three letters or more is looked up there: the words holding it inside them (`like '%ebra%'`),
-- and, from four letters, the words like it (pg_trgm's word_similarity at least 0.5, so one
-- transposed or wrong letter in a word of six still counts; the 20 closest). Those words then
-- search the notes through the full-text index that already serves search_notes, so a typo costs
-- a lookup in a table of words plus a full-text search, never a trigram comparison with every
-- note. The vocabulary only grows (a word no note holds any more finds nothing) and nobody
-- reads it but search_matches(): row-level security on, no policy.
--
-- public.search_matches(query, max_results) ranks, as the caller, in three tiers:
--   1. full-text: every word a prefix or English stem (ranked as search_ranked ranks: title,
--      then tags, then body; whole words before prefixes; ranks ≥ 0, as before);
--   2. inside: every word a prefix, or inside a word of the note (ranks in [-1, 0));
--   3. typo: every word a prefix, inside a word, or like a word (ranks in [-2, -1)).
-- Words of one or two letters stay prefixes in every tier (trigrams cannot tell them apart).
-- Within tiers 2 and 3, notes whose title has every word come first, then titles closer to the
-- words typed (strict_word_similarity), then recency, then id. Tiers 2 and 3 are only looked
-- for when tier 1 has fewer matches than asked for, which keeps a short, common prefix as fast
-- as before; like tier 1, they rank the most recently edited 500 candidates.
--
-- pg_trgm lives in the `extensions` schema, as on hosted Supabase; its operators are named by
-- schema (operator(extensions.%>)) since these functions run with an empty search_path.

create extension if not exists pg_trgm with schema extensions;

-- The distinct words of a note (title, tags, body), folded and lower case.
create or replace function public.note_words(title text, tags text[], body text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('simple'::regconfig,
    public.fold_accents(coalesce(title, '') || ' ' || public.tags_text(tags) || ' '
                        || left(coalesce(body, ''), 262144))))
$$;

create table public.search_vocabulary (
  word text primary key check (length(word) between 3 and 64)
);
alter table public.search_vocabulary enable row level security;
create policy "mfa: aal2 when a factor is verified" on public.search_vocabulary
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
revoke all on public.search_vocabulary from anon, authenticated;
create index search_vocabulary_word_trgm_idx on public.search_vocabulary
  using gin (word extensions.gin_trgm_ops);

-- Adds the words of the notes a statement wrote (one insert per statement, however many rows),
-- in order: two saves adding the same new words wait for each other rather than deadlock.
create or replace function public.remember_note_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.search_vocabulary (word)
  select distinct w
  from written n, pg_catalog.unnest(public.note_words(n.title, n.tags, n.body)) w
  where length(w) between 3 and 64
  order by w
  on conflict do nothing;
  return null;
end
$$;

create trigger notes_remember_words_on_insert after insert on public.notes
  referencing new table as written
  for each statement execute function public.remember_note_words();
create trigger notes_remember_words_on_update after update on public.notes
  referencing new table as written
  for each statement execute function public.remember_note_words();

insert into public.search_vocabulary (word)
select distinct w
from public.notes n, pg_catalog.unnest(public.note_words(n.title, n.tags, n.body)) w
where length(w) between 3 and 64
on conflict do nothing;

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
-- list) and to read the vocabulary; it applies the notes read policy's rule itself (the
-- caller's notebooks while MFA is satisfied, nothing in the trash), and search_notes reads the
-- rows through RLS.
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
  typed text[];
  inside_q tsquery;
  any_q tsquery;
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

  -- Tiers 2 and 3: each word (at most 8) as a prefix or stem, or one of the vocabulary's words
  -- holding it (up to 50, shortest first), or, for tier 3, like it (up to 20, closest first).
  -- Fewer full-text matches than wanted means all of them were returned above.
  typed := array(
    select w from pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector(
      'simple'::regconfig, public.fold_accents(coalesce(left(query, 200), ''))))) w
    order by w limit 8);
  select pg_catalog.string_agg(t.prefix || t.inside || ')', ' & ')::tsquery,
         pg_catalog.string_agg(t.prefix || t.inside || t.typo || ')', ' & ')::tsquery
    into inside_q, any_q
  from (
    select
      '(' || pg_catalog.querytree(public.prefix_tsquery(w)) as prefix,
      coalesce((
        select pg_catalog.string_agg(' | ' || public.tsquery_quote(v.word), '')
        from (select v.word from public.search_vocabulary v
              where length(w) >= 3
                and v.word like '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
                and not starts_with(v.word, w)
              order by length(v.word), v.word
              limit 50) v), '') as inside,
      coalesce((
        select pg_catalog.string_agg(' | ' || public.tsquery_quote(v.word), '')
        from (select v.word from public.search_vocabulary v
              where length(w) >= 4 and v.word operator(extensions.%>) w
                and not starts_with(v.word, w) and strpos(v.word, w) = 0
              order by extensions.word_similarity(w, v.word) desc, v.word
              limit 20) v), '') as typo
    from pg_catalog.unnest(typed) w
  ) t;
  if any_q is null or any_q::text = tsq::text then
    return;
  end if;

  return query execute
    'with candidates as (
       select n.id, n.search, lower(public.fold_accents(n.title)) as title, n.updated_at
       from public.notes n
       where n.notebook_id = any ($1) and n.deleted_at is null
         and n.search @@ $4 and not (n.search @@ $2)
       order by n.updated_at desc, n.id desc
       limit 500
     ), ranked as (
       select c.id, c.updated_at,
              ((case when c.search @@ $3 then -1 else -2 end)
               + (case when pg_catalog.ts_filter(c.search, ''{a}'') @@ $4 then 0.5 else 0 end)
               + 0.4 * (select avg(extensions.strict_word_similarity(w, c.title)) from pg_catalog.unnest($5::text[]) w)
              )::real as rank
       from candidates c
     )
     select r.id, r.rank from ranked r
     order by r.rank desc, r.updated_at desc, r.id
     limit $6'
    using notebooks, tsq, inside_q, any_q, typed, wanted - found;
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
