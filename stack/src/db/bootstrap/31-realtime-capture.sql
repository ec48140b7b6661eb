-- The stack's capture of changes for Realtime (schema sheaf_stack, never exposed to the APIs):
-- row triggers on the tables of the supabase_realtime publication send each committed change to
-- the stack with NOTIFY (delivered after commit, in commit order, never for a rolled-back
-- transaction), and an event trigger keeps those triggers in step with the publication as
-- migrations alter it. Who may see a change is decided in 32-realtime-visibility.sql. See
-- docs/architecture.md (Realtime).
--
-- Each notification on channel `sheaf_realtime` is one JSON change; one too large for NOTIFY
-- (8000 bytes) waits in realtime_overflow and the notification carries only its `seq`.

create sequence if not exists sheaf_stack.realtime_change_seq;

create table if not exists sheaf_stack.realtime_overflow (
  seq bigint primary key,
  change text not null,
  created_at timestamptz not null default now()
);
revoke all on sheaf_stack.realtime_overflow from public;

create or replace function sheaf_stack.realtime_notify(seq bigint, change text) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if octet_length(change) > 7800 then
    insert into sheaf_stack.realtime_overflow (seq, change) values (seq, change);
    perform pg_notify('sheaf_realtime', json_build_object('seq', seq, 'overflow', true)::text);
  else
    perform pg_notify('sheaf_realtime', change);
  end if;
end;
$$;

-- Who made the change, for the Realtime service's limits (each writer's share of the project's
-- rates): the caller's `sub` (as auth.uid() reads it) and role, or the session's role.
create or replace function sheaf_stack.realtime_writer() returns jsonb
language sql stable set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'sub', coalesce(nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), ''),
                    nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'),
    'role', coalesce(nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'role',
                     session_user::text))
$$;

-- Row trigger on every table of the supabase_realtime publication.
create or replace function sheaf_stack.realtime_capture() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  seq bigint := nextval('sheaf_stack.realtime_change_seq');
begin
  perform sheaf_stack.realtime_notify(seq, json_build_object(
    'kind', 'change',
    'seq', seq,
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'at', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end,
    'by', sheaf_stack.realtime_writer()
  )::text);
  return null;
end;
$$;

-- Row trigger on realtime.messages: rows inserted by realtime.send() become broadcasts.
create or replace function sheaf_stack.realtime_capture_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  seq bigint := nextval('sheaf_stack.realtime_change_seq');
begin
  if new.extension = 'broadcast' then
    perform sheaf_stack.realtime_notify(seq, json_build_object(
      'kind', 'message',
      'seq', seq,
      'id', new.id,
      'topic', new.topic,
      'event', new.event,
      'private', coalesce(new.private, false),
      'payload', new.payload,
      'binary', encode(new.binary_payload, 'base64'),
      'by', sheaf_stack.realtime_writer()
    )::text);
  end if;
  return null;
end;
$$;

drop trigger if exists sheaf_realtime_message on realtime.messages;
create trigger sheaf_realtime_message after insert on realtime.messages
  for each row execute function sheaf_stack.realtime_capture_message();

-- Puts the capture trigger on each table of the publication (for the operations it publishes)
-- and takes it off tables that left.
create or replace function sheaf_stack.realtime_sync_capture() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  r record;
  wanted int;
  events text;
begin
  for r in
    select c.oid::regclass as rel, t.tgtype,
           bool_or(p.pubinsert) as ins, bool_or(p.pubupdate) as upd, bool_or(p.pubdelete) as del
    from pg_catalog.pg_publication p
    join pg_catalog.pg_publication_tables pt on pt.pubname = p.pubname
    join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
    left join pg_catalog.pg_trigger t on t.tgrelid = c.oid and t.tgname = 'sheaf_realtime_capture'
    where p.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')
    group by c.oid, t.tgtype
  loop
    -- tgtype: row (1) + INSERT (4) + DELETE (8) + UPDATE (16)
    wanted := 1 + (case when r.ins then 4 else 0 end) + (case when r.del then 8 else 0 end)
                + (case when r.upd then 16 else 0 end);
    if r.tgtype is distinct from wanted then
      execute format('drop trigger if exists sheaf_realtime_capture on %s', r.rel);
      if wanted > 1 then
        events := concat_ws(' or ', case when r.ins then 'insert' end,
                            case when r.upd then 'update' end, case when r.del then 'delete' end);
        execute format('create trigger sheaf_realtime_capture after %s on %s for each row '
                       'execute function sheaf_stack.realtime_capture()', events, r.rel);
      end if;
    end if;
  end loop;
  for r in
    select t.tgrelid::regclass as rel
    from pg_catalog.pg_trigger t
    where t.tgname = 'sheaf_realtime_capture'
      and not exists (
        select 1
        from pg_catalog.pg_publication_tables pt
        join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
        where pt.pubname = 'supabase_realtime' and c.oid = t.tgrelid)
  loop
    execute format('drop trigger sheaf_realtime_capture on %s', r.rel);
  end loop;
end;
$$;

create or replace function sheaf_stack.realtime_on_ddl() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform sheaf_stack.realtime_sync_capture();
end;
$$;

drop event trigger if exists sheaf_realtime_sync;
create event trigger sheaf_realtime_sync on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE',
               'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE')
  execute function sheaf_stack.realtime_on_ddl();

select sheaf_stack.realtime_sync_capture();

revoke all on function sheaf_stack.realtime_notify(bigint, text),
  sheaf_stack.realtime_sync_capture() from public;
