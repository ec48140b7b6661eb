-- Sheaf's buckets and their policies on storage.objects.
--
--   avatars      public read (the public URL needs no policy); a user writes only under
--                `<user_id>/`; listing and authenticated reads are limited to your own folder and
--                the folders of people you share a notebook with. 5 MB, raster images only.
--   attachments  private; object names are `<notebook_id>/<note_id>/<file>`. Members of the
--                notebook read, editors and the owner upload (only into an existing note of that
--                notebook), replace and remove. 50 MB.
--
-- A user with a verified MFA factor needs an aal2 token for any access to either bucket (a
-- restrictive policy, as on every Sheaf table). The buckets are also declared in config.toml
-- for the CLI; inserting them here gives a hosted project the same buckets.
-- Files of deleted notebooks and accounts are removed through the Storage API (see
-- public.storage_cleanup in the schema migration), never by deleting rows here.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 5242880,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('attachments', 'attachments', false, 52428800, null)
on conflict (id) do nothing;

-- The notebook of an attachment object name, when the caller has at least min_role in it.
-- With require_note, the note folder must be an existing note of that notebook (for uploads).
create or replace function public.can_access_attachment(
  object_name text,
  min_role text default 'viewer',
  require_note boolean default false
)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  folders text[] := storage.foldername(object_name);
  uuid_re constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  notebook uuid;
begin
  if coalesce(array_length(folders, 1), 0) <> 2
     or folders[1] !~ uuid_re or folders[2] !~ uuid_re then
    return false;
  end if;
  notebook := folders[1]::uuid;
  if require_note and not exists (
    select 1 from public.notes n where n.id = folders[2]::uuid and n.notebook_id = notebook
  ) then
    return false;
  end if;
  return public.is_notebook_member(notebook, min_role);
end
$$;

-- True when the caller may list or read the avatar folder: their own, or a co-member's.
create or replace function public.can_see_avatar_folder(object_name text)
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
  return folder::uuid = auth.uid() or public.shares_notebook_with(folder::uuid);
end
$$;

-- avatars
create policy "avatars: read own and co-members" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and public.can_see_avatar_folder(name));
create policy "avatars: upload own" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and coalesce(array_length(storage.foldername(name), 1), 0) = 1
  );
create policy "avatars: replace own" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and coalesce(array_length(storage.foldername(name), 1), 0) = 1
  );
create policy "avatars: remove own" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- attachments
create policy "attachments: members read" on storage.objects
  for select to authenticated
  using (bucket_id = 'attachments' and public.can_access_attachment(name, 'viewer'));
create policy "attachments: editors upload" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'attachments' and public.can_access_attachment(name, 'editor', true));
create policy "attachments: editors replace" on storage.objects
  for update to authenticated
  using (bucket_id = 'attachments' and public.can_access_attachment(name, 'editor'))
  with check (bucket_id = 'attachments' and public.can_access_attachment(name, 'editor', true));
create policy "attachments: editors remove" on storage.objects
  for delete to authenticated
  using (bucket_id = 'attachments' and public.can_access_attachment(name, 'editor'));

-- aal2 for users with a verified factor, in Sheaf's buckets only (other buckets are untouched).
create policy "sheaf buckets: aal2 when a factor is verified" on storage.objects
  as restrictive for all to authenticated
  using (bucket_id not in ('avatars', 'attachments') or (select public.mfa_satisfied()))
  with check (bucket_id not in ('avatars', 'attachments') or (select public.mfa_satisfied()));
