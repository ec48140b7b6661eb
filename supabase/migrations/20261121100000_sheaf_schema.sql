-- Sheaf's data model: profiles, notebooks, members, notes, attachments, invitations, and the
-- queue of storage paths to remove. Row-level security decides every access; the policies are
-- written against small security-definer helpers so no policy ever queries a table whose own
-- policy queries it back (no recursive RLS). Deploys unchanged to a hosted Supabase project:
-- only auth.uid(), auth.jwt(), auth.users, auth.mfa_factors and standard Postgres are used.
--
-- Roles in a notebook: owner (everything, sharing, deleting the notebook), editor (notes and
-- attachments), viewer (read). A user with a verified MFA factor must present an aal2 token for
-- any data access: one RESTRICTIVE policy per table (and per Sheaf bucket on storage.objects, in
-- the storage migration).
--
-- Files and deletion. Deleting a notebook or an account cascades through the tables, but the
-- files live in Storage. Rows of storage.objects must not be deleted with SQL (hosted Supabase
-- blocks it with a protection trigger, and doing so would orphan the bytes in the object store),
-- so files are removed through the Storage API:
--   1. the paths that a deletion leaves behind are queued in public.storage_cleanup by triggers
--      (an attachment row's exact path; a deleted notebook's `<notebook_id>/` prefix in the
--      `attachments` bucket; a deleted profile's `<user_id>/` prefix in `avatars`);
--   2. the `delete-account` edge function removes the user's files through the Storage API with
--      the service key before deleting the auth user, then drains the queue (removing every
--      queued path or prefix and deleting the queue rows); the app removes a notebook's files
--      before deleting it, and any function run with the service key may drain the queue, so
--      whatever a deletion missed is removed the next time it runs.

-- ---------------------------------------------------------------------------------------------
-- Helpers used by policies. Security definer so they read membership and MFA state without
-- going through RLS (that is what avoids recursion); search_path is empty so every name is
-- schema-qualified.

create or replace function public.role_rank(role text)
returns int
language sql
immutable
set search_path = ''
as $$
  select case role when 'viewer' then 1 when 'editor' then 2 when 'owner' then 3 else 0 end
$$;

-- Tags: at most 20, each 1 to 50 characters.
create or replace function public.valid_tags(tags text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_length(tags, 1), 0) <= 20
     and coalesce(array_ndims(tags), 1) = 1
     and not exists (
       select 1 from unnest(tags) t
       where t is null or char_length(t) < 1 or char_length(t) > 50
     )
$$;

-- Tags as one string for the search vector (array_to_string itself is only stable).
create or replace function public.tags_text(tags text[])
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(pg_catalog.array_to_string(tags, ' '), '')
$$;

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_at := old.created_at;
  new.updated_at := now();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Tables

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text check (display_name is null or char_length(display_name) <= 100),
  avatar_path text check (avatar_path is null or avatar_path like id::text || '/%'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.notebooks (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 100),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notebooks_owner_id_idx on public.notebooks (owner_id);

create table public.notebook_members (
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'editor', 'viewer')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (notebook_id, user_id)
);
create index notebook_members_user_id_idx on public.notebook_members (user_id, notebook_id);
create unique index notebook_members_one_owner_idx on public.notebook_members (notebook_id)
  where role = 'owner';

create table public.notes (
  id uuid primary key default gen_random_uuid(),
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  title text not null default '' check (char_length(title) <= 200),
  body text not null default '' check (octet_length(body) <= 1048576),
  tags text[] not null default '{}' check (public.valid_tags(tags)),
  pinned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, public.tags_text(tags)), 'B')
    || setweight(to_tsvector('english'::regconfig, left(body, 262144)), 'D')
  ) stored,
  unique (id, notebook_id)
);
create index notes_notebook_updated_idx on public.notes (notebook_id, updated_at desc, id desc);
create index notes_notebook_created_idx on public.notes (notebook_id, created_at desc, id desc);
create index notes_notebook_title_idx on public.notes (notebook_id, title, id);
create index notes_updated_idx on public.notes (updated_at desc, id desc);
create index notes_author_id_idx on public.notes (author_id);
create index notes_search_idx on public.notes using gin (search);
create index notes_tags_idx on public.notes using gin (tags);

