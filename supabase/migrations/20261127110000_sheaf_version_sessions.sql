-- Note history by editing session. A version is one sitting of work on a note, by anyone: the
-- changes made with no pause longer than 10 minutes, for at most an hour (a long sitting gives
-- several). Its row holds the state at the session's end — updated in place while the session
-- goes on, so the log keeps one row per session, not one per save — when the session started
-- (started_at) and last changed the note (edited_at), and everyone who changed the note in it
-- (note_version_people). The newest row of a note is always its current state.
--
-- Before, a version was the state a note had before someone else (or anyone after 10 minutes)
-- wrote it. With collaborative notes the body is written by whichever editor's client stores it,
-- so two people taking turns made a version per turn, each naming only the writer. Now who
-- changed the text comes from the document's log: the rows a body write takes in
-- (note_updates.created_by, after the previous body write up to the new body_seq), so a session
-- names everyone who typed, not whoever stored. Title and tags (and the body of a note without
-- a document) are changed by the caller.
--
-- Existing rows keep their meaning: each is a state a note had, at edited_at, written by
-- edited_by; they become closed sessions that started and ended then. Every note's current state
-- is added as a version where the newest one is not it already.
--
-- Restoring (all as the caller, under the notes update policy: editors only, never a note in
-- the trash; the version bookkeeping itself is the trigger's, which nobody calls directly):
--   * restore_note_version(version): for a note without a shared document, in one transaction:
--     the current state stays in history as a version of its own (its session is closed), then
--     the version's title, body and tags are put back, as a new session marked restored_from;
--   * a note with a document has its text written through the document by the client, so the
--     same happens in three steps: close_note_session(note) keeps the current state (returns
--     the id of that version), the client writes the version's text, and
--     mark_note_restored(version, kept) records restored_from on the session that followed.
-- Members (viewers too) read versions and their people as they read the note; nobody writes
-- either directly. A note keeps its newest 100 versions.

alter table public.note_versions
  add column started_at timestamptz,
  add column closed boolean not null default true,
  add column restored_from bigint references public.note_versions (id) on delete set null;
update public.note_versions set started_at = edited_at;
alter table public.note_versions
  alter column started_at set not null,
  alter column started_at set default now();
create index note_versions_restored_from_idx on public.note_versions (restored_from);

comment on column public.note_versions.edited_at is
  'When the session last changed the note (its end, for a closed session).';
comment on column public.note_versions.edited_by is
  'Who stored the state this row holds (the people of the session are in note_version_people).';
comment on column public.note_versions.closed is
  'A closed session is never changed again; the next change starts a new one.';

-- Everyone who changed the note in a session, in the order they first did.
create table public.note_version_people (
  version_id bigint not null references public.note_versions (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  first_at timestamptz not null default now(),
  primary key (version_id, user_id)
);
create index note_version_people_user_idx on public.note_version_people (user_id);

alter table public.note_version_people enable row level security;
revoke all on public.note_version_people from anon;
revoke insert, update, delete, truncate on public.note_version_people from authenticated;

create policy "note_version_people: members read" on public.note_version_people
  for select to authenticated
  using (exists (select 1 from public.note_versions v where v.id = version_id));
create policy "mfa: aal2 when a factor is verified" on public.note_version_people
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- Existing rows: each becomes a closed session by the person who wrote it.
insert into public.note_version_people (version_id, user_id, first_at)
select v.id, v.edited_by, v.edited_at
from public.note_versions v
where v.edited_by is not null
on conflict do nothing;

-- Every note's current state is its newest version.
with latest as (
  select distinct on (v.note_id) v.note_id, v.title, v.body, v.tags
  from public.note_versions v
  order by v.note_id, v.id desc
), added as (
  insert into public.note_versions
    (note_id, notebook_id, title, body, tags, edited_by, edited_at, started_at, closed)
  select n.id, n.notebook_id, n.title, n.body, n.tags, n.updated_by, n.updated_at, n.updated_at, true
  from public.notes n
  left join latest l on l.note_id = n.id
  where not (n.title = '' and n.body = '' and n.tags = '{}')
    and (l.note_id is null
         or (l.title, l.body, l.tags) is distinct from (n.title, n.body, n.tags))
  order by n.updated_at
  returning id, edited_by, edited_at
)
insert into public.note_version_people (version_id, user_id, first_at)
select a.id, a.edited_by, a.edited_at from added a
where a.edited_by is not null
on conflict do nothing;

drop trigger notes_keep_version on public.notes;
drop function public.notes_keep_version();

-- Adds people to a session (those without a profile any more are left out).
create or replace function public.note_version_add_people(version bigint, people uuid[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.note_version_people (version_id, user_id)
  select version, p.id
  from public.profiles p
  where p.id = any (people)
  on conflict do nothing
$$;

-- Keeps a note's sessions as its content changes (see the header). `sheaf.version_action` is
-- set, for one statement, only by the functions below: 'close' (keep the current state as a
-- version of its own), 'restore:<version>' (the same, then the change is a restore of that
-- version), 'mark:<version>:<kept>' (the session after <kept> was a restore of <version>).
create or replace function public.note_versions_track()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  action text := coalesce(current_setting('sheaf.version_action', true), '');
  caller uuid := coalesce(auth.uid(), new.updated_by);
  changed boolean;
  holds_old boolean;
  v public.note_versions;
  people uuid[];
  restored bigint;
  title_from bigint := 0;
  title_to bigint := 0;
begin
  if tg_op = 'INSERT' then
    if new.title = '' and new.body = '' and new.tags = '{}' then
      return null;
    end if;
    insert into public.note_versions
      (note_id, notebook_id, title, body, tags, edited_by, edited_at, started_at, closed)
    values (new.id, new.notebook_id, new.title, new.body, new.tags, new.updated_by, now(), now(),
      false)
    returning * into v;
    perform public.note_version_add_people(v.id, array[new.updated_by]);
    return null;
  end if;

  changed := (new.title, new.body, new.tags) is distinct from (old.title, old.body, old.tags);
  if not changed and action = '' then
    return null;
  end if;

  select * into v from public.note_versions x
  where x.note_id = new.id order by x.id desc limit 1 for update;
  holds_old := v.id is not null
    and (v.title, v.body, v.tags) is not distinct from (old.title, old.body, old.tags);

  -- The state being replaced is always in history: a note older than sessions, or one whose
  -- newest version was trimmed, gets it as a closed version first.
  if not holds_old and not (old.title = '' and old.body = '' and old.tags = '{}') then
    if v.id is not null and not v.closed then
      update public.note_versions set closed = true where id = v.id;
    end if;
    insert into public.note_versions
      (note_id, notebook_id, title, body, tags, edited_by, edited_at, started_at, closed)
    values (old.id, new.notebook_id, old.title, old.body, old.tags, old.updated_by,
      old.updated_at, old.updated_at, true)
    returning * into v;
    perform public.note_version_add_people(v.id, array[old.updated_by]);
    holds_old := true;
  end if;

  if action = 'close' or action like 'restore:%' then
    if v.id is not null and not v.closed then
      update public.note_versions set closed = true where id = v.id;
      v.closed := true;
    end if;
    if action like 'restore:%' then
      restored := split_part(action, ':', 2)::bigint;
    end if;
  elsif action like 'mark:%' then
    update public.note_versions x set restored_from = split_part(action, ':', 2)::bigint
    where x.id = v.id
      and x.id > split_part(action, ':', 3)::bigint
      and exists (
        select 1 from public.note_versions r
        where r.id = split_part(action, ':', 2)::bigint and r.note_id = new.id
      );
  end if;
  if not changed then
    return null;
  end if;

  -- Who changed the note: the authors of the document rows this write takes in (those after
  -- what the body, or the title once it is written from the document too, reflected before),
  -- and the caller for anything written directly (tags, and the title and body of a note
  -- without a document). Snapshot rows are a compactor's merge of others' rows, not an edit.
  if exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = 'public.notes'::pg_catalog.regclass and a.attname = 'title_seq'
      and not a.attisdropped
  ) then
    title_from := old.title_seq;
    title_to := new.title_seq;
  end if;
  if new.body_seq > old.body_seq or title_to > title_from then
    select array_agg(distinct u.created_by) into people
    from public.note_updates u
    where u.note_id = new.id
      and ((u.seq > old.body_seq and u.seq <= new.body_seq)
        or (u.seq > title_from and u.seq <= title_to))
      and u.kind = 'update' and u.created_by is not null;
  end if;
  if people is null or restored is not null or new.tags is distinct from old.tags
     or (new.body_seq = old.body_seq and title_to = title_from) then
    people := array_append(coalesce(people, '{}'), caller);
  end if;

  if v.id is not null and not v.closed and holds_old
     and v.edited_at >= now() - interval '10 minutes'
     and v.started_at > now() - interval '1 hour' then
    update public.note_versions
    set title = new.title, body = new.body, tags = new.tags, edited_by = new.updated_by,
        edited_at = now()
    where id = v.id;
  else
    if v.id is not null and not v.closed then
      update public.note_versions set closed = true where id = v.id;
    end if;
    insert into public.note_versions
      (note_id, notebook_id, title, body, tags, edited_by, edited_at, started_at, closed,
       restored_from)
    values (new.id, new.notebook_id, new.title, new.body, new.tags, new.updated_by, now(), now(),
      false, restored)
    returning * into v;
    delete from public.note_versions x
    where x.note_id = new.id
      and x.id <= (
        select y.id from public.note_versions y where y.note_id = new.id
        order by y.id desc offset 100 limit 1
      );
  end if;
  perform public.note_version_add_people(v.id, people);
  return null;
end
$$;
create trigger notes_track_versions after insert or update of title, body, tags on public.notes
  for each row execute function public.note_versions_track();

revoke execute on function public.note_versions_track(),
  public.note_version_add_people(bigint, uuid[]) from public, anon, authenticated;

-- The two steps of a restore through the document. Each runs `update notes set title = title`
-- on the note as the caller with a version action set, so the notes update policy decides
-- (editors only, 42501 otherwise; a note nobody can read is P0002); a note in the trash is
-- refused (55000), as editing it would be.

-- Keeps the note's current state as a version of its own (its session is closed: the next
-- change starts a new one); returns that version's id.
create or replace function public.close_note_session(note uuid)
returns bigint
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  n public.notes;
  kept bigint;
begin
  select * into n from public.notes x where x.id = note;
  if n.id is null then
    raise exception 'this note does not exist or you cannot read it' using errcode = 'no_data_found';
  end if;
  if n.deleted_at is not null then
    raise exception 'a note in the trash cannot be edited'
      using errcode = 'object_not_in_prerequisite_state',
            hint = 'Restore the note from the trash first.';
  end if;
  perform pg_catalog.set_config('sheaf.version_action', 'close', true);
  update public.notes x set title = x.title where x.id = note;
  if not found then
    raise exception 'only editors can restore a version of this note'
      using errcode = 'insufficient_privilege';
  end if;
  perform pg_catalog.set_config('sheaf.version_action', '', true);
  select max(v.id) into kept from public.note_versions v where v.note_id = note;
  return kept;
end
$$;

-- Records that the session started after version `kept` (close_note_session's answer) was a
-- restore of version `version_id`; returns the note.
create or replace function public.mark_note_restored(version_id bigint, kept bigint)
returns setof public.notes
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v public.note_versions;
begin
  select * into v from public.note_versions x where x.id = version_id;
  if v.id is null then
    raise exception 'this version does not exist or you cannot read it'
      using errcode = 'no_data_found';
  end if;
  perform pg_catalog.set_config('sheaf.version_action',
    'mark:' || v.id::text || ':' || coalesce(kept, 0)::text, true);
  return query update public.notes x set title = x.title where x.id = v.note_id returning x.*;
  if not found then
    raise exception 'only editors can restore a version of this note'
      using errcode = 'insufficient_privilege';
  end if;
  perform pg_catalog.set_config('sheaf.version_action', '', true);
end
$$;

-- Puts a version's title, body and tags back into a note without a shared document, keeping
-- the current state as a version of its own first. Editors only, not in the trash.
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
  select * into v from public.note_versions x where x.id = version_id;
  if v.id is null then
    raise exception 'this version does not exist or you cannot read it'
      using errcode = 'no_data_found';
  end if;
  if not public.is_notebook_member(v.notebook_id, 'editor') then
    raise exception 'only editors can restore a version of this note'
      using errcode = 'insufficient_privilege';
  end if;
  if exists (select 1 from public.note_updates u where u.note_id = v.note_id) then
    raise exception 'this note is edited together: its text is restored through its document'
      using errcode = 'object_not_in_prerequisite_state',
            hint = 'close_note_session, write the text through the document, then mark_note_restored.';
  end if;
  perform pg_catalog.set_config('sheaf.version_action', 'restore:' || v.id::text, true);
  return query
    update public.notes n set title = v.title, body = v.body, tags = v.tags
    where n.id = v.note_id
    returning n.*;
  if not found then
    raise exception 'only editors can restore a version of this note'
      using errcode = 'insufficient_privilege';
  end if;
  perform pg_catalog.set_config('sheaf.version_action', '', true);
end
$$;

revoke execute on function public.close_note_session(uuid), public.mark_note_restored(bigint, bigint),
  public.restore_note_version(bigint) from public, anon;
grant execute on function public.close_note_session(uuid), public.mark_note_restored(bigint, bigint),
  public.restore_note_version(bigint) to authenticated, service_role;
