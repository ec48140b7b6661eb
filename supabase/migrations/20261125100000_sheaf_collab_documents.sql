-- Collaborative notes: each note's text is a Yjs document, stored as an append-only log of
-- document updates that editors write and members read, compacted now and then into one
-- snapshot. notes.body keeps the merged text, so search, lists and export keep reading a column.
--
-- The log. public.note_updates holds one row per stored update, numbered per note by `seq`.
-- Appends to one note are serialised (a per-note lock, held until commit), so seq numbers are
-- handed out in commit order with no gaps: whoever has read every row up to seq N has the whole
-- prefix, and "the rows after N" is always exactly what they lack. Compaction replaces the rows
-- 1..N with one `snapshot` row numbered N holding their merge, in one transaction, so that rule
-- still holds for every reader whatever their N.
--
-- Who may do what (Postgres decides, not the app):
--   * members (viewers too) read the log of notes in their notebooks;
--   * editors and the owner append (insert; the row's number, author and time are set here,
--     never taken from the client, and its notebook must be the note's); viewers, strangers and
--     anon are refused (42501);
--   * nobody updates rows; rows are deleted only by compact_note_updates() (as an editor), which
--     puts their merge in their place in the same transaction.
--
-- The body. notes.body is the text of the merged document; notes.body_seq says which prefix of
-- the log it reflects at least. The body is written by editors' clients through
-- set_note_body() / append_note_update(), and only forwards: a write naming a prefix no longer
-- than body_seq changes nothing, so a slow client can never put back an older text. Once a note
-- has a document its body can only be written that way (any other UPDATE of body is refused),
-- because the document is what everyone edits: a body written beside it would be overwritten by
-- the next save. Before a note has a document (new, imported, or older than collaboration) its
-- body is the source: the first client to open it seeds the document from the body, and the
-- seed is only stored while the body is still the one it was made from.
--
-- Everything here is standard Postgres with auth.uid(): it deploys unchanged to hosted Supabase.

create table public.note_updates (
  note_id uuid not null,
  seq bigint not null,
  notebook_id uuid not null,
  kind text not null default 'update' check (kind in ('update', 'snapshot')),
  data bytea not null check (octet_length(data) between 1 and 4194304),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (note_id, seq),
  foreign key (note_id, notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade
);
create index note_updates_notebook_idx on public.note_updates (notebook_id);
create index note_updates_created_by_idx on public.note_updates (created_by);

alter table public.notes add column body_seq bigint not null default 0;

-- The lock that serialises whatever changes one note's log, or its body beside the log; held
-- until the transaction ends.
create or replace function public.lock_note_document(note uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('sheaf.note_document:' || note::text, 0))
$$;

-- Numbers an appended row (the next number, under the note's lock: a statement in a volatile
-- function sees every append committed before the lock was granted) and sets what the database
-- decides: its author and time. The notebook comes from the writer and is held to the note's
-- by the foreign key. Snapshots are written only while compact_note_updates() runs.
create or replace function public.note_updates_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.lock_note_document(new.note_id);
  if coalesce(current_setting('sheaf.compacting', true), '') = 'on' then
    return new;
  end if;
  new.kind := 'update';
  new.created_by := auth.uid();
  new.created_at := now();
  select coalesce(max(u.seq), 0) + 1 into new.seq
  from public.note_updates u where u.note_id = new.note_id;
  return new;
end
$$;
create trigger note_updates_before_insert before insert on public.note_updates
  for each row execute function public.note_updates_before_insert();

-- The body of a note with a document is written only through set_note_body() (next
-- migration), and body_seq only with it.
create or replace function public.notes_body_from_document()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(current_setting('sheaf.body_from_document', true), '') = 'on' then
    return new;
  end if;
  new.body_seq := old.body_seq;
  if new.body is distinct from old.body then
    perform public.lock_note_document(new.id);
    if exists (select 1 from public.note_updates u where u.note_id = new.id) then
      raise exception 'this note is edited together: its text is saved through its document'
        using errcode = 'object_not_in_prerequisite_state',
              hint = 'Write the text through the collaborative editor (append_note_update).';
    end if;
  end if;
  return new;
end
$$;
create trigger notes_body_from_document before update of body, body_seq on public.notes
  for each row execute function public.notes_body_from_document();

create or replace function public.notes_body_seq_on_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.body_seq := 0;
  return new;
end
$$;
create trigger notes_body_seq_on_insert before insert on public.notes
  for each row execute function public.notes_body_seq_on_insert();

revoke execute on function public.note_updates_before_insert(), public.notes_body_from_document(),
  public.notes_body_seq_on_insert() from public, anon, authenticated;
revoke execute on function public.lock_note_document(uuid) from public, anon;
grant execute on function public.lock_note_document(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Row-level security. Every function here and in the next migration runs as the caller
-- (security invoker), so these policies decide every read and write of the log.
-- `sheaf.compacting` is set only by compact_note_updates() for its own statements (clients
-- cannot set settings through the API), so the compaction policies admit nothing else.

alter table public.note_updates enable row level security;
alter table public.note_updates force row level security;
revoke all on public.note_updates from anon;
revoke update, truncate on public.note_updates from authenticated;

create policy "note_updates: members read" on public.note_updates
  for select to authenticated
  using (notebook_id = any (array(select public.my_notebook_ids('viewer'))));
create policy "note_updates: editors append" on public.note_updates
  for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and public.is_notebook_member(notebook_id, 'editor')
    and (kind = 'update' or coalesce(current_setting('sheaf.compacting', true), '') = 'on')
  );
create policy "note_updates: compaction replaces what it merged" on public.note_updates
  for delete to authenticated
  using (
    coalesce(current_setting('sheaf.compacting', true), '') = 'on'
    and public.is_notebook_member(notebook_id, 'editor')
  );
create policy "mfa: aal2 when a factor is verified" on public.note_updates
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