create table public.attachments (
  id uuid primary key default gen_random_uuid(),
  note_id uuid not null,
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  path text not null unique
    check (path like notebook_id::text || '/' || note_id::text || '/_%'),
  file_name text not null check (char_length(file_name) between 1 and 255),
  size_bytes bigint not null check (size_bytes between 0 and 52428800),
  mime_type text check (mime_type is null or char_length(mime_type) <= 255),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (note_id, notebook_id) references public.notes (id, notebook_id) on delete cascade
);
create index attachments_note_id_idx on public.attachments (note_id, notebook_id);
create index attachments_notebook_id_idx on public.attachments (notebook_id);
create index attachments_created_by_idx on public.attachments (created_by);

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email like '_%@_%' and char_length(email) <= 320),
  role text not null check (role in ('editor', 'viewer')),
  invited_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (notebook_id, email)
);
create index invitations_email_idx on public.invitations (email);
create index invitations_invited_by_idx on public.invitations (invited_by);

-- Storage paths left behind by deletions; drained through the Storage API by edge functions
-- with the service key. `path` is an object name, or a folder prefix when it ends with '/'.
create table public.storage_cleanup (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  path text not null,
  owner_id uuid,
  created_at timestamptz not null default now()
);
create index storage_cleanup_owner_idx on public.storage_cleanup (owner_id);

-- ---------------------------------------------------------------------------------------------
-- Membership and MFA helpers (after the tables: SQL function bodies are checked at creation).

-- True when the caller may access data at the current assurance level: either the caller has
-- no verified MFA factor, or the token says aal2.
create or replace function public.mfa_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;

-- True when the caller is a member of the notebook with at least min_role.
create or replace function public.is_notebook_member(notebook_id uuid, min_role text default 'viewer')
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.notebook_members m
    where m.notebook_id = is_notebook_member.notebook_id
      and m.user_id = auth.uid()
      and public.role_rank(m.role) >= public.role_rank(min_role)
  )
$$;

-- The notebooks the caller is a member of with at least min_role (for set-based policies, which
-- Postgres evaluates once per query instead of once per row).
create or replace function public.my_notebook_ids(min_role text default 'viewer')
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.notebook_id from public.notebook_members m
  where m.user_id = auth.uid()
    and public.role_rank(m.role) >= public.role_rank(min_role)
$$;

-- True when the caller and the other user are both members of some notebook.
create or replace function public.shares_notebook_with(other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.notebook_members mine
    join public.notebook_members theirs on theirs.notebook_id = mine.notebook_id
    where mine.user_id = auth.uid() and theirs.user_id = other
  )
$$;

-- ---------------------------------------------------------------------------------------------
-- Triggers

create trigger profiles_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();
create trigger notebooks_updated_at before update on public.notebooks
  for each row execute function public.set_updated_at();
create trigger notebook_members_updated_at before update on public.notebook_members
  for each row execute function public.set_updated_at();

-- Notes keep their author and creation time; updated_at moves when the content changes (pinning
-- does not reorder the "recently updated" list). Only the foreign key's own `on delete set null`
-- (which runs inside its trigger, at depth > 1) may clear the author.
create or replace function public.notes_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if pg_trigger_depth() <= 1 then
    new.author_id := old.author_id;
  end if;
  new.created_at := old.created_at;
  if (new.title, new.body, new.tags, new.notebook_id)
     is distinct from (old.title, old.body, old.tags, old.notebook_id) then
    new.updated_at := now();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;
create trigger notes_before_update before update on public.notes
  for each row execute function public.notes_before_update();

create or replace function public.attachments_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if pg_trigger_depth() <= 1 then
    new.created_by := old.created_by;
  end if;
  new.created_at := old.created_at;
  return new;
end
$$;
create trigger attachments_before_update before update on public.attachments
  for each row execute function public.attachments_before_update();

