-- Adding a person to a notebook goes through the share-notebook function, the one path that knows
-- the person's email address and tells them (an email to an existing account, an invitation to a
-- new one). Before, the owner could insert any user id into notebook_members through the REST API,
-- without that person's knowledge, and then read their profile as a co-member.
--
-- Now authenticated callers cannot insert members or invitations at all (no insert policy, so
-- Postgres refuses with 42501); owners still change roles, remove members and cancel invitations
-- under the existing policies. The function adds people through the two helpers below, callable
-- only with the service key, which check inside the same statement that the acting user owns the
-- notebook. The owner's own membership (a trigger) and claimed invitations (a trigger) are
-- security-definer code and unaffected.

drop policy "members: owner adds" on public.notebook_members;
drop policy "invitations: owner creates" on public.invitations;

-- Adds `member` to the notebook with `member_role` (or changes the role of an existing editor or
-- viewer) on behalf of `actor`, who must own the notebook. Returns true when the person was
-- newly added, false when they were already a member.
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
  if member_role is null or member_role not in ('editor', 'viewer') then
    raise exception 'role must be editor or viewer' using errcode = 'invalid_parameter_value';
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
  if member_role is null or member_role not in ('editor', 'viewer') then
    raise exception 'role must be editor or viewer' using errcode = 'invalid_parameter_value';
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

revoke execute on function public.add_notebook_member(uuid, uuid, text, uuid)
  from public, anon, authenticated;
revoke execute on function public.add_notebook_invitation(uuid, text, text, uuid)
  from public, anon, authenticated;
grant execute on function public.add_notebook_member(uuid, uuid, text, uuid) to service_role;
grant execute on function public.add_notebook_invitation(uuid, text, text, uuid) to service_role;

-- share-notebook also needs to know whether an address has an account that is not confirmed yet
-- (its invitation email then carries the new notebook's name). Service key only, like
-- user_id_by_email: it would otherwise let anyone probe which addresses have accounts.
create or replace function public.account_by_email(address text)
returns table (id uuid, confirmed boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email_confirmed_at is not null from auth.users u
  where lower(u.email) = lower(btrim(address)) and u.deleted_at is null
  limit 1
$$;

revoke execute on function public.account_by_email(text) from public, anon, authenticated;
grant execute on function public.account_by_email(text) to service_role;
