-- Schemas and objects every Supabase project has and migrations written for one reference:
-- Vault (vault.secrets, vault.decrypted_secrets, vault.create_secret / update_secret),
-- Database Webhooks (supabase_functions.hooks and the supabase_functions.http_request() trigger
-- function) and graphql_public.graphql(). Where the server has the real extension it is used
-- instead (see extensions.ts); here they are plain SQL on both drivers.

-- Vault: secrets encrypted at rest with a key of this database that no API role can read.
create schema if not exists vault;
revoke all on schema vault from public;
create table if not exists sheaf_stack.vault_key (
  id int primary key default 1 check (id = 1),
  key text not null default encode(extensions.gen_random_bytes(32), 'hex')
);
insert into sheaf_stack.vault_key default values on conflict (id) do nothing;
revoke all on sheaf_stack.vault_key from public, anon, authenticated, service_role;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

create or replace function vault._crypt(plain text) returns text
language sql security definer set search_path = '' as $$
  select encode(extensions.pgp_sym_encrypt(plain, (select key from sheaf_stack.vault_key)), 'base64')
$$;

create or replace function vault._decrypt(sealed text) returns text
language sql stable security definer set search_path = '' as $$
  select extensions.pgp_sym_decrypt(decode(sealed, 'base64'), (select key from sheaf_stack.vault_key))
$$;

create or replace view vault.decrypted_secrets as
  select s.id, s.name, s.description, s.secret, vault._decrypt(s.secret) as decrypted_secret,
         s.key_id, s.nonce, s.created_at, s.updated_at
    from vault.secrets s;

create or replace function vault.create_secret(
  new_secret text, new_name text default null, new_description text default '',
  new_key_id uuid default null
) returns uuid language sql set search_path = '' as $$
  insert into vault.secrets (secret, name, description, key_id)
  values (vault._crypt(new_secret), new_name, coalesce(new_description, ''), new_key_id)
  returning id
$$;

create or replace function vault.update_secret(
  secret_id uuid, new_secret text default null, new_name text default null,
  new_description text default null, new_key_id uuid default null
) returns void language sql set search_path = '' as $$
  update vault.secrets
     set secret = coalesce(vault._crypt(new_secret), secret),
         name = coalesce(new_name, name),
         description = coalesce(new_description, description),
         key_id = coalesce(new_key_id, key_id),
         updated_at = now()
   where id = secret_id
$$;

revoke all on all tables in schema vault from public, anon, authenticated, service_role;
revoke all on all functions in schema vault from public, anon, authenticated, service_role;

-- Database Webhooks: the trigger function the dashboard's webhooks (and migrations that declare
-- them) call as supabase_functions.http_request('url', 'POST', '{headers}', '{params}', 'ms').
-- Without pg_net, each request is queued in sheaf_stack.webhook_requests and announced on the
-- sheaf_webhooks channel after commit; the stack sends it (db/webhooks.ts).
create schema if not exists supabase_functions;
grant usage on schema supabase_functions to anon, authenticated, service_role;

create table if not exists supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);

create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index if not exists supabase_functions_hooks_request_id_idx
  on supabase_functions.hooks (request_id);
create index if not exists supabase_functions_hooks_h_table_id_h_name_idx
  on supabase_functions.hooks (hook_table_id, hook_name);

create table if not exists sheaf_stack.webhook_requests (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  method text not null,
  url text not null,
  headers jsonb not null default '{}',
  params jsonb not null default '{}',
  body jsonb,
  timeout_ms int not null default 1000,
  status_code int,
  error text,
  sent_at timestamptz
);

create or replace function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  url text := tg_argv[0];
  method text := upper(coalesce(tg_argv[1], 'POST'));
  headers jsonb := coalesce(nullif(tg_argv[2], '')::jsonb, '{}');
  params jsonb := coalesce(nullif(tg_argv[3], '')::jsonb, '{}');
  timeout_ms int := coalesce(nullif(tg_argv[4], '')::int, 1000);
  payload jsonb;
  request_id bigint;
begin
  if url is null or url = '' then
    raise exception 'supabase_functions.http_request: the url argument is required';
  end if;
  if method not in ('GET', 'POST') then
    raise exception 'supabase_functions.http_request: method must be GET or POST, not %', method;
  end if;
  payload := jsonb_build_object(
    'type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema,
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', case when tg_op = 'INSERT' then null else to_jsonb(old) end);
  insert into sheaf_stack.webhook_requests (method, url, headers, params, body, timeout_ms)
  values (method, url, headers, params, case when method = 'POST' then payload end, timeout_ms)
  returning id into request_id;
  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (tg_relid, tg_name, request_id);
  perform pg_notify('sheaf_webhooks', request_id::text);
  return coalesce(new, old);
end
$$;
revoke all on function supabase_functions.http_request() from public;
grant execute on function supabase_functions.http_request() to anon, authenticated, service_role;

-- GraphQL: Supabase's entry point answers this while pg_graphql is not enabled.
create or replace function graphql_public.graphql(
  "operationName" text default null, query text default null, variables jsonb default null,
  extensions jsonb default null
) returns jsonb language sql stable as $$
  select jsonb_build_object('errors', jsonb_build_array(
    jsonb_build_object('message', 'pg_graphql extension is not enabled.')))
$$;
grant execute on function graphql_public.graphql(text, text, jsonb, jsonb)
  to anon, authenticated, service_role;
