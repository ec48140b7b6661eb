-- Moving a note to another notebook. The notes update policy already asks for an editor of the
-- note's notebook (using) and of the notebook it goes to (with check); what followed a note by
-- (id, notebook_id) already cascades (versions, document log, pins, links) — except its
-- attachments, whose rows and files are named `<notebook_id>/<note_id>/<file>`.
--
-- Now attachment rows follow their note (on update cascade) and take the new folder in their
-- path. The files themselves are renamed through the Storage API, never with SQL (hosted
-- Supabase keeps the bytes under the object's name): move_note() returns each file's old and new
-- name, and the mover renames them with the Storage API's move, which the bucket's update policy
-- allows to an editor of the old notebook into an existing note of the new one. Until a file is
-- renamed, it is readable only where it was (members of the old notebook).

alter table public.attachments
  drop constraint attachments_note_id_notebook_id_fkey,
  add constraint attachments_note_id_notebook_id_fkey
    foreign key (note_id, notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade;

-- An attachment row whose notebook changes takes the new notebook's folder in its path.
create or replace function public.attachments_follow_note()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  old_folder text := old.notebook_id::text || '/' || old.note_id::text || '/';
begin
  if new.notebook_id is distinct from old.notebook_id and new.path = old.path
     and pg_catalog.starts_with(old.path, old_folder) then
    new.path := new.notebook_id::text || '/' || new.note_id::text || '/'
      || pg_catalog.substr(old.path, pg_catalog.length(old_folder) + 1);
  end if;
  return new;
end
$$;
create trigger attachments_follow_note before update of notebook_id on public.attachments
  for each row execute function public.attachments_follow_note();

revoke execute on function public.attachments_follow_note() from public, anon, authenticated;

-- Moves a note to `to_notebook` (the caller must be an editor or the owner of both; a note in
-- the trash stays where it is). Returns {notebook_id, files: [{from, to}]}: the attachment files
-- the caller is to rename with the Storage API. Security invoker: the policies decide.
create or replace function public.move_note(note uuid, to_notebook uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  n public.notes;
  files jsonb;
begin
  select * into n from public.notes x where x.id = note;
  if n.id is null then
    raise exception 'this note does not exist or you cannot read it' using errcode = 'no_data_found';
  end if;
  if not public.is_notebook_member(n.notebook_id, 'editor')
     or not public.is_notebook_member(to_notebook, 'editor') then
    raise exception 'only editors of both notebooks can move this note'
      using errcode = 'insufficient_privilege';
  end if;
  if n.deleted_at is not null then
    raise exception 'a note in the trash cannot be moved'
      using errcode = 'object_not_in_prerequisite_state',
            hint = 'Restore the note from the trash first.';
  end if;
  if n.notebook_id = to_notebook then
    return jsonb_build_object('notebook_id', to_notebook, 'files', '[]'::jsonb);
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('from', a.path) order by a.path), '[]'::jsonb)
  into files
  from public.attachments a where a.note_id = note;
  update public.notes x set notebook_id = to_notebook where x.id = note;
  select coalesce(jsonb_agg(jsonb_build_object('from', f.value ->> 'from', 'to', a.path)), '[]'::jsonb)
  into files
  from jsonb_array_elements(files) f
  join public.attachments a
    on a.note_id = note
   and pg_catalog.substr(a.path, 75) = pg_catalog.substr(f.value ->> 'from', 75);
  return jsonb_build_object('notebook_id', to_notebook, 'files', files);
end
$$;

revoke execute on function public.move_note(uuid, uuid) from public, anon;
grant execute on function public.move_note(uuid, uuid) to authenticated, service_role;