-- The creator of a notebook is its owner member (after insert: the row must exist for the
-- foreign key; the notebooks select policy also admits owner_id so INSERT … RETURNING works).
create or replace function public.add_notebook_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notebook_members (notebook_id, user_id, role)
  values (new.id, new.owner_id, 'owner')
  on conflict (notebook_id, user_id) do update set role = 'owner';
  return null;
end
$$;
create trigger notebooks_add_owner after insert on public.notebooks
  for each row execute function public.add_notebook_owner();

create or replace function public.normalize_invitation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;
create trigger invitations_normalize before insert or update on public.invitations
  for each row execute function public.normalize_invitation();

-- A profile for every new user: the display name from the sign-up metadata, else the email's
-- local part.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, display_name)
  values (
    new.id,
    left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''),
      nullif(split_part(coalesce(new.email, ''), '@', 1), '')
    ), 100)
  )
  on conflict (id) do nothing;
  return null;
end
$$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Pending invitations become memberships once the address is confirmed as the user's (at sign-up
-- with confirmations off, when the confirmation link or code is used, when an invited user
-- accepts, or when a confirmed email change lands). Claiming on unconfirmed addresses would let
-- anyone sign up with someone else's address and take their invitations.
create or replace function public.claim_invitations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(new.email));
begin
  if new.email_confirmed_at is null or address is null or address = '' then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.email_confirmed_at is not null
     and lower(old.email) is not distinct from address then
    return null;
  end if;
  insert into public.notebook_members (notebook_id, user_id, role)
  select i.notebook_id, new.id, i.role from public.invitations i where i.email = address
  on conflict (notebook_id, user_id) do nothing;
  delete from public.invitations i where i.email = address;
  return null;
end
$$;
create trigger on_auth_user_email_confirmed after insert or update of email, email_confirmed_at
  on auth.users for each row execute function public.claim_invitations();

-- Queue the storage paths a deletion leaves behind (see the header).
create or replace function public.queue_storage_cleanup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'attachments' then
    insert into public.storage_cleanup (bucket_id, path, owner_id)
    values ('attachments', old.path, old.created_by);
  elsif tg_table_name = 'notebooks' then
    insert into public.storage_cleanup (bucket_id, path, owner_id)
    values ('attachments', old.id::text || '/', old.owner_id);
  elsif tg_table_name = 'profiles' and tg_op = 'DELETE' then
    insert into public.storage_cleanup (bucket_id, path, owner_id)
    values ('avatars', old.id::text || '/', old.id);
  elsif tg_table_name = 'profiles' and old.avatar_path is not null
        and old.avatar_path is distinct from new.avatar_path then
    insert into public.storage_cleanup (bucket_id, path, owner_id)
    values ('avatars', old.avatar_path, old.id);
  end if;
  return null;
end
$$;
create trigger attachments_queue_cleanup after delete on public.attachments
  for each row execute function public.queue_storage_cleanup();
create trigger notebooks_queue_cleanup after delete on public.notebooks
  for each row execute function public.queue_storage_cleanup();
create trigger profiles_queue_cleanup after delete or update of avatar_path on public.profiles
  for each row execute function public.queue_storage_cleanup();

-- ---------------------------------------------------------------------------------------------
-- Row-level security

alter table public.profiles enable row level security;
alter table public.notebooks enable row level security;
alter table public.notebook_members enable row level security;
alter table public.notes enable row level security;
alter table public.attachments enable row level security;
alter table public.invitations enable row level security;
alter table public.storage_cleanup enable row level security;
-- Forced where no security-definer helper or trigger reads the table as its owner.
alter table public.notes force row level security;
alter table public.attachments force row level security;

-- Nothing here is for anonymous callers; the queue is for the service role only.
revoke all on public.profiles, public.notebooks, public.notebook_members, public.notes,
  public.attachments, public.invitations, public.storage_cleanup from anon;
revoke all on public.storage_cleanup from authenticated;
revoke execute on function public.handle_new_user(), public.claim_invitations(),
  public.queue_storage_cleanup(), public.add_notebook_owner() from public, anon, authenticated;

-- profiles: yourself and the people you share a notebook with; you edit only your own.
create policy "profiles: read own and co-members" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or public.shares_notebook_with(id));
create policy "profiles: update own" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- notebooks: members read; the owner creates, renames, deletes.
create policy "notebooks: members read" on public.notebooks
  for select to authenticated
  using (owner_id = (select auth.uid()) or id in (select public.my_notebook_ids('viewer')));
