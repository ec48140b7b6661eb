-- Titles merge like bodies, and a note's text over the size limit is a state, not a silence.
--
-- The title. A note's document (see 20261125100000_sheaf_collab_documents.sql) holds its title
-- as a Yjs text beside the body, so two people editing the title at once both keep their words.
-- notes.title is the title of the merged document, written by editors' clients with the body
-- (set_note_text, append_note_update, compact_note_updates), forwards only: notes.title_seq
-- says which prefix of the log it reflects, as body_seq does for the body. A note whose title
-- was never written from its document (title_seq = 0: new, imported, or edited before titles
-- were shared) still takes a title written directly; its first editor seeds the document's
-- title from notes.title (note_document returns it as title_seed). From the first title written
-- from the document on, any other write of the title is refused (55000), as for the body.
--
-- The size limit. notes.body holds at most 1 MiB of UTF-8 (the notes table's check). When the
-- merged text is larger, editors' clients say so instead of writing it, and
-- notes.body_too_large records it: lists, search and exports then show that the body they have
-- is an earlier text, until a body that fits is written again. Clients refuse local edits that
-- would pass the limit; this covers what concurrent edits merge past it.
--
-- Everything runs as the caller (security invoker): the policies of the earlier migrations
-- decide, as they do for the REST API. Deploys unchanged to hosted Supabase.

alter table public.notes add column title_seq bigint not null default 0;
alter table public.notes add column body_too_large boolean not null default false;

-- title_seq and body_too_large are set here and by the functions below, never by a client.
create or replace function public.notes_body_seq_on_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.body_seq := 0;
  new.title_seq := 0;
  new.body_too_large := false;
  return new;
end
$$;

-- The body of a note with a document, and its title once written from the document, change
-- only through the functions below (which set sheaf.body_from_document for their statement).
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
  new.title_seq := old.title_seq;
  new.body_too_large := old.body_too_large;
  if new.body is distinct from old.body then
    perform public.lock_note_document(new.id);
    if exists (select 1 from public.note_updates u where u.note_id = new.id) then
      raise exception 'this note is edited together: its text is saved through its document'
        using errcode = 'object_not_in_prerequisite_state',
              hint = 'Write the text through the collaborative editor (append_note_update).';
    end if;
  end if;
  if new.title is distinct from old.title and old.title_seq > 0 then
    raise exception 'this note is edited together: its title is saved through its document'
      using errcode = 'object_not_in_prerequisite_state',
            hint = 'Write the title through the collaborative editor (append_note_update).';
  end if;
  return new;
end
$$;
drop trigger notes_body_from_document on public.notes;
create trigger notes_body_from_document
  before update of body, body_seq, title, title_seq, body_too_large on public.notes
  for each row execute function public.notes_body_from_document();

-- A note's document as a member reads it (as before), with where the title stands: the title
-- stored now, title_seq, and title_seed — notes.title while no title was written from the
-- document yet, else null.
create or replace function public.note_document(note uuid, after_seq bigint default 0)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  n public.notes;
  f record;
  stored bigint;
begin
  select * into n from public.notes x where x.id = note;
  if n.id is null then
    raise exception 'this note does not exist or you cannot read it' using errcode = 'no_data_found';
  end if;
  select * into f from public.note_update_frames(note, after_seq);
  select count(*) into stored from public.note_updates u where u.note_id = note;
  return jsonb_build_object(
    'frames', f.frames,
    'count', f.row_count,
    'last_seq', coalesce(f.last_seq, (select max(u.seq) from public.note_updates u where u.note_id = note), 0),
    'stored', stored,
    'body_seq', n.body_seq,
    'seed', case when stored = 0 then n.body end,
    'title', n.title,
    'title_seq', n.title_seq,
    'title_seed', case when n.title_seq = 0 then n.title end,
    'body_too_large', n.body_too_large
  );
end
$$;

-- Writes the merged text of the note's log up to `through_seq`: the title (unless null, or the
-- title already reflects that much) and the body (likewise). With `too_large` instead of a body,
-- records that the merged body does not fit (notes.body keeps the earlier text it has). Answers
-- whether anything was written. Editors only. A title or body over its limit is refused
-- (23514, check_violation) and nothing is written.
create or replace function public.set_note_text(
  note uuid,
  through_seq bigint,
  new_title text default null,
  new_body text default null,
  too_large boolean default false
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  notebook uuid;
  last bigint;
  changed int;
  body_too bool := coalesce(too_large, false) and new_body is null;
begin
  select x.notebook_id into notebook from public.notes x where x.id = note;
  if notebook is null then
    raise exception 'this note does not exist or you cannot read it' using errcode = 'no_data_found';
  end if;
  if not public.is_notebook_member(notebook, 'editor') then
    raise exception 'only editors can change this note' using errcode = 'insufficient_privilege';
  end if;
  select max(u.seq) into last from public.note_updates u where u.note_id = note;
  if through_seq is null or through_seq < 1 or last is null or through_seq > last then
    raise exception 'the note''s document has no stored update numbered %', through_seq
      using errcode = 'invalid_parameter_value';
  end if;
  if new_title is null and new_body is null and not body_too then
    return false;
  end if;
  perform pg_catalog.set_config('sheaf.body_from_document', 'on', true);
  update public.notes x set
    title = case when new_title is not null and x.title_seq < through_seq
      then new_title else x.title end,
    title_seq = case when new_title is not null and x.title_seq < through_seq
      then through_seq else x.title_seq end,
    body = case when new_body is not null and x.body_seq < through_seq
      then new_body else x.body end,
    body_too_large = case
      when new_body is not null and x.body_seq < through_seq then false
      when body_too and x.body_seq < through_seq then true
      else x.body_too_large end,
    body_seq = case when (new_body is not null or body_too) and x.body_seq < through_seq
      then through_seq else x.body_seq end
  where x.id = note
    and ((new_title is not null and x.title_seq < through_seq)
      or ((new_body is not null or body_too) and x.body_seq < through_seq));
  get diagnostics changed = row_count;
  perform pg_catalog.set_config('sheaf.body_from_document', '', true);
  return changed > 0;
end
$$;

-- The body alone, as before (kept for clients that write only the body).
create or replace function public.set_note_body(note uuid, new_body text, through_seq bigint)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if new_body is null then
    raise exception 'the note''s document has no stored update numbered %', through_seq
      using errcode = 'invalid_parameter_value';
  end if;
  return public.set_note_text(note, through_seq, null, new_body);
end
$$;

-- Appends one document update, as before; with `new_title` / `new_body` / `too_large` (the
-- client's merged title and body, or that its body does not fit) they are written when nothing
-- was stored in between, i.e. when the client's text reflects the whole log. A title or body
-- over its limit is not written (text_error 'too_large'; body_error kept for older clients) and
-- does not undo the append.
drop function public.append_note_update(uuid, text, bigint, text, text);
create function public.append_note_update(
  note uuid,
  doc_update text,
  after_seq bigint default null,
  new_body text default null,
  seed_sha256 text default null,
  new_title text default null,
  too_large boolean default false
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  notebook uuid;
  new_seq bigint;
  between_frames text := '';
  between_count bigint := 0;
  saved boolean := false;
  text_error text;
begin
  select x.notebook_id into notebook from public.notes x where x.id = note;
  if notebook is null then
    raise exception 'this note does not exist or you cannot read it' using errcode = 'no_data_found';
  end if;
  if seed_sha256 is not null then
    perform public.lock_note_document(note);
    if exists (select 1 from public.note_updates u where u.note_id = note)
       or not exists (
         select 1 from public.notes x
         where x.id = note
           and pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(x.body, 'UTF8')), 'hex')
             = pg_catalog.lower(seed_sha256)
       ) then
      return jsonb_build_object('seed_conflict', true);
    end if;
  end if;
  insert into public.note_updates (note_id, notebook_id, data)
  values (note, notebook, pg_catalog.decode(doc_update, 'base64'))
  returning seq into new_seq;
  if after_seq is not null and after_seq < new_seq then
    select f.frames, f.row_count into between_frames, between_count
    from public.note_update_frames(note, after_seq, new_seq) f;
  end if;
  if (new_body is not null or new_title is not null or coalesce(too_large, false))
     and after_seq is not null and after_seq = new_seq - 1 then
    begin
      saved := public.set_note_text(note, new_seq, new_title, new_body, too_large);
    exception when check_violation then
      text_error := 'too_large';
    end;
  end if;
  return jsonb_build_object(
    'seq', new_seq,
    'frames', between_frames,
    'count', between_count,
    'body_saved', saved,
    'body_error', text_error,
    'text_error', text_error
  );
end
$$;

-- Compaction, as before; with `new_title` / `new_body` (the snapshot's text) they are written
-- too, and with `too_large` that the snapshot's body does not fit.
drop function public.compact_note_updates(uuid, bigint, text, text);
create function public.compact_note_updates(
  note uuid,
  through_seq bigint,
  snapshot text,
  new_body text default null,
  new_title text default null,
  too_large boolean default false
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  notebook uuid;
  last bigint;
  snap bigint;
begin
  select x.notebook_id into notebook from public.notes x where x.id = note;
  if notebook is null then
    raise exception 'this note does not exist or you cannot read it' using errcode = 'no_data_found';
  end if;
  if not public.is_notebook_member(notebook, 'editor') then
    raise exception 'only editors can change this note' using errcode = 'insufficient_privilege';
  end if;
  perform public.lock_note_document(note);
  select max(u.seq), max(u.seq) filter (where u.kind = 'snapshot') into last, snap
  from public.note_updates u where u.note_id = note;
  if through_seq is null or through_seq < 1 or last is null or through_seq > last
     or snapshot is null or snapshot = '' then
    raise exception 'the note''s document has no stored update numbered %', through_seq
      using errcode = 'invalid_parameter_value';
  end if;
  if coalesce(snap, 0) >= through_seq then
    return false;
  end if;
  perform pg_catalog.set_config('sheaf.compacting', 'on', true);
  delete from public.note_updates u where u.note_id = note and u.seq <= through_seq;
  insert into public.note_updates (note_id, notebook_id, seq, kind, data, created_by)
  values (note, notebook, through_seq, 'snapshot', pg_catalog.decode(snapshot, 'base64'), auth.uid());
  perform pg_catalog.set_config('sheaf.compacting', '', true);
  if new_body is not null or new_title is not null or coalesce(too_large, false) then
    begin
      perform public.set_note_text(note, through_seq, new_title, new_body, too_large);
    exception when check_violation then
      null; -- over a limit: the text stays as it was, the compaction stands
    end;
  end if;
  return true;
end
$$;

revoke execute on function public.set_note_text(uuid, bigint, text, text, boolean),
  public.append_note_update(uuid, text, bigint, text, text, text, boolean),
  public.compact_note_updates(uuid, bigint, text, text, text, boolean)
  from public, anon;
grant execute on function public.set_note_text(uuid, bigint, text, text, boolean),
  public.append_note_update(uuid, text, bigint, text, text, text, boolean),
  public.compact_note_updates(uuid, bigint, text, text, text, boolean)
  to authenticated, service_role;
