-- Database helpers for Sheaf's edge functions, callable only with the service key.
--
-- user_id_by_email: share-notebook resolves an address to an account. Only confirmed addresses
-- count, so a share never lands on an account whose owner has not proved the address (those get
-- an invitation instead, claimed when the address is confirmed). Not callable by anon or
-- authenticated: it would let anyone probe which addresses have accounts.
create or replace function public.user_id_by_email(address text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u
  where lower(u.email) = lower(btrim(address))
    and u.email_confirmed_at is not null
    and u.deleted_at is null
  limit 1
$$;

revoke execute on function public.user_id_by_email(text) from public, anon, authenticated;
grant execute on function public.user_id_by_email(text) to service_role;
