-- Who really sent a live edit. A note's live edits travel on its Realtime channel, where the
-- channel's policies decide who may send — but Realtime asks them when a channel is joined and
-- when its token changes, so someone whose edit rights ended while connected (an editor lowered
-- to viewer, removed from the notebook) can go on broadcasting until then, and every message
-- names its sender as the sender states it. So each client signs what it sends with a key of its
-- own (ECDSA P-256, made in the browser, the private half never leaving it) whose public half is
-- registered here, stamped with the registering user by Postgres; a client receiving a message
-- asks here whose key signed it and whether that person may edit the note now, and drops it
-- otherwise (app/src/lib/collab/signing.ts).
--
-- Keys are read only through note_writer_key(), and only by members of the note's notebook, so
-- a key id tells a stranger nothing. A user's keys older than 30 days are removed when they
-- register a new one (one per browser tab). Deploys unchanged to hosted Supabase.

create table public.writer_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  public_key jsonb not null,
  created_at timestamptz not null default now()
);
create index writer_keys_user_idx on public.writer_keys (user_id, created_at);

alter table public.writer_keys enable row level security;
alter table public.writer_keys force row level security;
revoke all on public.writer_keys from public, anon, authenticated;

-- Registers the caller's public key (a P-256 JWK: kty, crv, x, y and nothing private) and
-- answers its id.
create or replace function public.register_writer_key(public_key jsonb)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  key_id uuid;
begin
  if auth.uid() is null or not (select public.mfa_satisfied()) then
    raise exception 'sign in to register a key' using errcode = 'insufficient_privilege';
  end if;
  if public_key is null or jsonb_typeof(public_key) <> 'object'
     or public_key ->> 'kty' is distinct from 'EC' or public_key ->> 'crv' is distinct from 'P-256'
     or jsonb_typeof(public_key -> 'x') <> 'string' or jsonb_typeof(public_key -> 'y') <> 'string'
     or public_key ? 'd' or pg_catalog.octet_length(public_key::text) > 1000 then
    raise exception 'public_key must be a public P-256 key (JWK)' using errcode = 'invalid_parameter_value';
  end if;
  delete from public.writer_keys k
  where k.user_id = auth.uid() and k.created_at < now() - interval '30 days';
  insert into public.writer_keys (user_id, public_key)
  values (auth.uid(), jsonb_build_object(
    'kty', 'EC', 'crv', 'P-256', 'x', public_key ->> 'x', 'y', public_key ->> 'y'))
  returning id into key_id;
  return key_id;
end
$$;

-- The key `key_id` as a member of `note`'s notebook may know it: whose it is, its public half,
-- and whether that person may edit the note now (owner or editor). No row when the key does not
-- exist or the caller is not a member (or owes a second factor).
create or replace function public.note_writer_key(key_id uuid, note uuid)
returns table (user_id uuid, public_key jsonb, may_write boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select
    k.user_id,
    k.public_key,
    exists (
      select 1 from public.notebook_members w
      where w.notebook_id = n.notebook_id
        and w.user_id = k.user_id
        and public.role_rank(w.role) >= public.role_rank('editor')
    )
  from public.writer_keys k
  join public.notes n on n.id = note
  where k.id = key_id
    and (select public.mfa_satisfied())
    and exists (
      select 1 from public.notebook_members m
      where m.notebook_id = n.notebook_id and m.user_id = auth.uid()
    )
$$;

revoke execute on function public.register_writer_key(jsonb), public.note_writer_key(uuid, uuid)
  from public, anon;
grant execute on function public.register_writer_key(jsonb), public.note_writer_key(uuid, uuid)
  to authenticated, service_role;
