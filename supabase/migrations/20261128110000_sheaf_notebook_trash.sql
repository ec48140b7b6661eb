-- Notebook trash: deleting a notebook moves it to the trash with its notes for 30 days, as notes
-- go there (20261123100000_sheaf_trash.sql). Enforced here, not only in the app:
--
--   * notebooks.deleted_at / deleted_by are set by the database (server time, the caller):
--     moving a notebook to the trash is `update notebooks set deleted_at = now()`, restoring it
--     `set deleted_at = null`. Only the owner does either (the existing owner-only update
--     policy); a notebook in the trash cannot be renamed until it is restored.
--   * A trashed notebook is no notebook of anyone's: is_notebook_member() and my_notebook_ids()
--     leave it out, so every policy and function built on them (notes, attachments and their
--     files, versions, pins, members, invitations, the collaboration log, search, Realtime
--     topics) treats its notes as unreachable, for the owner too. Nothing in it is changed:
--     a restore brings back the notebook exactly as it was, with its notes, members, pins and
--     shares (notes trashed one by one before stay in the trash).
--   * The owner still reads the notebook's own row (the trash page, a notebook page opened by
--     URL), through public.trashed_notebooks() sees how many notes went with it, and may delete
--     it for good ("delete forever"): a DELETE only removes a notebook already in the trash.
--     Its files are removed through the Storage API first (public.trashed_notebook_files() and
--     the two storage policies below); what is missed is queued in public.storage_cleanup by
--     the existing delete trigger.
--   * After 30 days a trashed notebook is invisible and untouchable; public.purge_trash(), which
--     the app calls when Trash opens (no scheduler locally; pg_cron on a hosted project), now
--     removes those notebooks too (their notes, attachments, versions cascade, files queued).
--   * Members hear of it live: moving to the trash or restoring sends each member an `access`
--     broadcast on their private user: topic (reason 'notebook_trashed' / 'notebook_restored'),
--     as a membership change does — they cannot read the row any more, so no Postgres Change
--     reaches them.
--   * A notebook in the trash cannot be shared (new members or invitations).

alter table public.notebooks
  add column deleted_at timestamptz,
  add column deleted_by uuid references public.profiles (id) on delete set null;

create index notebooks_trash_idx on public.notebooks (owner_id, deleted_at desc)
  where deleted_at is not null;
create index notebooks_deleted_at_idx on public.notebooks (deleted_at) where deleted_at is not null;
create index notebooks_deleted_by_idx on public.notebooks (deleted_by);

-- The database stamps the trash (a trashed notebook keeps its first time); never born in it.
create or replace function public.notebooks_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.deleted_at := null;
    new.deleted_by := null;
    return new;
  end if;
  -- Foreign keys' own `on delete set null` (at depth > 1) may clear deleted_by.
  if pg_trigger_depth() > 1 then
    return new;
  end if;
  if new.deleted_at is not null and old.deleted_at is null then
    new.deleted_at := now();
    new.deleted_by := auth.uid();
  elsif new.deleted_at is not null then
    if new.name is distinct from old.name then
      raise exception 'a notebook in the trash cannot be renamed'
        using errcode = 'object_not_in_prerequisite_state',
              hint = 'Restore the notebook from the trash first.';
    end if;
    new.deleted_at := old.deleted_at;
    new.deleted_by := old.deleted_by;
  else
    new.deleted_by := null;
  end if;
  return new;
end
$$;
create trigger notebooks_before_write before insert or update on public.notebooks
  for each row execute function public.notebooks_before_write();

revoke execute on function public.notebooks_before_write() from public, anon, authenticated;

-- Membership of notebooks that are not in the trash (the same signatures, grants and estimates).
create or replace function public.is_notebook_member(notebook_id uuid, min_role text default 'viewer')
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.notebook_members m
    join public.notebooks b on b.id = m.notebook_id
    where m.notebook_id = is_notebook_member.notebook_id
      and m.user_id = auth.uid()
      and b.deleted_at is null
      and public.role_rank(m.role) >= public.role_rank(min_role)
  )
$$;

create or replace function public.my_notebook_ids(min_role text default 'viewer')
returns setof uuid
language sql
stable
rows 20
security definer
set search_path = ''
as $$
  select m.notebook_id
  from public.notebook_members m
  join public.notebooks b on b.id = m.notebook_id
  where m.user_id = auth.uid()
    and b.deleted_at is null
    and public.role_rank(m.role) >= public.role_rank(min_role)
$$;

-- The owner reads, restores and deletes their trashed notebook for 30 days; members read only
-- live notebooks (my_notebook_ids). Deleting is only ever "delete forever" from the trash.
alter policy "notebooks: members read" on public.notebooks
  using (
    (owner_id = (select auth.uid()) and (deleted_at is null or deleted_at > now() - interval '30 days'))
    or id = any (array(select public.my_notebook_ids('viewer')))
  );

alter policy "notebooks: owner updates" on public.notebooks
  using (
    owner_id = (select auth.uid())
    and (deleted_at is null or deleted_at > now() - interval '30 days')
  )
  with check (owner_id = (select auth.uid()));

