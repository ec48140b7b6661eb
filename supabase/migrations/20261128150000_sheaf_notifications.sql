-- Notifications: a person hears about a mention of them, a reply in their thread, a notebook
-- shared with them and a change of their role there — in the app (a bell with a live unread
-- count) and, for mentions and replies, by email as they choose (profiles.notify_email: 'on',
-- 'daily' digest, 'off').
--
-- Rows are written only by the database (triggers and security-definer functions below); nobody
-- inserts or deletes through the API. A person reads their own notifications, and only while they
-- can read the notebook (a notification never outlives access to what it is about), and marks
-- them read: read_at is the only column they may change, and the database sets its time.
--
-- Mentions in a note's text are markdown links in the `sheaf:` scheme (as note links are
-- `[Title](sheaf:note/<id>)`): `[@Ada](sheaf:user/<user id>)` — readable as text, carrying the
-- person's id. When a note's body changes, the people mentioned in the new text and not in the
-- old one are told, when they can read the note; the writer (auth.uid(): the collaborative
-- editor's functions write the body as the caller, security invoker) never is, and a person who
-- still has an unread mention of the same note is not told twice. The body is the merged text of
-- everyone's edits, so the writer is the person whose save first held the mention — nearly always
-- its author, who inserted it.
--
-- Comments (another part of the schema) call public.notify_note_people() from their own
-- security-definer triggers for mentions in a comment ('mention') and replies in a thread
-- ('reply'), with the place to link to in `anchor` (e.g. {"thread_id": …, "comment_id": …}); it
-- applies the same rules (readers only, never the actor). public.mentioned_user_ids() reads the
-- mention format out of any text.
--
-- Live: each new notification, and each change of read state, is broadcast on the person's
-- private `user:<id>` topic (event 'notifications', payload without content: the app refetches
-- under RLS), as pins are (20261126100000_sheaf_live_pins.sql) — not published for Postgres
-- Changes, whose deletes would reach every subscriber of the table.
--
-- Email: mentions and replies are queued (emailed_at is null) and the `notify-email` edge function
-- drains the queue with the service key through claim_notification_emails(): people whose setting
-- is 'on' get one email per notification; with {digest: true} people whose setting is 'daily' get
-- one email with everything collected since. On a hosted project schedule both with pg_cron and
-- pg_net (see docs/architecture.md, "Notifications"); locally the app asks for a drain after
-- someone inserts a mention, and tests call the function directly.

alter table public.profiles
  add column notify_email text not null default 'on'
    check (notify_email in ('on', 'daily', 'off'));

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('mention', 'reply', 'shared', 'role_changed')),
  actor_id uuid references auth.users (id) on delete set null,
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  note_id uuid references public.notes (id) on delete cascade,
  -- Where in the note: null for the note's text; for comments e.g. {"thread_id", "comment_id"}.
  anchor jsonb check (anchor is null or jsonb_typeof(anchor) = 'object'),
  -- The role given ('shared', 'role_changed').
  role text check (role is null or role in ('owner', 'editor', 'commenter', 'viewer')),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  emailed_at timestamptz
);
-- The app shows who did it by the actor's profile (as other tables link theirs).
alter table public.notifications
  add constraint notifications_actor_profile_fkey
  foreign key (actor_id) references public.profiles (id) on delete set null;
create index notifications_user_created_idx on public.notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_notebook_id_idx on public.notifications (notebook_id);
create index notifications_note_id_idx on public.notifications (note_id);
create index notifications_actor_id_idx on public.notifications (actor_id);
create index notifications_email_queue_idx on public.notifications (created_at)
  where emailed_at is null and kind in ('mention', 'reply');

alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;

create policy "notifications: own, while the notebook is readable" on public.notifications
  for select to authenticated
  using (
    user_id = (select auth.uid())
    and notebook_id in (select public.my_notebook_ids('viewer'))
  );
create policy "notifications: mark own read" on public.notifications
  for update to authenticated
  using (
    user_id = (select auth.uid())
    and notebook_id in (select public.my_notebook_ids('viewer'))
  )
  with check (user_id = (select auth.uid()));
