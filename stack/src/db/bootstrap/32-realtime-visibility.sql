-- Postgres Changes: who may see a change, decided in Postgres as each subscriber (the Realtime
-- service calls these through its store; they are never exposed to the APIs). Filters are
-- [column, op, value, negate] as the service parsed them from `column=op.value` (`in` values as
-- an array literal `{a,b}`).

-- One filter against a record (jsonb of the row); a value that does not compare is no match.
create or replace function sheaf_stack.realtime_filter_ok(
  col_type text, is_array boolean, src jsonb, filter jsonb
) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  col text := filter->>0;
  op text := filter->>1;
  val text := filter->>2;
  negate boolean := coalesce((filter->>3)::boolean, false);
  actual text;
  res boolean;
begin
  if src is null or not (src ? col) then
    return false;
  end if;
  if is_array and jsonb_typeof(src->col) = 'array' then
    actual := coalesce((select array_agg(x)::text from jsonb_array_elements_text(src->col) x), '{}');
  else
    actual := src->>col;
  end if;
  if op = 'is' then
    execute format('select $1::%s %s %s', col_type, case when negate then 'is not' else 'is' end,
                   case lower(val) when 'true' then 'true' when 'false' then 'false'
                                   when 'unknown' then 'unknown' else 'null' end)
      into res using actual;
    return coalesce(res, false);
  elsif op = 'isdistinct' then
    execute format('select $1::%1$s %2$s $2::%1$s', col_type,
                   case when negate then 'is not distinct from' else 'is distinct from' end)
      into res using actual, val;
    return coalesce(res, false);
  elsif op = 'in' then
    execute format('select $1::%1$s = any($2::%1$s[])', col_type) into res using actual, val;
  else
    execute format('select $1::%1$s %2$s $2::%1$s', col_type,
                   case op when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<'
                           when 'lte' then '<=' when 'gt' then '>' when 'gte' then '>='
                           when 'like' then 'like' when 'ilike' then 'ilike'
                           when 'match' then '~' when 'imatch' then '~*' end)
      into res using actual, val;
  end if;
  return coalesce(case when negate then not res else res end, false);
exception when others then
  return false;
end;
$$;

-- For one committed change and the subscriptions listening to its table and operation
-- ([{id, role, claims, filters, select}]), returns each group of subscription ids that may see
-- it with the payload they receive. Mirrors Supabase Realtime: RLS is checked as the
-- subscriber (role + JWT claims) by selecting the row by primary key; `record` and `columns`
-- hold only the columns the role may select (and `select`ed ones); `old_record` follows the
-- table's replica identity; deletes cannot be checked against RLS, so on tables with RLS their
-- `old_record` is reduced to the primary key. A role that cannot select the primary key gets
-- `Error 401: Unauthorized` and no row; a table without a primary key `Error 400`.
create or replace function sheaf_stack.realtime_visible(
  change jsonb, subscriptions jsonb, max_record_bytes int default 1048576
) returns table (ids text[], payload jsonb)
language plpgsql volatile set search_path = ''
as $$
declare
  entity regclass := pg_catalog.to_regclass(format('%I.%I', change->>'schema', change->>'table'));
  action text := change->>'type';
  rls boolean;
  ident "char";
  pk text[];
  ident_cols text[];
  col_types jsonb;
  rec jsonb := coalesce(change->'record', '{}');
  full_old jsonb := coalesce(change->'old_record', '{}');
  old jsonb;
  src jsonb;
  too_big boolean := octet_length(change::text) > max_record_bytes;
  base jsonb;
  check_sql text;
  r record;
  s record;
  g record;
  f jsonb;
  selectable text[];
  visible text[];
  sel text[];
  ok boolean;
  checked jsonb;
