-- Search as you type, faster: the ranking moves next to the candidates.
--
-- search_notes() ranked its 500 candidates after looking each up again by primary key through
-- row-level security, which checks every row against the caller's notebooks (an array of up
-- to a thousand ids): with 100,000 readable notes that lookup was most of a keystroke's time.
-- search_ranked() instead ranks the candidates where it finds them — inside the SECURITY
-- DEFINER function that already limits them to the caller's notebooks (the notes read policy's
-- own rule, MFA included) — and hands back only the best `max_results` ids with their rank;
-- search_notes() reads just those rows through RLS. The results, their order and the rules
-- are those of 20261123110000_sheaf_search.sql: the 500 most recently edited matches ranked by
-- title match, then title and tags, then ts_rank of the whole words typed, then recency.

create or replace function public.search_ranked(tsq tsquery, words tsquery, cap int, max_results int)
returns table (id uuid, rank real)
language plpgsql
stable
security definer
rows 20
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
    'with candidates as (
       select n.id, n.search, n.updated_at from public.notes n
       where n.notebook_id = any ($1) and n.deleted_at is null and n.search @@ $2
       order by n.updated_at desc, n.id desc
       limit $3
     )
     select c.id, (case
              when pg_catalog.ts_filter(c.search, ''{a}'') @@ $2 then 2
              when pg_catalog.ts_filter(c.search, ''{a,b}'') @@ $2 then 1
              else 0
            end + pg_catalog.ts_rank(c.search, $4))::real
     from candidates c
     order by 2 desc, c.updated_at desc, c.id
     limit $5'
    using notebooks, tsq, least(greatest(cap, 1), 2000), words,
          least(greatest(coalesce(max_results, 20), 1), 50);
end
$$;

revoke execute on function public.search_ranked(tsquery, tsquery, int, int) from public, anon;
grant execute on function public.search_ranked(tsquery, tsquery, int, int)
  to authenticated, service_role;

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
    select r.id, r.rank
    from public.search_ranked(public.prefix_tsquery(query), public.words_tsquery(query), 500,
                              max_results) r
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