create policy "mfa: aal2 when a factor is verified" on public.notifications
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- read_at is set by the database (server time) and never moves once set; clearing it marks the
-- notification unread again. Nothing else changes through an update but emailed_at, and that only
-- with the service key (the email functions); foreign keys' own actions (depth > 1) still apply.
create or replace function public.notifications_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.read_at := case when new.read_at is null then null else coalesce(old.read_at, now()) end;
  -- Deeper down it is a foreign key's own action (an actor's account deleted: set null).
  if pg_trigger_depth() > 1 then
    return new;
  end if;
  if coalesce(auth.role(), '') <> 'service_role' then
    new.emailed_at := old.emailed_at;
  end if;
  new.id := old.id;
  new.user_id := old.user_id;
  new.kind := old.kind;
  new.actor_id := old.actor_id;
  new.notebook_id := old.notebook_id;
  new.note_id := old.note_id;
  new.anchor := old.anchor;
  new.role := old.role;
  new.created_at := old.created_at;
  return new;
end
$$;
create trigger notifications_before_update before update on public.notifications
  for each row execute function public.notifications_before_update();

-- Live: tell the person's screens that their notifications changed.
create or replace function public.broadcast_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'kind', new.kind),
    'notifications', 'user:' || new.user_id::text, true);
  return null;
end
$$;
create trigger notifications_broadcast_insert after insert on public.notifications
  for each row execute function public.broadcast_notification();

create or replace function public.broadcast_notifications_read()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid;
begin
  for person in
    select distinct c.user_id from changed c join prior p on p.id = c.id
    where c.read_at is distinct from p.read_at
  loop
    perform realtime.send(jsonb_build_object('read', true), 'notifications',
      'user:' || person::text, true);
  end loop;
  return null;
end
$$;
create trigger notifications_broadcast_read after update on public.notifications
  referencing old table as prior new table as changed
  for each statement execute function public.broadcast_notifications_read();

-- The people mentioned in a text (the `[@Name](sheaf:user/<id>)` format), each once.
create or replace function public.mentioned_user_ids(p_text text)
returns uuid[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(distinct m[1]::uuid), '{}')
  from pg_catalog.regexp_matches(
    coalesce(p_text, ''),
    '\[@[^\]\n]{0,200}\]\(sheaf:user/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)',
    'g') m
$$;

