-- A session that has ended (signed out elsewhere, ended from the sessions list, "sign out
-- everywhere", the account deleted) can no longer read or write anything, even with an access
-- token that has not expired yet. Hosted Supabase checks a token's session only in Auth (GET
-- /user answers session_not_found); PostgREST, Storage and Realtime accept any well-signed token
-- until it expires (up to an hour). So Postgres checks it: mfa_satisfied(), which every table's
-- and bucket's restrictive policy and every Sheaf function already asks, now also requires the
-- token's session to exist. A token without a session_id claim (the anon and service keys, or
-- tokens minted without one) is not refused here. Cost: one primary-key lookup in auth.sessions
-- per statement (the policies call it as an init plan, `(select public.mfa_satisfied())`).
-- Refusing is silent, as RLS is (reads find nothing, writes fail with 42501): an error raised
-- here would also abort Realtime's per-subscriber check of a change for everyone else.
--
-- And "last active" in the sessions list moves as a session is used: Auth moves a session's
-- refreshed_at only when its token is refreshed (hourly), so the app also reports activity
-- through touch_my_session() (at most one write a minute per session), kept in
-- session_activity beside auth.sessions rather than in Auth's own table.

-- True when the caller may access data: their session has not ended, and either they have no
-- verified MFA factor or the token says aal2. PL/pgSQL so that its two lookups keep their plans
-- for the connection and the claims are parsed once: measured per call on Postgres 15, the
-- session lookup written as a nested SQL function cost 370-550 µs against 40-110 µs before; this
-- form 120-130 µs; per REST request the difference was within the noise (medians 5.7 and 6.0 ms).
create or replace function public.mfa_satisfied()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  sid text := claims ->> 'session_id';
begin
  if coalesce(sid, '') <> '' and not exists (
    select 1 from auth.sessions s
    where s.id = sid::uuid and (s.not_after is null or s.not_after > now())
  ) then
    return false;
  end if;
  return coalesce(claims ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = auth.uid() and f.status = 'verified'
    );
end
$$;

create table public.session_activity (
  session_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  last_active_at timestamptz not null default now()
);
create index session_activity_user_id_idx on public.session_activity (user_id);
-- Only through the functions below.
alter table public.session_activity enable row level security;
revoke all on public.session_activity from anon, authenticated;

-- Records that the caller's session is in use (a write at most once a minute). False when the
-- session has ended: the app then asks Auth, which signs this device out.
create or replace function public.touch_my_session()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  sid uuid := nullif(auth.jwt() ->> 'session_id', '')::uuid;
begin
  if me is null or sid is null then
    return false;
  end if;
  if not exists (
    select 1 from auth.sessions s
    where s.id = sid and s.user_id = me and (s.not_after is null or s.not_after > now())
  ) then
    return false;
  end if;
  insert into public.session_activity as a (session_id, user_id, last_active_at)
  values (sid, me, now())
  on conflict (session_id) do update set last_active_at = excluded.last_active_at
    where a.last_active_at < excluded.last_active_at - interval '1 minute';
  -- Sessions of this person that have ended since leave nothing behind.
  delete from public.session_activity a
  where a.user_id = me
    and not exists (select 1 from auth.sessions s where s.id = a.session_id);
  return true;
end
$$;

-- As before, with last_active_at the latest of: the sign-in, Auth's own updates of the session
-- (a second factor verified, a token refreshed) and the activity the app reported.
create or replace function public.my_sessions()
returns table (
  id uuid,
  created_at timestamptz,
  last_active_at timestamptz,
  user_agent text,
  ip text,
  aal text,
  current boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    s.id,
    s.created_at,
    greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'UTC', a.last_active_at)
      as last_active_at,
    nullif(s.user_agent, ''),
    host(s.ip),
    s.aal::text,
    s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid as current
  from auth.sessions s
  left join public.session_activity a on a.session_id = s.id
  where s.user_id = auth.uid()
    and (s.not_after is null or s.not_after > now())
    and public.mfa_satisfied()
  order by 7 desc, 3 desc nulls last, s.id
$$;

revoke execute on function public.touch_my_session() from public, anon;
grant execute on function public.touch_my_session() to authenticated;
