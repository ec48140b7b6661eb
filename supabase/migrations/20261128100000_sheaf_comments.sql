-- Comments, and the commenter role.
--
-- Roles, lowest first: viewer (reads, comments too), commenter (reads and comments, never edits),
-- editor (notes and files), owner (everything, sharing). role_rank is renumbered to make room
-- for commenter between viewer and editor; every check on edit rights already compares with
-- role_rank('editor') by name, except the Realtime send policy, which compared with 2 and is
-- rewritten below to name 'editor' (a commenter's document updates stay refused by Postgres and
-- by Realtime, whatever the app shows).
--
-- Threads are anchored to the note's text by two Yjs relative positions (start and end, each
-- Y.encodeRelativePosition in base64), which survive everyone's concurrent edits; the quoted
-- text at creation is kept beside them, so a thread whose text was deleted (an orphan) still
-- shows what it was about. A thread holds comments: the first is the one that opened it, the
-- others replies.
--
-- Who does what (RLS; the app only mirrors it):
--   read        every member who can read the note (viewer and up; a note in the trash keeps
--               its comments as long as the note itself can be read); a stranger nothing.
--   comment     commenter and up open threads and reply, on notes not in the trash.
--   edit        a comment's author alone changes its body (while still commenter or up).
--   delete      a comment's author deletes it; the last comment gone takes the thread with it.
--               A whole thread is deleted by its author or by an editor or the owner.
--   resolve     commenter and up resolve and reopen any thread of the note (the server sets
--               resolved_at and resolved_by; nothing else of a thread changes after creation).
-- Both tables are in the supabase_realtime publication: Postgres Changes deliver inserts and
-- updates under these policies, so everyone in the note sees comments live; deletes carry only
-- the row's id.

create or replace function public.role_rank(role text)
returns int
language sql
immutable
set search_path = ''
as $$
  select case role
    when 'viewer' then 1 when 'commenter' then 2 when 'editor' then 3 when 'owner' then 4
    else 0 end
$$;

alter table public.notebook_members drop constraint notebook_members_role_check;
alter table public.notebook_members add constraint notebook_members_role_check
  check (role in ('owner', 'editor', 'commenter', 'viewer'));
alter table public.invitations drop constraint invitations_role_check;
alter table public.invitations add constraint invitations_role_check
  check (role in ('editor', 'commenter', 'viewer'));

alter policy "members: owner changes roles" on public.notebook_members
  using (role <> 'owner' and public.is_notebook_member(notebook_id, 'owner'))
  with check (
    role in ('editor', 'commenter', 'viewer') and public.is_notebook_member(notebook_id, 'owner')
  );

alter policy "sheaf topics: editors send edits, members are present" on realtime.messages
  with check (
    case
      when (select realtime.topic()) like 'note:%' then
        case realtime.messages.extension
          when 'broadcast' then
            public.role_rank(public.sheaf_topic_role((select realtime.topic())))
              >= public.role_rank('editor')
          when 'presence' then public.sheaf_topic_role((select realtime.topic())) is not null
          else false
        end
      when (select realtime.topic()) like 'notebook:%' then
        realtime.messages.extension = 'presence'
        and public.sheaf_topic_role((select realtime.topic())) is not null
      else false
    end
  );

