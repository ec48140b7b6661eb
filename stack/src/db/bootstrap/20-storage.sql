-- The storage schema as Supabase Storage creates it: buckets, objects (with owner, owner_id,
-- metadata, path_tokens, version, user_metadata), the path helpers policies use
-- (storage.foldername/filename/extension), storage.search for listing, RLS enabled with no
-- policies, and table grants to anon/authenticated/service_role (service_role bypasses RLS).
do $$ begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
exception when duplicate_object then null; end $$;

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;
alter table storage.migrations enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$function$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$function$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $function$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$function$;

create or replace function storage.get_size_by_bucket()
returns table (size bigint, bucket_id text)
language plpgsql stable as $function$
begin
  return query
    select sum((obj.metadata ->> 'size')::bigint)::bigint as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$function$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $function$
begin
  new.updated_at = now();
  return new;
end;
$function$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute procedure storage.update_updated_at_column();

-- Direct deletes from the storage tables are refused unless storage.allow_delete_query is set,
-- as in Supabase (the API sets it for its own deletes, so bytes are never orphaned).
create or replace function storage.protect_delete() returns trigger
language plpgsql as $function$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end;
$function$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Lists one "directory" level under prefix: folders (id null) and files, names relative to
-- prefix; prefix || search matched case-insensitively at the start of the name. Security
-- invoker, so the caller's row-level security decides what is listed. `levels` is kept for
-- signature compatibility and ignored, as in Supabase.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable security invoker as $function$
declare
  v_full text := coalesce(prefix, '') || coalesce(search, '');
  v_dir text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
  v_col text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  v_order text;
begin
  if v_col = 'name' then
    v_order := format('lower(e.name) collate "C" %s, e.name collate "C" %s', v_dir, v_dir);
  else
    v_order := format('e.kind, (case when e.kind = 0 then e.name end) %s, e.%I %s, e.name', v_dir, v_col, v_dir);
  end if;
  return query execute format($q$
    with matched as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             strpos(substr(o.name, $3 + 1), '/') as slash
      from storage.objects o
      where o.bucket_id = $1 and lower(left(o.name, $3)) = lower($2)
    ),
    entries as (
      select distinct substr(m.name, $4 + 1, $3 + m.slash - 1 - $4) as name,
             null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
      from matched m where m.slash > 0
      union all
      select substr(m.name, $4 + 1), m.id, m.updated_at, m.created_at, m.last_accessed_at,
             m.metadata, 1
      from matched m where m.slash = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    order by %s
    limit $5 offset $6
  $q$, v_order)
  using bucketname, v_full, length(v_full), length(coalesce(prefix, '')),
        least(coalesce(limits, 100), 1500), greatest(coalesce(offsets, 0), 0);
end
$function$;

grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant select on storage.migrations to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;
grant all on all tables in schema storage to supabase_storage_admin, postgres, dashboard_user;