create policy "notebooks: create own" on public.notebooks
  for insert to authenticated
  with check (owner_id = (select auth.uid()));
create policy "notebooks: owner updates" on public.notebooks
  for update to authenticated
  using (owner_id = (select auth.uid()))
  with check (owner_id = (select auth.uid()));
create policy "notebooks: owner deletes" on public.notebooks
  for delete to authenticated
  using (owner_id = (select auth.uid()));

-- notebook_members: members see each other; the owner adds, changes and removes editors and
-- viewers; anyone but the owner may leave.
create policy "members: members read" on public.notebook_members
  for select to authenticated
  using (notebook_id in (select public.my_notebook_ids('viewer')));
create policy "members: owner adds" on public.notebook_members
  for insert to authenticated
  with check (role in ('editor', 'viewer') and public.is_notebook_member(notebook_id, 'owner'));
create policy "members: owner changes roles" on public.notebook_members
  for update to authenticated
  using (role <> 'owner' and public.is_notebook_member(notebook_id, 'owner'))
  with check (role in ('editor', 'viewer') and public.is_notebook_member(notebook_id, 'owner'));
create policy "members: owner removes, members leave" on public.notebook_members
  for delete to authenticated
  using (
    role <> 'owner'
    and (user_id = (select auth.uid()) or public.is_notebook_member(notebook_id, 'owner'))
  );

-- notes: members read; editors and the owner write.
create policy "notes: members read" on public.notes
  for select to authenticated
  using (notebook_id in (select public.my_notebook_ids('viewer')));
create policy "notes: editors create" on public.notes
  for insert to authenticated
  with check (author_id = (select auth.uid()) and public.is_notebook_member(notebook_id, 'editor'));
create policy "notes: editors update" on public.notes
  for update to authenticated
  using (public.is_notebook_member(notebook_id, 'editor'))
  with check (public.is_notebook_member(notebook_id, 'editor'));
create policy "notes: editors delete" on public.notes
  for delete to authenticated
  using (public.is_notebook_member(notebook_id, 'editor'));

-- attachments: members read; editors and the owner write.
create policy "attachments: members read" on public.attachments
  for select to authenticated
  using (notebook_id in (select public.my_notebook_ids('viewer')));
create policy "attachments: editors create" on public.attachments
  for insert to authenticated
  with check (created_by = (select auth.uid()) and public.is_notebook_member(notebook_id, 'editor'));
create policy "attachments: editors update" on public.attachments
  for update to authenticated
  using (public.is_notebook_member(notebook_id, 'editor'))
  with check (public.is_notebook_member(notebook_id, 'editor'));
create policy "attachments: editors delete" on public.attachments
  for delete to authenticated
  using (public.is_notebook_member(notebook_id, 'editor'));

-- invitations: only the notebook's owner sees and manages them.
create policy "invitations: owner reads" on public.invitations
  for select to authenticated
  using (public.is_notebook_member(notebook_id, 'owner'));
create policy "invitations: owner creates" on public.invitations
  for insert to authenticated
  with check (invited_by = (select auth.uid()) and public.is_notebook_member(notebook_id, 'owner'));
create policy "invitations: owner updates" on public.invitations
  for update to authenticated
  using (public.is_notebook_member(notebook_id, 'owner'))
  with check (public.is_notebook_member(notebook_id, 'owner'));
create policy "invitations: owner deletes" on public.invitations
  for delete to authenticated
  using (public.is_notebook_member(notebook_id, 'owner'));

-- A user with a verified MFA factor needs an aal2 token for any access to any of these tables.
create policy "mfa: aal2 when a factor is verified" on public.profiles
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "mfa: aal2 when a factor is verified" on public.notebooks
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "mfa: aal2 when a factor is verified" on public.notebook_members
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "mfa: aal2 when a factor is verified" on public.notes
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "mfa: aal2 when a factor is verified" on public.attachments
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "mfa: aal2 when a factor is verified" on public.invitations
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
