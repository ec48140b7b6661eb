-- The API of collaborative notes (see the previous migration for the log and its rules): load a
-- note's document, append an update, write the merged body, compact the log. All run as the
-- caller (security invoker): the policies on note_updates and notes decide, as they do for the
-- REST API. Stored updates travel as base64 "frames": each row's bytes preceded by their length
-- as a 4-byte big-endian integer, all rows in seq order in one string, so a note with thousands
-- of stored updates is one value in one response, not thousands of JSON objects.

-- The rows of a note's log after `after_seq` and before `before_seq` (both optional), as frames.
create or replace function public.note_update_frames(
  note uuid,
  after_seq bigint default 0,
  before_seq bigint default null
)
returns table (frames text, row_count bigint, last_seq bigint, snapshot_seq bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    coalesce(pg_catalog.translate(pg_catalog.encode(
      pg_catalog.string_agg(pg_catalog.int4send(pg_catalog.octet_length(u.data)) || u.data,
        ''::bytea order by u.seq),
      'base64'), E'\n', ''), ''),
    count(*),
    max(u.seq),
    max(u.seq) filter (where u.kind = 'snapshot')
  from public.note_updates u
  where u.note_id = note
    and u.seq > coalesce(after_seq, 0)
    and (before_seq is null or u.seq < before_seq)
$$;

-- A note's document as a member reads it: the stored rows after `after_seq` (0: all of them) as
-- frames, and where the log stands. `seed` is the note's body while the note has no document
-- yet (the text a first editor seeds the document from); null once it has one.
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
    'seed', case when stored = 0 then n.body end
  );
end
$$;

-- Writes the merged text of the note's log up to `through_seq` into notes.body, unless the body
-- already reflects that much (then false). Editors only.
create or replace function public.set_note_body(note uuid, new_body text, through_seq bigint)
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
begin
  select x.notebook_id into notebook from public.notes x where x.id = note;
  if notebook is null then
    raise exception 'this note does not exist or you cannot read it' using errcode = 'no_data_found';
  end if;
  if not public.is_notebook_member(notebook, 'editor') then
    raise exception 'only editors can change this note' using errcode = 'insufficient_privilege';
  end if;
  select max(u.seq) into last from public.note_updates u where u.note_id = note;
  if new_body is null or through_seq is null or through_seq < 1 or last is null
     or through_seq > last then
    raise exception 'the note''s document has no stored update numbered %', through_seq
      using errcode = 'invalid_parameter_value';
  end if;
  perform pg_catalog.set_config('sheaf.body_from_document', 'on', true);
  update public.notes x set body = new_body, body_seq = through_seq
  where x.id = note and x.body_seq < through_seq;
  get diagnostics changed = row_count;
  perform pg_catalog.set_config('sheaf.body_from_document', '', true);
  return changed > 0;
end
$$;

-- Appends one document update (base64) to the note's log. Returns {seq, frames, count,
-- body_saved, body_error}: the new row's number and, when `after_seq` (the last row the client
-- has) is given, the rows stored between it and the new one, which the client lacks. With
-- `new_body` (the client's merged text) the body is written when nothing was stored in between,
-- i.e. when that text reflects the whole log; a body over the size limit is not written
-- (body_error 'too_large') and does not undo the append. With `seed_sha256` the update is the
-- first of the document, seeded from the body whose SHA-256 that is: it is stored only while
-- the note has no document and its body is still that one, else {seed_conflict: true}.
create or replace function public.append_note_update(
  note uuid,
  doc_update text,
  after_seq bigint default null,
  new_body text default null,
  seed_sha256 text default null
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
  body_error text;
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
  if new_body is not null and after_seq is not null and after_seq = new_seq - 1 then
    begin
      saved := public.set_note_body(note, new_body, new_seq);
    exception when check_violation then
      body_error := 'too_large';
    end;
  end if;
  return jsonb_build_object(
    'seq', new_seq,
    'frames', between_frames,
    'count', between_count,
    'body_saved', saved,
    'body_error', body_error
  );
end
$$;

-- Replaces the rows 1..through_seq of a note's log with their merge (`snapshot`, base64, a
-- Yjs update made from exactly those rows), numbered through_seq, in one transaction under the
-- note's lock; with `new_body` (the snapshot's text) the body too. False, changing nothing, when
-- a snapshot at least that far already exists (another client compacted first). Editors only.
create or replace function public.compact_note_updates(
  note uuid,
  through_seq bigint,
  snapshot text,
  new_body text default null
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
  if new_body is not null then
    begin
      perform public.set_note_body(note, new_body, through_seq);
    exception when check_violation then
      null; -- over the size limit: the body stays as it was, the compaction stands
    end;
  end if;
  return true;
end
$$;

revoke execute on function public.note_update_frames(uuid, bigint, bigint),
  public.note_document(uuid, bigint), public.set_note_body(uuid, text, bigint),
  public.append_note_update(uuid, text, bigint, text, text),
  public.compact_note_updates(uuid, bigint, text, text)
  from public, anon;
grant execute on function public.note_update_frames(uuid, bigint, bigint),
  public.note_document(uuid, bigint), public.set_note_body(uuid, text, bigint),
  public.append_note_update(uuid, text, bigint, text, text),
  public.compact_note_updates(uuid, bigint, text, text)
  to authenticated, service_role;