begin
  if entity is null then
    return;
  end if;
  select c.relrowsecurity, c.relreplident into rls, ident
  from pg_catalog.pg_class c where c.oid = entity;
  pk := array(
    select a.attname::text
    from pg_catalog.pg_index i
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = entity and i.indisprimary order by a.attnum);
  ident_cols := case ident
    when 'd' then pk
    when 'i' then array(
      select a.attname::text
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = entity and i.indisreplident order by a.attnum)
    else '{}'::text[] end;
  select jsonb_object_agg(a.attname, jsonb_build_array(a.atttypid::regtype::text,
                                                       t.typcategory = 'A'))
    into col_types
  from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
  where a.attrelid = entity and a.attnum > 0 and not a.attisdropped;
  old := case
    when action = 'INSERT' then '{}'::jsonb
    when ident = 'f' then full_old
    when action = 'UPDATE' and not exists (
      select 1 from unnest(ident_cols) k where full_old->k is distinct from rec->k) then '{}'::jsonb
    else (select coalesce(jsonb_object_agg(k, full_old->k), '{}'::jsonb)
          from unnest(ident_cols) k where full_old ? k)
  end;
  src := case when action = 'DELETE' then old else rec end;
  base := jsonb_build_object('schema', change->>'schema', 'table', change->>'table',
                             'type', action, 'commit_timestamp', change->>'at');
  if rls and action <> 'DELETE' and cardinality(pk) > 0 then
    select format('select exists (select 1 from %s where %s)', entity,
                  string_agg(format('%I = ($1->>%L)::%s', a.attname, a.attname,
                                    pg_catalog.format_type(a.atttypid, a.atttypmod)), ' and '))
      into check_sql
    from pg_catalog.pg_attribute a where a.attrelid = entity and a.attname = any(pk);
  end if;

  for r in
    select distinct sub->>'role' as role from jsonb_array_elements(subscriptions) sub order by 1
  loop
    -- Only roles the API may take (granted to authenticator), as for every other request.
    if not coalesce(pg_catalog.pg_has_role('authenticator',
             pg_catalog.to_regrole(pg_catalog.quote_ident(r.role)), 'member'), false) then
      continue;
    end if;
    selectable := array(
      select a.attname::text from pg_catalog.pg_attribute a
      where a.attrelid = entity and a.attnum > 0 and not a.attisdropped
        and pg_catalog.has_column_privilege(r.role, entity, a.attnum, 'SELECT'));
    if action <> 'DELETE' and (cardinality(pk) = 0 or not (pk <@ selectable)) then
      return query
        select array_agg(sub->>'id'),
               base || jsonb_build_object('columns', '[]'::jsonb, 'record', '{}'::jsonb,
                 'errors', jsonb_build_array(case when cardinality(pk) = 0
                   then 'Error 400: Bad Request, no primary key' else 'Error 401: Unauthorized' end))
        from jsonb_array_elements(subscriptions) sub where sub->>'role' = r.role;
      continue;
    end if;

    visible := '{}';
    checked := '{}';
    for s in
      select sub->>'id' as id, sub->'claims' as claims, sub->'filters' as filters
      from jsonb_array_elements(subscriptions) sub where sub->>'role' = r.role
    loop
      ok := true;
      for f in select * from jsonb_array_elements(coalesce(s.filters, '[]'::jsonb)) loop
        ok := col_types ? (f->>0) and sheaf_stack.realtime_filter_ok(
          col_types->(f->>0)->>0, (col_types->(f->>0)->>1)::boolean, src, f);
        exit when not ok;
      end loop;
      if ok and check_sql is not null then
        -- Subscribers with the same claims see the same rows: ask once per claims.
        if checked ? s.claims::text then
          ok := (checked->>(s.claims::text))::boolean;
        else
          perform set_config('role', r.role, true),
                  set_config('request.jwt.claims', s.claims::text, true);
          execute check_sql into ok using rec;
          perform set_config('role', null, true);
          checked := checked || jsonb_build_object(s.claims::text, ok);
        end if;
      end if;
      if ok then
        visible := visible || s.id;
      end if;
    end loop;

    for g in
      select sub->'select' as sel, array_agg(sub->>'id') as ids
      from jsonb_array_elements(subscriptions) sub
      where sub->>'role' = r.role and (sub->>'id') = any(visible)
      group by sub->'select'
    loop
      sel := case when jsonb_typeof(g.sel) = 'array'
                  then array(select jsonb_array_elements_text(g.sel)) end;
      return query select g.ids, base
        || jsonb_build_object(
             'columns', coalesce((
               select jsonb_agg(jsonb_build_object('name', a.attname, 'type', t.typname)
                                order by a.attnum)
               from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
               where a.attrelid = entity and a.attnum > 0 and not a.attisdropped
                 and a.attname = any(selectable)
                 and (sel is null or a.attname = any(sel) or a.attname = any(pk))), '[]'::jsonb),
             'errors', case when too_big then jsonb_build_array('Error 413: Payload Too Large') end)
        || case when action in ('INSERT', 'UPDATE') then jsonb_build_object('record', (
             select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(rec) e
             where e.key = any(selectable) and (sel is null or e.key = any(sel) or e.key = any(pk))
               and (not too_big or octet_length(e.value::text) <= 64)))
           else '{}'::jsonb end
        || case when action in ('UPDATE', 'DELETE') then jsonb_build_object('old_record', (
             select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(old) e
             where e.key = any(selectable) and (sel is null or e.key = any(sel) or e.key = any(pk))
               and (not too_big or octet_length(e.value::text) <= 64)
               and (action = 'UPDATE' or not rls or e.key = any(pk))))
           else '{}'::jsonb end;
    end loop;
  end loop;
  perform set_config('role', null, true);
