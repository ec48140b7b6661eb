-- Live collaboration through Supabase Realtime, authorised here so hosted Supabase behaves as
-- the local stack does.
--
-- Private channels (config.private), authorised by policies on realtime.messages:
--   note:<note id>          document updates and cursors (Broadcast): members of the note's
--                           notebook receive, editors and the owner send; presence: members.
--   notebook:<notebook id>  who is here (Presence: every member tracks and sees the others) and
--                           membership changes sent by the database (Broadcast; nobody sends).
--   user:<user id>          that user's own access changes, sent by the database; only they
--                           receive, nobody sends.
-- Realtime asks these policies when a channel is joined and again when its token changes (as
-- hosted Realtime does), so a member removed while connected keeps a joined channel until their
-- client leaves it or refreshes its token; their document updates are refused by note_updates'
-- policies at once, and their client closes the note when it hears of the removal.
-- Public channels of the same names are a separate audience that Sheaf never uses; a hosted
-- project can turn public channels off altogether (Realtime settings, "private only").
--
-- Lists: notes, notebooks and attachments are in the supabase_realtime publication, so Postgres
-- Changes deliver their inserts and updates to each subscriber whose policies let them read the
-- row. Deletes carry only the primary key and go to every subscriber, which is harmless for
-- these ids. Membership is not published (the key of a deleted membership row names a user and
-- a notebook, and would reach every subscriber); its changes are broadcast by the database on
-- the private notebook: and user: topics instead, which the policies below keep to members and
-- to the person concerned. A note moved to another notebook is announced to the notebook it
-- left the same way (its members may not read it any more, so no update reaches them).

-- The caller's role behind a Sheaf topic: the role in the notebook of a note: or notebook:
-- topic, 'self' for the caller's own user: topic, null for anything else (and for notebooks the
-- caller is not in, or while MFA is not satisfied: the policies on notes and members decide).
create or replace function public.sheaf_topic_role(topic text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when topic ~ '^note:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (
      select m.role
      from public.notes n
      join public.notebook_members m on m.notebook_id = n.notebook_id
      where n.id = pg_catalog.substr(topic, 6)::uuid and m.user_id = auth.uid()
    )
    when topic ~ '^notebook:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (
      select m.role
      from public.notebook_members m
      where m.notebook_id = pg_catalog.substr(topic, 10)::uuid and m.user_id = auth.uid()
    )
    when auth.uid() is not null and topic = 'user:' || auth.uid()::text then 'self'
  end
$$;

revoke execute on function public.sheaf_topic_role(text) from public, anon;
grant execute on function public.sheaf_topic_role(text) to authenticated, service_role;

create policy "sheaf topics: members receive" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension in ('broadcast', 'presence')
    and public.sheaf_topic_role((select realtime.topic())) is not null
  );

create policy "sheaf topics: editors send edits, members are present" on realtime.messages
  for insert to authenticated
  with check (
    case
      when (select realtime.topic()) like 'note:%' then
        case realtime.messages.extension
          when 'broadcast' then
            public.role_rank(public.sheaf_topic_role((select realtime.topic()))) >= 2
          when 'presence' then public.sheaf_topic_role((select realtime.topic())) is not null
          else false
        end
      when (select realtime.topic()) like 'notebook:%' then
        realtime.messages.extension = 'presence'
        and public.sheaf_topic_role((select realtime.topic())) is not null
      else false
    end
  );

-- Membership changes: to the notebook's members (their people lists), and to the person whose
-- access changed (their notebook list; an open note turns read-only or closes). `reason` says
-- why a membership ended. Security definer, as Supabase's own database-broadcast triggers are:
-- the message is written by the database, not by the member who made the change.
create or replace function public.broadcast_membership_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  notebook uuid := coalesce(new.notebook_id, old.notebook_id);
  member uuid := coalesce(new.user_id, old.user_id);
  payload jsonb;
begin
  if tg_op = 'UPDATE' and new.role is not distinct from old.role then
    return null;
  end if;
  payload := jsonb_build_object(
    'notebook_id', notebook,
    'user_id', member,
    'role', case when tg_op = 'DELETE' then null else new.role end,
    'previous_role', case when tg_op = 'INSERT' then null else old.role end,
    'reason', case
      when tg_op <> 'DELETE' then null
      when not exists (select 1 from public.notebooks b where b.id = notebook) then 'notebook_deleted'
      when member = auth.uid() then 'left'
      else 'removed'
    end
  );
  perform realtime.send(payload, 'membership', 'notebook:' || notebook::text, true);
  perform realtime.send(payload, 'access', 'user:' || member::text, true);
  return null;
end
$$;
create trigger notebook_members_broadcast
  after insert or update of role or delete on public.notebook_members
  for each row execute function public.broadcast_membership_change();

create or replace function public.broadcast_note_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('note_id', new.id, 'notebook_id', old.notebook_id),
    'note_moved_out', 'notebook:' || old.notebook_id::text, true);
  return null;
end
$$;
create trigger notes_broadcast_moved
  after update of notebook_id on public.notes
  for each row when (old.notebook_id is distinct from new.notebook_id)
  execute function public.broadcast_note_moved();

revoke execute on function public.broadcast_membership_change(), public.broadcast_note_moved()
  from public, anon, authenticated;

-- Postgres Changes for the lists.
do $$
declare
  t text;
begin
  foreach t in array array['notes', 'notebooks', 'attachments'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables p
      where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = t
    ) then
      execute pg_catalog.format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
