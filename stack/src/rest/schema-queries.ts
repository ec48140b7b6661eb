// The catalog queries behind the schema cache: tables, columns, keys, foreign keys, functions and
// the in-database PostgREST settings (pgrst.* on the authenticator role).
import type { Queryable } from '../db/adapter.ts';
import type { FunctionParam, QualifiedName, RoutineInfo } from './schema-cache.ts';
import { loadKeys, type KeyInfo } from './schema-views.ts';

const TABLES = `
  select n.nspname as schema, c.relname as name, c.relkind::text as kind,
    obj_description(c.oid, 'pg_class') as description,
    (c.relkind in ('r','p','f') or (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8) as insertable,
    (c.relkind in ('r','p','f') or (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4) as updatable,
    (c.relkind in ('r','p','f') or (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16) as deletable,
    (select array_agg(a.attname::text order by array_position(k.conkey, a.attnum))
       from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
      where k.conrelid = c.oid and k.contype = 'p') as pk
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r','v','m','f','p') and n.nspname = any($1::text[])`;

const COLUMNS = `
  select n.nspname as schema, c.relname as "table", a.attname as name,
    format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
    case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_expr,
    col_description(c.oid, a.attnum) as description, a.attnum::int as position,
    (a.attgenerated <> '' or a.attidentity = 'a') as generated
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where c.relkind in ('r','v','m','f','p') and n.nspname = any($1::text[])
    and a.attnum > 0 and not a.attisdropped
  order by a.attnum`;

const ROUTINES = `
  select n.nspname as schema, p.proname as name, p.provolatile::text as volatility,
    p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
    rt.typtype::text as return_typtype, rn.nspname as ret_schema, rc.relname as ret_table,
    coalesce(p.proargnames, '{}') as arg_names,
    coalesce(p.proargmodes::text[], '{}') as arg_modes,
    (select coalesce(array_agg(format_type(t, null) order by i), '{}')
       from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)) as arg_types,
    p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults, p.provariadic <> 0 as variadic,
    pn.nspname as param_schema, pc.relname as param_table,
    obj_description(p.oid, 'pg_proc') as description
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rc on rc.oid = rt.typrelid and rt.typtype = 'c'
  left join pg_namespace rn on rn.oid = rc.relnamespace
  left join pg_type pt on p.pronargs = 1 and pt.oid = p.proargtypes[0] and pt.typtype = 'c'
  left join pg_class pc on pc.oid = pt.typrelid
  left join pg_namespace pn on pn.oid = pc.relnamespace
  where n.nspname = any($1::text[]) and p.prokind = 'f'`;

const SETTINGS = `
  select s.cfg from pg_db_role_setting r
  join pg_roles o on o.oid = r.setrole, unnest(r.setconfig) s(cfg)
  where o.rolname = 'authenticator' and (r.setdatabase = 0 or r.setdatabase =
    (select oid from pg_database where datname = current_database()))`;

interface RawRoutine {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  ret_schema: string | null;
  ret_table: string | null;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  nargs: number;
  ndefaults: number;
  variadic: boolean;
  param_schema: string | null;
  param_table: string | null;
  description: string | null;
}

export interface Catalog {
  tables: {
    schema: string;
    name: string;
    kind: string;
    description: string | null;
    insertable: boolean;
    updatable: boolean;
    deletable: boolean;
    pk: string[] | null;
  }[];
  columns: {
    schema: string;
    table: string;
    name: string;
    type: string;
    nullable: boolean;
    default_expr: string | null;
    description: string | null;
    position: number;
    generated: boolean;
  }[];
  keys: KeyInfo;
  routines: (RoutineInfo & { paramTable?: QualifiedName })[];
  aggregatesEnabled: boolean;
}

export async function loadCatalog(db: Queryable, schemas: string[]): Promise<Catalog> {
  const p = [schemas];
  const tables = (await db.query<Catalog['tables'][number]>(TABLES, p)).rows;
  const columns = (await db.query<Catalog['columns'][number]>(COLUMNS, p)).rows;
  const keys = await loadKeys(db, schemas);
  const raw = (await db.query<RawRoutine>(ROUTINES, p)).rows;
  const settings = (await db.query<{ cfg: string }>(SETTINGS)).rows.map((r) => r.cfg);
  const aggregatesEnabled = settings.some((s) =>
    /^pgrst\.db_aggregates_enabled=(true|on|1|yes)$/i.test(s),
  );
  return {
    tables,
    columns,
    keys,
    routines: raw.map(toRoutine),
    aggregatesEnabled,
  };
}

function toRoutine(r: RawRoutine): RoutineInfo & { paramTable?: QualifiedName } {
  const params: FunctionParam[] = [];
  const inputs = r.arg_types
    .map((type, i) => ({ type, name: r.arg_names[i] ?? '', mode: r.arg_modes[i] ?? 'i' }))
    .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  inputs.forEach((a, i) =>
    params.push({
      name: a.name,
      type: a.type,
      required: i < inputs.length - r.ndefaults,
      variadic: a.mode === 'v',
    }),
  );
  const composite = r.return_typtype === 'c' || r.return_type === 'record';
  return {
    schema: r.schema,
    name: r.name,
    params,
    returnType: r.return_type,
    returnsSet: r.returns_set,
    returnsComposite: composite,
    returnsTable: r.ret_table ? { schema: r.ret_schema!, name: r.ret_table } : undefined,
    returnsScalar: !composite,
    volatility: r.volatility,
    description: r.description,
    paramTable: r.param_table ? { schema: r.param_schema!, name: r.param_table } : undefined,
  };
}
