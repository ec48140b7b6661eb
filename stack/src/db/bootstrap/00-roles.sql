-- Roles, schemas and default privileges as a Supabase project has them. Idempotent: runs on
-- every start whose bootstrap changed, and roles are cluster-wide on a Postgres server.
do $$
declare
  r record;
begin
  for r in select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit'),
      ('supabase_admin', 'nologin'),
      ('supabase_auth_admin', 'nologin noinherit'),
      ('supabase_storage_admin', 'nologin noinherit'),
      ('supabase_functions_admin', 'nologin noinherit'),
      ('dashboard_user', 'nologin'),
      ('postgres', 'nologin')
    ) as t(name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.options);
      exception when duplicate_object or unique_violation then
        null; -- created concurrently by another database on the same server
      end;
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists graphql;
create schema if not exists graphql_public;
create schema if not exists sheaf_stack;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

grant usage on schema public, extensions, graphql, graphql_public to anon, authenticated, service_role;

-- As on Supabase, the postgres role finds extension functions (crypt, gen_salt,
-- uuid_generate_v4 …) unqualified; this session too, since the migrations and seed run next.
alter role postgres set search_path = "$user", public, extensions;
set search_path = "$user", public, extensions;
grant usage on schema auth, storage to anon, authenticated, service_role;
grant all on schema public to anon, authenticated, service_role;

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- Functions in extensions (gen_random_uuid, uuid_generate_v4, crypt …) are callable by every role.
grant execute on all functions in schema extensions to anon, authenticated, service_role;
