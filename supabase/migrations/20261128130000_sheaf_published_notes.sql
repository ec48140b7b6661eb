-- Published notes: an owner or editor publishes a note read-only at an unguessable link that
-- anyone can open without an account; unpublishing ends it at once.
--
--   * public.published_notes holds one row per published note: its token (32 random bytes,
--     base64url, made here — never chosen by a client), who published it and when. Members of
--     the notebook see that a note is published (note_id, notebook_id, published_by,
--     published_at); only editors and the owner may read the token (published_note_token), and
--     no one reads it through REST: the column is not granted.
--   * Publishing is public.publish_note(note) (editors and the owner, a note not in the trash;
--     publishing again keeps the same link); unpublishing is public.unpublish_note(note), a
--     DELETE of the row under RLS (editors and the owner), after which the token opens nothing.
--     Publishing again makes a new token.
--   * public.published_note(token) — the only thing anonymous callers may run here — answers
--     the title, merged body (notes.body), last change and body_too_large of that one note, and
--     nothing (no row, no error) for a token that is unknown, unpublished, or whose note is in
--     the trash. A note restored from the trash is published again at the same link.
--   * public.published_note_files(token) lists that note's attachments, and
--     public.published_note_document(token) gives its document (note_document) when its merged
--     text is over the size limit, for the service role only: the published-note edge function
--     signs short-lived URLs for the files and shows the whole merged text.
-- Nothing here grants anonymous callers any table; RLS and the grants of earlier migrations keep
-- every note, notebook and file private. Deploys unchanged to hosted Supabase (pgcrypto lives in
-- the extensions schema there, as in the local stack).

create table public.published_notes (
  note_id uuid primary key,
  notebook_id uuid not null,
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{43}$'),
  published_by uuid default auth.uid() references public.profiles (id) on delete set null,
  published_at timestamptz not null default now(),
  foreign key (note_id, notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade
);
create index published_notes_notebook_idx on public.published_notes (notebook_id);
create index published_notes_published_by_idx on public.published_notes (published_by);

-- A new link token: 32 random bytes, base64url without padding (43 characters).
create or replace function public.new_publish_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_')
$$;

alter table public.published_notes enable row level security;
alter table public.published_notes force row level security;
revoke all on public.published_notes from public, anon, authenticated;
grant select (note_id, notebook_id, published_by, published_at) on public.published_notes
  to authenticated;
grant delete on public.published_notes to authenticated;

create policy "published_notes: members read" on public.published_notes
  for select to authenticated
  using (notebook_id = any (array(select public.my_notebook_ids('viewer'))));
create policy "published_notes: editors publish" on public.published_notes
  for insert to authenticated
  with check (public.is_notebook_member(notebook_id, 'editor'));
create policy "published_notes: editors unpublish" on public.published_notes
  for delete to authenticated
  using (public.is_notebook_member(notebook_id, 'editor'));
create policy "mfa: aal2 when a factor is verified" on public.published_notes
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- Publishes a note (or keeps it published) and returns its token. Editors and the owner of its
-- notebook, at aal2 when they have a verified factor, and only a note outside the trash; anyone
-- else — or a note that does not exist — gets the same refusal (42501).
create or replace function public.publish_note(note uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  notebook uuid;
  link text;
begin
  select n.notebook_id into notebook from public.notes n
  where n.id = note and n.deleted_at is null;
  if auth.uid() is null or notebook is null or not public.mfa_satisfied()
     or not public.is_notebook_member(notebook, 'editor') then
    raise exception 'only the editors and the owner of a notebook can publish its notes'
      using errcode = 'insufficient_privilege';
  end if;
  insert into public.published_notes (note_id, notebook_id, token, published_by)
  values (note, notebook, public.new_publish_token(), auth.uid())
  on conflict (note_id) do nothing;
  select p.token into link from public.published_notes p where p.note_id = note;
  return link;
end
$$;

-- Unpublishes a note, as the caller (the delete policy decides); answers whether it was
-- published. (Through REST a DELETE would return the row, token included, which no one reads.)
create or replace function public.unpublish_note(note uuid)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with gone as (delete from public.published_notes p where p.note_id = note returning 1)
  select count(*) > 0 from gone
$$;

-- The token of a published note, for its editors and owner; null otherwise (or unpublished).
create or replace function public.published_note_token(note uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.token from public.published_notes p
  where p.note_id = note
    and auth.uid() is not null
    and public.mfa_satisfied()
    and public.is_notebook_member(p.notebook_id, 'editor')
$$;

-- The published note a token opens, if any: still published, and neither the note nor its
-- notebook in the trash.
create or replace function public.published_note_row(link text)
returns setof public.notes
language sql
stable
security definer
set search_path = ''
as $$
  select n.* from public.published_notes p
  join public.notes n on n.id = p.note_id and n.notebook_id = p.notebook_id
  join public.notebooks b on b.id = n.notebook_id
  where link ~ '^[A-Za-z0-9_-]{43}$' and p.token = link
    and n.deleted_at is null and b.deleted_at is null
$$;

-- What anyone holding the link sees: exactly this, of exactly one note.
create or replace function public.published_note(token text)
returns table (title text, body text, updated_at timestamptz, body_too_large boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select n.title, n.body, n.updated_at, n.body_too_large
  from public.published_note_row(published_note.token) n
$$;

-- The files of the note a token opens (for the edge function that signs their URLs).
create or replace function public.published_note_files(token text)
returns table (path text, file_name text, mime_type text)
language sql
stable
security definer
set search_path = ''
as $$
  select a.path, a.file_name, a.mime_type
  from public.published_note_row(published_note_files.token) n
  join public.attachments a on a.note_id = n.id and a.notebook_id = n.notebook_id
  where a.path like n.notebook_id::text || '/' || n.id::text || '/%'
  order by a.path
$$;

-- The document of the note a token opens (for the function, when the merged text is over the
-- size limit and notes.body holds an earlier one).
create or replace function public.published_note_document(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.note_document(n.id, 0)
  from public.published_note_row(published_note_document.token) n
$$;

revoke execute on function public.new_publish_token(), public.published_note_row(text),
  public.published_note_files(text), public.published_note_document(text)
  from public, anon, authenticated;
revoke execute on function public.publish_note(uuid), public.unpublish_note(uuid),
  public.published_note_token(uuid) from public, anon;
grant execute on function public.publish_note(uuid), public.unpublish_note(uuid),
  public.published_note_token(uuid) to authenticated;
grant execute on function public.published_note(text) to anon, authenticated;
grant execute on function public.published_note_files(text),
  public.published_note_document(text) to service_role;
