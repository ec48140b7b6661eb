-- Links between notes. A link is written in a note's markdown body as an ordinary markdown link
-- whose URL names the target note by id: `[Title](sheaf:note/<uuid>)`. The title in the text is
-- only what the writer saw; the app shows the target's current title, resolved by id, so renames
-- and moves never break a link (docs/architecture.md, "Links between notes").
--
-- public.note_links holds one row per (source, target) pair and is kept by the database from
-- notes.body: a trigger re-reads the ids out of the body whenever it is written, so the table can
-- never disagree with the text (a link to an id that is no note is not a row; a note deleted for
-- good takes its rows with it). Nobody writes the table directly.
--
-- Who sees a link: only a reader of BOTH notes (the notes read policy decides, trash and MFA
-- included). So a backlink from a notebook you are not in never shows, and nor does a link into
-- one. note_backlinks(note) lists the notes that link to a note — those the caller can read,
-- not in the trash.

create table public.note_links (
  source_note_id uuid not null,
  source_notebook_id uuid not null,
  target_note_id uuid not null,
  target_notebook_id uuid not null,
  primary key (source_note_id, target_note_id),
  -- A note moved to another notebook carries its links (on update cascade).
  foreign key (source_note_id, source_notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade,
  foreign key (target_note_id, target_notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade,
  check (source_note_id <> target_note_id)
);
create index note_links_target_idx on public.note_links (target_note_id);
create index note_links_source_notebook_idx on public.note_links (source_note_id, source_notebook_id);
create index note_links_target_notebook_idx on public.note_links (target_note_id, target_notebook_id);

-- The note ids a markdown body links to (`](sheaf:note/<uuid>)`), each once.
create or replace function public.note_link_ids(body text)
returns setof uuid
language sql
immutable
set search_path = ''
as $$
  select distinct pg_catalog.lower(m[1])::uuid
  from pg_catalog.regexp_matches(
    coalesce(body, ''),
    '\]\(sheaf:note/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)',
    'g'
  ) as m
$$;

-- Makes a note's rows equal to the links in its body (security definer: a link may name a note
-- the writer cannot read; its row exists, but only readers of both notes ever see it).
create or replace function public.sync_note_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.body is not distinct from old.body then
    return null;
  end if;
  delete from public.note_links l
  where l.source_note_id = new.id
    and not (l.target_note_id = any (array(select public.note_link_ids(new.body))));
  insert into public.note_links (source_note_id, source_notebook_id, target_note_id, target_notebook_id)
  select new.id, new.notebook_id, t.id, t.notebook_id
  from public.notes t
  where t.id = any (array(select public.note_link_ids(new.body))) and t.id <> new.id
  on conflict do nothing;
  return null;
end
$$;
create trigger notes_sync_links after insert or update of body on public.notes
  for each row execute function public.sync_note_links();

revoke execute on function public.sync_note_links() from public, anon, authenticated;

-- The links already written.
insert into public.note_links (source_note_id, source_notebook_id, target_note_id, target_notebook_id)
select s.id, s.notebook_id, t.id, t.notebook_id
from public.notes s
cross join lateral public.note_link_ids(s.body) as l(id)
join public.notes t on t.id = l.id and t.id <> s.id
on conflict do nothing;

alter table public.note_links enable row level security;
revoke all on public.note_links from anon;
revoke insert, update, delete, truncate on public.note_links from authenticated;

-- The subqueries go through the notes read policy: a reader of both notes, nobody else.
create policy "note_links: readers of both notes" on public.note_links
  for select to authenticated
  using (
    exists (select 1 from public.notes s where s.id = source_note_id)
    and exists (select 1 from public.notes t where t.id = target_note_id)
  );
create policy "mfa: aal2 when a factor is verified" on public.note_links
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- "Linked from": the notes that link to `note`, which the caller can read and which are not in
-- the trash, by title.
create or replace function public.note_backlinks(note uuid)
returns table (id uuid, notebook_id uuid, notebook_name text, title text, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.id, s.notebook_id, nb.name, s.title, s.updated_at
  from public.note_links l
  join public.notes s on s.id = l.source_note_id
  join public.notebooks nb on nb.id = s.notebook_id
  where l.target_note_id = note and s.deleted_at is null
  order by pg_catalog.lower(s.title), s.id
$$;

revoke execute on function public.note_backlinks(uuid) from public, anon;
grant execute on function public.note_backlinks(uuid) to authenticated, service_role;
