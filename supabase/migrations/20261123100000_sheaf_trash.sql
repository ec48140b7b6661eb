-- Trash: deleting a note moves it to the trash, where it can be restored or deleted for good;
-- after 30 days it is gone. Enforced here, not only in the app:
--
--   * notes.deleted_at / deleted_by are set by the database (server time, the caller), never
--     by the client: moving a note to the trash is `update notes set deleted_at = now()`,
--     restoring it `set deleted_at = null`; a note already in the trash keeps its first time.
--   * A DELETE only removes a note that is already in the trash ("delete forever"); a note in
--     the trash cannot be edited until it is restored.
--   * After 30 days a trashed note is invisible and untouchable: the read, update and delete
--     policies leave it out, whether or not anything has purged it yet.
--   * public.purge_trash() removes those expired rows for good (their attachments and versions
--     cascade; the attachment files are queued in public.storage_cleanup like any deletion).
--     There is no scheduler in the local stack (no pg_cron), so the app calls it whenever Trash
--     is opened ("purge on access"); a hosted project may also schedule it with pg_cron:
--       select cron.schedule('sheaf-purge-trash', '17 3 * * *', 'select public.purge_trash()');
--
-- notes.updated_by records who last changed a note's content (versions use it to tell editing
-- sessions apart).

alter table public.notes
  add column deleted_at timestamptz,
  add column deleted_by uuid references public.profiles (id) on delete set null,
  add column updated_by uuid references public.profiles (id) on delete set null;

update public.notes set updated_by = author_id;

create index notes_trash_idx on public.notes (notebook_id, deleted_at desc)
  where deleted_at is not null;
create index notes_deleted_at_idx on public.notes (deleted_at) where deleted_at is not null;
create index notes_deleted_by_idx on public.notes (deleted_by);
create index notes_updated_by_idx on public.notes (updated_by);

-- Notes keep their author and creation time; updated_at and updated_by move when the content
-- changes (pinning or trashing does not reorder "recently edited"). Foreign keys' own
-- `on delete set null` (inside their trigger, at depth > 1) may clear the people columns.
create or replace function public.notes_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  direct boolean := pg_trigger_depth() <= 1;
begin
  new.created_at := old.created_at;
  if direct then
    new.author_id := old.author_id;
    if new.deleted_at is not null and old.deleted_at is null then
      new.deleted_at := now();
      new.deleted_by := auth.uid();
    elsif new.deleted_at is not null then
      new.deleted_at := old.deleted_at;
      new.deleted_by := old.deleted_by;
    else
      new.deleted_by := null;
    end if;
  end if;
  if (new.title, new.body, new.tags, new.notebook_id)
     is distinct from (old.title, old.body, old.tags, old.notebook_id) then
    if old.deleted_at is not null and new.deleted_at is not null then
      raise exception 'a note in the trash cannot be edited'
        using errcode = 'object_not_in_prerequisite_state',
              hint = 'Restore the note from the trash first.';
    end if;
    new.updated_at := now();
    if direct then
      new.updated_by := coalesce(auth.uid(), old.updated_by);
    end if;
  else
    new.updated_at := old.updated_at;
    if direct then
      new.updated_by := old.updated_by;
    end if;
  end if;
  return new;
end
$$;

-- A new note is never born in the trash; it was last edited by whoever wrote it.
create or replace function public.notes_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.deleted_at := null;
  new.deleted_by := null;
  new.updated_by := coalesce(auth.uid(), new.author_id);
  return new;
end
$$;
create trigger notes_before_insert before insert on public.notes
  for each row execute function public.notes_before_insert();

revoke execute on function public.notes_before_insert() from public, anon, authenticated;

alter policy "notes: members read" on public.notes
  using (
    notebook_id = any (array(select public.my_notebook_ids('viewer')))
    and (deleted_at is null or deleted_at > now() - interval '30 days')
  );

alter policy "notes: editors update" on public.notes
  using (
    public.is_notebook_member(notebook_id, 'editor')
    and (deleted_at is null or deleted_at > now() - interval '30 days')
  )
  with check (public.is_notebook_member(notebook_id, 'editor'));

alter policy "notes: editors delete" on public.notes
  using (
    public.is_notebook_member(notebook_id, 'editor')
    and deleted_at is not null
    and deleted_at > now() - interval '30 days'
  );

-- Removes notes that have been in the trash for more than 30 days; returns how many.
create or replace function public.purge_trash()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with purged as (
    delete from public.notes where deleted_at <= now() - interval '30 days' returning 1
  )
  select count(*)::int from purged
$$;

revoke execute on function public.purge_trash() from public, anon;
grant execute on function public.purge_trash() to authenticated, service_role;