create or replace function public.add_notebook_member(
  notebook uuid,
  member uuid,
  member_role text,
  actor uuid
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous text;
begin
  if member_role is null or member_role not in ('editor', 'commenter', 'viewer') then
    raise exception 'role must be editor, commenter or viewer' using errcode = 'invalid_parameter_value';
  end if;
  if not exists (
    select 1 from public.notebook_members m
    where m.notebook_id = notebook and m.user_id = actor and m.role = 'owner'
  ) then
    raise exception 'only the owner of a notebook can share it' using errcode = 'insufficient_privilege';
  end if;
  if member = actor then
    raise exception 'the owner is already a member' using errcode = 'invalid_parameter_value';
  end if;
  select m.role into previous from public.notebook_members m
  where m.notebook_id = notebook and m.user_id = member
  for update;
  if previous is null then
    insert into public.notebook_members (notebook_id, user_id, role)
    values (notebook, member, member_role)
    on conflict (notebook_id, user_id) do nothing;
    return true;
  end if;
  update public.notebook_members set role = member_role
  where notebook_id = notebook and user_id = member and role <> 'owner';
  return false;
end
$$;

-- Records (or re-roles) a pending invitation of `address` on behalf of `actor`, who must own the
-- notebook. Returns true when the invitation is new.
create or replace function public.add_notebook_invitation(
  notebook uuid,
  address text,
  member_role text,
  actor uuid
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  normalized text := lower(btrim(address));
  existing uuid;
begin
  if member_role is null or member_role not in ('editor', 'commenter', 'viewer') then
    raise exception 'role must be editor, commenter or viewer' using errcode = 'invalid_parameter_value';
  end if;
  if not exists (
    select 1 from public.notebook_members m
    where m.notebook_id = notebook and m.user_id = actor and m.role = 'owner'
  ) then
    raise exception 'only the owner of a notebook can share it' using errcode = 'insufficient_privilege';
  end if;
  select i.id into existing from public.invitations i
  where i.notebook_id = notebook and i.email = normalized
  for update;
  if existing is not null then
    update public.invitations set role = member_role where id = existing;
    return false;
  end if;
  insert into public.invitations (notebook_id, email, role, invited_by)
  values (notebook, normalized, member_role, actor)
  on conflict (notebook_id, email) do update set role = excluded.role;
  return true;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Threads and comments

create table public.comment_threads (
  id uuid primary key default gen_random_uuid(),
  note_id uuid not null,
  notebook_id uuid not null,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  anchor_start text not null check (char_length(anchor_start) between 1 and 1000),
  anchor_end text not null check (char_length(anchor_end) between 1 and 1000),
  quote text not null check (char_length(quote) between 1 and 2000),
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (id, note_id, notebook_id),
  foreign key (note_id, notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade
);
create index comment_threads_note_idx on public.comment_threads (note_id, created_at);
create index comment_threads_notebook_idx on public.comment_threads (notebook_id);
create index comment_threads_author_idx on public.comment_threads (author_id);
create index comment_threads_resolved_by_idx on public.comment_threads (resolved_by);

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null,
  note_id uuid not null,
  notebook_id uuid not null,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  body text not null check (btrim(body) <> '' and char_length(body) <= 10000),
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  foreign key (thread_id, note_id, notebook_id)
    references public.comment_threads (id, note_id, notebook_id)
    on update cascade on delete cascade
);
create index comments_thread_idx on public.comments (thread_id, created_at);
create index comments_note_idx on public.comments (note_id, notebook_id);
create index comments_notebook_idx on public.comments (notebook_id);
create index comments_author_idx on public.comments (author_id);

-- The server keeps a thread's anchor, quote, author and time; resolving stamps who and when.
create or replace function public.comment_threads_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
    new.resolved_at := null;
    new.resolved_by := null;
    return new;
  end if;
  if pg_trigger_depth() <= 1 then
    new.author_id := old.author_id;
    new.note_id := old.note_id;
    new.notebook_id := old.notebook_id;
  end if;
  new.anchor_start := old.anchor_start;
  new.anchor_end := old.anchor_end;
  new.quote := old.quote;
  new.created_at := old.created_at;
  if new.resolved_at is null then
    new.resolved_by := null;
  elsif old.resolved_at is null then
    new.resolved_at := now();
    new.resolved_by := auth.uid();
  else
    new.resolved_at := old.resolved_at;
    new.resolved_by := old.resolved_by;
  end if;
  return new;
end
$$;
create trigger comment_threads_before_write before insert or update on public.comment_threads
  for each row execute function public.comment_threads_before_write();

-- A comment keeps its author, thread and time; a changed body is stamped edited_at.
create or replace function public.comments_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
    new.edited_at := null;
    return new;
  end if;
  if pg_trigger_depth() <= 1 then
    new.author_id := old.author_id;
    new.thread_id := old.thread_id;
    new.note_id := old.note_id;
    new.notebook_id := old.notebook_id;
  end if;
  new.created_at := old.created_at;
  if new.body is distinct from old.body then
    new.edited_at := now();
  else
    new.edited_at := old.edited_at;
  end if;
  return new;
end
$$;
create trigger comments_before_write before insert or update on public.comments
  for each row execute function public.comments_before_write();

-- The last comment of a thread deleted takes the thread with it (definer: the thread may have
-- been opened by someone else, whose thread the deleting author could not delete).
create or replace function public.comments_after_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.comment_threads t
  where t.id = old.thread_id
    and not exists (select 1 from public.comments c where c.thread_id = old.thread_id);
  return null;
end
$$;
create trigger comments_after_delete after delete on public.comments
  for each row execute function public.comments_after_delete();

revoke execute on function public.comment_threads_before_write(), public.comments_before_write(),
  public.comments_after_delete() from public, anon, authenticated;

-- True when the caller may comment on the note now: commenter or up in its notebook, and the
-- note is not in the trash.
create or replace function public.can_comment_on_note(note uuid, notebook uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_notebook_member(notebook, 'commenter')
     and exists (
       select 1 from public.notes n
       where n.id = note and n.notebook_id = notebook and n.deleted_at is null
     )
$$;
revoke execute on function public.can_comment_on_note(uuid, uuid) from public, anon;
grant execute on function public.can_comment_on_note(uuid, uuid) to authenticated, service_role;

alter table public.comment_threads enable row level security;
alter table public.comments enable row level security;
revoke all on public.comment_threads, public.comments from anon;

-- Reading follows the note: the notes policy (membership, the trash's 30 days) is applied to
-- the caller inside the exists.
create policy "comment threads: who reads the note reads them" on public.comment_threads
  for select to authenticated
  using (
    notebook_id = any (array(select public.my_notebook_ids('viewer')))
    and exists (select 1 from public.notes n where n.id = note_id)
  );
create policy "comment threads: commenters open" on public.comment_threads
  for insert to authenticated
  with check (
    author_id = (select auth.uid()) and public.can_comment_on_note(note_id, notebook_id)
  );
create policy "comment threads: commenters resolve and reopen" on public.comment_threads
  for update to authenticated
  using (public.can_comment_on_note(note_id, notebook_id))
  with check (public.can_comment_on_note(note_id, notebook_id));
create policy "comment threads: author or editors delete" on public.comment_threads
  for delete to authenticated
  using (
    (author_id = (select auth.uid()) and public.is_notebook_member(notebook_id, 'commenter'))
    or public.is_notebook_member(notebook_id, 'editor')
  );

create policy "comments: who reads the note reads them" on public.comments
  for select to authenticated
  using (
    notebook_id = any (array(select public.my_notebook_ids('viewer')))
    and exists (select 1 from public.notes n where n.id = note_id)
  );
create policy "comments: commenters write" on public.comments
  for insert to authenticated
  with check (
    author_id = (select auth.uid()) and public.can_comment_on_note(note_id, notebook_id)
  );
create policy "comments: author edits own" on public.comments
  for update to authenticated
  using (author_id = (select auth.uid()) and public.can_comment_on_note(note_id, notebook_id))
  with check (author_id = (select auth.uid()) and public.can_comment_on_note(note_id, notebook_id));
create policy "comments: author deletes own" on public.comments
  for delete to authenticated
  using (
    author_id = (select auth.uid()) and public.is_notebook_member(notebook_id, 'commenter')
  );

create policy "mfa: aal2 when a factor is verified" on public.comment_threads
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "mfa: aal2 when a factor is verified" on public.comments
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- Opens a thread with its first comment in one statement (as the caller, under the policies
-- above). Returns the thread's id.
create or replace function public.open_comment_thread(
  note uuid,
  anchor_start text,
  anchor_end text,
  quote text,
  body text
)
returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  notebook uuid;
  thread uuid;
begin
  select n.notebook_id into notebook from public.notes n where n.id = note;
  if notebook is null then
    raise exception 'note not found' using errcode = 'insufficient_privilege';
  end if;
  insert into public.comment_threads (note_id, notebook_id, author_id, anchor_start, anchor_end, quote)
  values (note, notebook, auth.uid(), open_comment_thread.anchor_start,
          open_comment_thread.anchor_end, open_comment_thread.quote)
  returning id into thread;
  insert into public.comments (thread_id, note_id, notebook_id, author_id, body)
  values (thread, note, notebook, auth.uid(), open_comment_thread.body);
  return thread;
end
$$;
revoke execute on function public.open_comment_thread(uuid, text, text, text, text) from public, anon;
grant execute on function public.open_comment_thread(uuid, text, text, text, text)
  to authenticated, service_role;

grant select, insert, update, delete on public.comment_threads, public.comments to authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['comment_threads', 'comments'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables p
      where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = t
    ) then
      execute pg_catalog.format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
