-- Note history: earlier versions of each note, kept by the database and restorable.
--
-- A version is the content a note had before an editing session began. When a note's content
-- changes, the state it replaces is kept as a version if it was last edited by someone else, or
-- more than 10 minutes ago (autosave writes every few seconds while someone types; one version
-- per sitting, not per keystroke). Empty states are not kept, and a note keeps its newest 100.
--
-- Members read a note's versions (as they read the note); nobody writes them directly — only the
-- trigger does. public.restore_note_version(id) puts a version's title, body and tags back (as
-- the caller: only editors, and not while the note is in the trash), keeping the state it
-- replaces as a version first, so a restore can itself be undone.

create table public.note_versions (
  id bigint generated always as identity primary key,
  note_id uuid not null,
  notebook_id uuid not null,
  title text not null,
  body text not null,
  tags text[] not null default '{}',
  -- Who wrote this state, and when it was written (the note's updated_by / updated_at then).
  edited_by uuid references public.profiles (id) on delete set null,
  edited_at timestamptz not null,
  created_at timestamptz not null default now(),
  foreign key (note_id, notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade
);
create index note_versions_note_idx on public.note_versions (note_id, id desc);
create index note_versions_notebook_idx on public.note_versions (notebook_id);
create index note_versions_edited_by_idx on public.note_versions (edited_by);

alter table public.note_versions enable row level security;
revoke all on public.note_versions from anon;
revoke insert, update, delete, truncate on public.note_versions from authenticated;

create policy "note_versions: members read" on public.note_versions
  for select to authenticated
  using (notebook_id = any (array(select public.my_notebook_ids('viewer'))));
create policy "mfa: aal2 when a factor is verified" on public.note_versions
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

create or replace function public.notes_keep_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.title, new.body, new.tags) is not distinct from (old.title, old.body, old.tags) then
    return null;
  end if;
  if old.title = '' and old.body = '' and old.tags = '{}' then
    return null;
  end if;
  if coalesce(current_setting('sheaf.keep_version', true), '') = 'on'
     or old.updated_by is distinct from new.updated_by
     or old.updated_at < now() - interval '10 minutes' then
    insert into public.note_versions (note_id, notebook_id, title, body, tags, edited_by, edited_at)
    values (old.id, new.notebook_id, old.title, old.body, old.tags, old.updated_by, old.updated_at);
    delete from public.note_versions v
    where v.note_id = old.id
      and v.id <= (
        select v2.id from public.note_versions v2 where v2.note_id = old.id
        order by v2.id desc offset 100 limit 1
      );
  end if;
  return null;
end
$$;
create trigger notes_keep_version after update of title, body, tags on public.notes
  for each row execute function public.notes_keep_version();

revoke execute on function public.notes_keep_version() from public, anon, authenticated;

-- Puts a version's content back into its note, keeping the current content as a version.
create or replace function public.restore_note_version(version_id bigint)
returns setof public.notes
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v public.note_versions;
begin
  select * into v from public.note_versions where id = version_id;
  if not found then
    raise exception 'this version does not exist or you cannot read it'
      using errcode = 'no_data_found';
  end if;
  perform pg_catalog.set_config('sheaf.keep_version', 'on', true);
  return query
    update public.notes n set title = v.title, body = v.body, tags = v.tags
    where n.id = v.note_id
    returning n.*;
  if not found then
    raise exception 'only editors can restore a version of this note'
      using errcode = 'insufficient_privilege';
  end if;
  perform pg_catalog.set_config('sheaf.keep_version', '', true);
end
$$;

revoke execute on function public.restore_note_version(bigint) from public, anon;
grant execute on function public.restore_note_version(bigint) to authenticated, service_role;
