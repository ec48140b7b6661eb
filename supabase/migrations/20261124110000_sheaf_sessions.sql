-- Devices and sessions for the Security settings: the caller's own Auth sessions (auth.sessions is
-- not exposed through the API), with the one that made the request marked, and a way to end one
-- of them. Security definer because only the backend may read auth.*; both functions see and
-- touch nothing but the caller's rows, and — like every Sheaf table — need aal2 when the caller
-- has a verified MFA factor. Deploys unchanged to a hosted project (auth.sessions has these
-- columns there; the migration role may read and delete its rows, as it may auth.users').

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
    greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'UTC') as last_active_at,
    nullif(s.user_agent, ''),
    host(s.ip),
    s.aal::text,
    s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid as current
  from auth.sessions s
  where s.user_id = auth.uid()
    and (s.not_after is null or s.not_after > now())
    and public.mfa_satisfied()
  order by 7 desc, 3 desc nulls last, s.id
$$;

-- Ends one of the caller's sessions (its refresh tokens go with it, so that device is signed out
-- when its access token next needs refreshing). True when a session was ended.
create or replace function public.end_my_session(session uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  ended int;
begin
  if auth.uid() is null or not public.mfa_satisfied() then
    return false;
  end if;
  delete from auth.sessions s where s.id = session and s.user_id = auth.uid();
  get diagnostics ended = row_count;
  return ended > 0;
end
$$;

revoke execute on function public.my_sessions() from public, anon;
revoke execute on function public.end_my_session(uuid) from public, anon;
grant execute on function public.my_sessions() to authenticated;
grant execute on function public.end_my_session(uuid) to authenticated;