end;
$$;

-- Checks a subscription when a channel joins: its tables must be in the publication, its role
-- one the API may take, its filter columns and `select` columns selectable by that role, and
-- its filter values valid for the columns' types. Returns null when it is fine, else
-- 'unpublished' or the reason (as Supabase Realtime's subscription check raises it).
create or replace function sheaf_stack.realtime_check_subscription(
  schema_name text, table_name text, role text, filters jsonb, selected jsonb
) returns text
language plpgsql stable set search_path = ''
as $$
declare
  t record;
  f jsonb;
  col text;
  col_type regtype;
  n int;
  found boolean := false;
begin
  if not coalesce(pg_catalog.pg_has_role('authenticator',
           pg_catalog.to_regrole(pg_catalog.quote_ident(role)), 'member'), false) then
    return format('role "%s" does not exist', role);
  end if;
  for t in
    select format('%I.%I', pt.schemaname, pt.tablename)::regclass as rel
    from pg_catalog.pg_publication_tables pt
    where pt.pubname = 'supabase_realtime'
      and (schema_name = '*' or pt.schemaname = schema_name)
      and (table_name = '*' or pt.tablename = table_name)
  loop
    found := true;
    for f in select * from jsonb_array_elements(coalesce(filters, '[]'::jsonb)) loop
      col := f->>0;
      select a.atttypid::regtype into col_type from pg_catalog.pg_attribute a
      where a.attrelid = t.rel and a.attname = col and a.attnum > 0 and not a.attisdropped
        and pg_catalog.has_column_privilege(role, a.attrelid, a.attnum, 'SELECT');
      if col_type is null then
        return format('invalid column for filter %s', col);
      end if;
      if f->>1 = 'in' then
        execute format('select cardinality(%L::%s[])', f->>2, col_type) into n;
        if coalesce(n, 0) > 100 then
          return 'too many values for `in` filter. Maximum 100';
        end if;
      elsif f->>1 = 'is' then
        if lower(f->>2) not in ('null', 'true', 'false', 'unknown') then
          return 'invalid value for is filter: must be null, true, false, or unknown';
        end if;
        if lower(f->>2) <> 'null' and col_type <> 'boolean'::regtype then
          return format('is %s filter requires a boolean column, got %s', f->>2, col_type);
        end if;
      elsif f->>1 in ('like', 'ilike', 'match', 'imatch') then
        if not exists (select 1 from pg_catalog.pg_operator
                       where oprname = case when f->>1 in ('like', 'ilike') then '~~' else '~' end
                         and oprleft = col_type) then
          return format('operator %s requires a text-compatible column type, got %s', f->>1, col_type);
        end if;
      else
        execute format('select %L::%s', f->>2, col_type);
      end if;
    end loop;
    for col in select jsonb_array_elements_text(coalesce(selected, '[]'::jsonb)) loop
      if not exists (
        select 1 from pg_catalog.pg_attribute a
        where a.attrelid = t.rel and a.attname = col and a.attnum > 0 and not a.attisdropped
          and pg_catalog.has_column_privilege(role, a.attrelid, a.attnum, 'SELECT')) then
        return format('invalid column for select %s', col);
      end if;
    end loop;
  end loop;
  if not found then
    return 'unpublished';
  end if;
  return null;
exception when others then
  return sqlerrm;
end;
$$;

revoke all on function sheaf_stack.realtime_filter_ok(text, boolean, jsonb, jsonb),
  sheaf_stack.realtime_visible(jsonb, jsonb, int),
  sheaf_stack.realtime_check_subscription(text, text, text, jsonb, jsonb) from public;