-- Records one notification for `p_user`, when they are not the actor and can read the notebook
-- (and the note, when there is one: it belongs to that notebook). True when one was recorded.
create or replace function public.record_notification(
  p_user uuid,
  p_kind text,
  p_actor uuid,
  p_notebook uuid,
  p_note uuid default null,
  p_anchor jsonb default null,
  p_role text default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_user is null or p_user is not distinct from p_actor then
    return false;
  end if;
  if not exists (
    select 1 from public.notebook_members m
    where m.notebook_id = p_notebook and m.user_id = p_user
      and public.role_rank(m.role) >= public.role_rank('viewer')
  ) then
    return false;
  end if;
  if p_note is not null and not exists (
    select 1 from public.notes n where n.id = p_note and n.notebook_id = p_notebook
  ) then
    return false;
  end if;
  insert into public.notifications (user_id, kind, actor_id, notebook_id, note_id, anchor, role)
  values (
    p_user, p_kind,
    (select p.id from public.profiles p where p.id = p_actor),  -- null for an actor without a profile
    p_notebook, p_note, p_anchor, p_role);
  return true;
end
$$;

-- The entry point for other parts of the schema (comments): tells each of `p_user_ids` about
-- `p_kind` ('mention' or 'reply') in note `p_note_id` at `p_anchor`, done by `p_actor` (default
-- the caller). Skips the actor, anyone who cannot read the note, and repeats within one call.
-- Returns how many were told. Not callable through the API: a security-definer trigger calls it.
create or replace function public.notify_note_people(
  p_note_id uuid,
  p_user_ids uuid[],
  p_kind text,
  p_anchor jsonb default null,
  p_actor uuid default auth.uid()
)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  notebook uuid;
  person uuid;
  told int := 0;
begin
  if p_kind not in ('mention', 'reply') then
    raise exception 'kind must be mention or reply' using errcode = 'invalid_parameter_value';
  end if;
  select n.notebook_id into notebook from public.notes n where n.id = p_note_id;
  if notebook is null then
    return 0;
  end if;
  for person in select distinct u from unnest(coalesce(p_user_ids, '{}')) u loop
    if public.record_notification(person, p_kind, p_actor, notebook, p_note_id, p_anchor) then
      told := told + 1;
    end if;
  end loop;
  return told;
end
$$;

-- Mentions in a note's text: the people newly mentioned by this write (see the header).
create or replace function public.notify_note_mentions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  writer uuid := auth.uid();
  added uuid[];
  person uuid;
begin
  if writer is null or pg_catalog.strpos(new.body, '](sheaf:user/') = 0 then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if new.body is not distinct from old.body then
      return null;
    end if;
    select coalesce(array_agg(u), '{}') into added
    from unnest(public.mentioned_user_ids(new.body)) u
    where u <> all (public.mentioned_user_ids(old.body));
  else
    added := public.mentioned_user_ids(new.body);
  end if;
  foreach person in array added loop
    continue when exists (
      select 1 from public.notifications x
      where x.user_id = person and x.note_id = new.id and x.kind = 'mention'
        and x.anchor is null and x.read_at is null
    );
    perform public.record_notification(person, 'mention', writer, new.notebook_id, new.id);
  end loop;
  return null;
end
$$;
create trigger notes_notify_mentions after insert or update of body on public.notes
  for each row execute function public.notify_note_mentions();

-- A notebook shared with you (a new membership that is not the owner's own), and a change of
-- your role. The owner is the only one who adds members and changes roles, so they are the actor
-- (share-notebook adds members with the service key, where auth.uid() is null).
create or replace function public.notify_membership()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  if new.role = 'owner' or (tg_op = 'UPDATE' and (old.role = 'owner' or new.role = old.role)) then
    return null;
  end if;
  select nb.owner_id into owner from public.notebooks nb where nb.id = new.notebook_id;
  perform public.record_notification(
    new.user_id,
    case when tg_op = 'INSERT' then 'shared' else 'role_changed' end,
    owner, new.notebook_id, null, null, new.role);
  return null;
end
$$;
create trigger notebook_members_notify after insert or update of role on public.notebook_members
  for each row execute function public.notify_membership();

-- The email queue (service key only): claims the mentions and replies not yet emailed to people
-- whose setting is 'on' (or 'daily' with p_digest), from the last two days, unread and still
-- readable, marking them emailed; returns what the emails need. A failed send is put back with
-- release_notification_emails().
create or replace function public.claim_notification_emails(p_digest boolean default false)
returns table (
  id uuid,
  user_id uuid,
  email text,
  kind text,
  actor_name text,
  notebook_id uuid,
  notebook_name text,
  note_id uuid,
  note_title text,
  anchor jsonb,
  created_at timestamptz
)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select x.id from public.notifications x
    join public.profiles p on p.id = x.user_id
    where x.emailed_at is null
      and x.kind in ('mention', 'reply')
      and x.read_at is null
      and x.created_at > now() - interval '2 days'
      and p.notify_email = case when p_digest then 'daily' else 'on' end
      and exists (
        select 1 from public.notebook_members m
        where m.notebook_id = x.notebook_id and m.user_id = x.user_id
      )
    for update of x skip locked
  ),
  claimed as (
    update public.notifications x set emailed_at = now()
    from due where x.id = due.id
    returning x.*
  )
  select c.id, c.user_id, u.email::text, c.kind,
    coalesce(nullif(btrim(ap.display_name), ''), 'Someone'),
    c.notebook_id, nb.name, c.note_id, nt.title, c.anchor, c.created_at
  from claimed c
  join auth.users u on u.id = c.user_id
  join public.notebooks nb on nb.id = c.notebook_id
  left join public.notes nt on nt.id = c.note_id
  left join public.profiles ap on ap.id = c.actor_id
  where u.email is not null and u.email <> ''
  order by c.user_id, c.created_at;
end
$$;

create or replace function public.release_notification_emails(p_ids uuid[])
returns void
language sql
security definer
set search_path = ''
as $$
  update public.notifications set emailed_at = null where id = any (p_ids)
$$;

revoke execute on function public.notifications_before_update(), public.broadcast_notification(),
  public.broadcast_notifications_read(), public.notify_note_mentions(),
  public.notify_membership(),
  public.record_notification(uuid, text, uuid, uuid, uuid, jsonb, text),
  public.notify_note_people(uuid, uuid[], text, jsonb, uuid),
  public.claim_notification_emails(boolean), public.release_notification_emails(uuid[])
  from public, anon, authenticated;
grant execute on function public.claim_notification_emails(boolean),
  public.release_notification_emails(uuid[]) to service_role;