alter policy "notebooks: owner deletes" on public.notebooks
  using (
    owner_id = (select auth.uid())
    and deleted_at is not null
    and deleted_at > now() - interval '30 days'
  );

-- The caller's notebooks in the trash (30 days at most), the most recently trashed first, with
-- how many notes (not counting those trashed on their own) went with each.
create or replace function public.trashed_notebooks()
returns table (id uuid, name text, deleted_at timestamptz, note_count integer)
language sql
stable
security definer
set search_path = ''
as $$
  select
    b.id,
    b.name,
    b.deleted_at,
    (select count(*)::int from public.notes n where n.notebook_id = b.id and n.deleted_at is null)
  from public.notebooks b
  where b.owner_id = auth.uid()
    and b.deleted_at is not null
    and b.deleted_at > now() - interval '30 days'
    and (select public.mfa_satisfied())
  order by b.deleted_at desc, b.id desc
$$;

-- True when the caller owns the (trashed, not yet expired) notebook an attachment object
-- belongs to: the owner removes those files before deleting the notebook for good.
create or replace function public.owns_trashed_notebook(notebook uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.notebooks b
    where b.id = notebook
      and b.owner_id = auth.uid()
      and b.deleted_at is not null
      and b.deleted_at > now() - interval '30 days'
  )
$$;

-- The storage paths of a trashed notebook's attachments, for its owner.
create or replace function public.trashed_notebook_files(notebook uuid)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select a.path from public.attachments a
  where a.notebook_id = notebook
    and public.owns_trashed_notebook(notebook)
    and (select public.mfa_satisfied())
  order by a.path
$$;

create or replace function public.trashed_attachment_object(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  folder text := (storage.foldername(object_name))[1];
begin
  if folder is null
     or folder !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    return false;
  end if;
  return public.owns_trashed_notebook(folder::uuid);
end
$$;

revoke execute on function public.trashed_notebooks(), public.owns_trashed_notebook(uuid),
  public.trashed_notebook_files(uuid), public.trashed_attachment_object(text) from public, anon;
grant execute on function public.trashed_notebooks(), public.owns_trashed_notebook(uuid),
  public.trashed_notebook_files(uuid), public.trashed_attachment_object(text)
  to authenticated, service_role;

-- Removing files answers with the removed rows, so the owner both sees and removes them.
create policy "attachments: the owner sees a trashed notebook's files" on storage.objects
  for select to authenticated
  using (bucket_id = 'attachments' and public.trashed_attachment_object(name));
create policy "attachments: the owner removes a trashed notebook's files" on storage.objects
  for delete to authenticated
  using (bucket_id = 'attachments' and public.trashed_attachment_object(name));

-- Removes notes and notebooks that have been in the trash for more than 30 days; returns how
-- many rows (notes and notebooks) went.
create or replace function public.purge_trash()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  notes_gone integer;
  notebooks_gone integer;
begin
  delete from public.notes where deleted_at <= now() - interval '30 days';
  get diagnostics notes_gone = row_count;
  delete from public.notebooks where deleted_at <= now() - interval '30 days';
  get diagnostics notebooks_gone = row_count;
  return notes_gone + notebooks_gone;
end
$$;

-- Moving to the trash or restoring tells every member on their own topic (see the header).
create or replace function public.broadcast_notebook_trash()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  trashed boolean := new.deleted_at is not null;
  m record;
begin
  for m in select x.user_id, x.role from public.notebook_members x where x.notebook_id = new.id loop
    perform realtime.send(
      jsonb_build_object(
        'notebook_id', new.id,
        'user_id', m.user_id,
        'role', case when trashed then null else m.role end,
        'previous_role', case when trashed then m.role else null end,
        'reason', case when trashed then 'notebook_trashed' else 'notebook_restored' end
      ),
      'access', 'user:' || m.user_id::text, true);
  end loop;
  return null;
end
$$;
create trigger notebooks_broadcast_trash after update of deleted_at on public.notebooks
  for each row when ((old.deleted_at is null) is distinct from (new.deleted_at is null))
  execute function public.broadcast_notebook_trash();

-- No new shares of a notebook in the trash. Only direct inserts (the share function's helpers)
-- are refused; an invitation claimed at sign-up (inside the auth.users trigger) still becomes
-- a membership, which shows once the notebook is restored.
create or replace function public.refuse_trashed_share()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_trigger_depth() = 1 and exists (
    select 1 from public.notebooks b where b.id = new.notebook_id and b.deleted_at is not null
  ) then
    raise exception 'a notebook in the trash cannot be shared'
      using errcode = 'object_not_in_prerequisite_state',
            hint = 'Restore the notebook from the trash first.';
  end if;
  return new;
end
$$;
create trigger notebook_members_refuse_trashed before insert on public.notebook_members
  for each row execute function public.refuse_trashed_share();
create trigger invitations_refuse_trashed before insert or update on public.invitations
  for each row execute function public.refuse_trashed_share();

revoke execute on function public.broadcast_notebook_trash(), public.refuse_trashed_share()
  from public, anon, authenticated;
