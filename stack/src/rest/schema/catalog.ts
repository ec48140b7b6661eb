// The catalog queries behind the schema cache: tables, columns, functions, computed
// relationships and the in-database PostgREST settings (pgrst.* on the authenticator role).
// Rows come back raw; load.ts shapes them.
import type { Queryable } from '../../db/adapter.ts';
import { loadKeys, type KeyInfo } from './views.ts';

const RELKINDS = "('r','v','m','f','p')";

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
  where c.relkind in ${RELKINDS} and n.nspname = any($1::text[]) and not c.relispartition`;

// The default a missing value takes, as PostgREST reads it: a domain's default, the identity
// sequence, nothing for generated columns, else the column default.
const COLUMNS = `
  select n.nspname as schema, c.relname as "table", a.attname as name,
    format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
    case
      when t.typbasetype <> 0 and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
      when a.attidentity = 'd' then format('nextval(%L)', seq.objid::regclass)
      when a.attgenerated <> '' then null
      else pg_get_expr(d.adbin, d.adrelid)
    end as default_expr,
    col_description(c.oid, a.attnum) as description, a.attnum::int as position
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  left join pg_depend seq on seq.refobjid = a.attrelid and seq.refobjsubid = a.attnum
    and seq.deptype = 'i' and seq.classid = 'pg_class'::regclass
  where c.relkind in ${RELKINDS} and n.nspname = any($1::text[])
    and a.attnum > 0 and not a.attisdropped
  order by a.attnum`;

// Every plain function of the exposed schemas (triggers aside). Which of them RPC can call, and
// which are computed relationships, is decided in load.ts.
const ROUTINES = `
  select n.nspname as schema, p.proname as name, p.provolatile::text as volatility,
    p.proretset as returns_set, p.prorows::float8 as rows, format_type(p.prorettype, null) as return_type,
    rt.typtype::text as return_typtype, rn.nspname as ret_schema, rc.relname as ret_table,
    rc.relkind::text as ret_relkind,
    p.proargnames is not null as named, coalesce(p.proargnames, '{}') as arg_names,
    coalesce(p.proargmodes::text[], '{}') as arg_modes,
    (select coalesce(array_agg(format_type(t, null) order by i), '{}')
       from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)) as arg_types,
    p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
    pn.nspname as param_schema, pc.relname as param_table,
    obj_description(p.oid, 'pg_proc') as description
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rc on rc.oid = rt.typrelid and rt.typtype = 'c'
  left join pg_namespace rn on rn.oid = rc.relnamespace
  left join pg_type pt on p.pronargs = 1 and pt.oid = p.proargtypes[0] and pt.typtype = 'c'
  left join pg_class pc on pc.oid = pt.typrelid and pc.relkind in ${RELKINDS}
  left join pg_namespace pn on pn.oid = pc.relnamespace
  where n.nspname = any($1::text[]) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`;

const SETTINGS = `
  select s.cfg from pg_db_role_setting r
  join pg_roles o on o.oid = r.setrole, unnest(r.setconfig) s(cfg)
  where o.rolname = 'authenticator' and (r.setdatabase = 0 or r.setdatabase =
    (select oid from pg_database where datname = current_database()))`;

export interface RawTable {
  schema: string;
  name: string;
  kind: string;
  description: string | null;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  pk: string[] | null;
}

export interface RawColumn {
  schema: string;
  table: string;
  name: string;
  type: string;
  nullable: boolean;
  default_expr: string | null;
  description: string | null;
  position: number;
}

export interface RawRoutine {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  rows: number;
  return_type: string;
  return_typtype: string;
  ret_schema: string | null;
  ret_table: string | null;
  ret_relkind: string | null;
  /** Whether any argument has a name (proargnames is set). */
  named: boolean;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  nargs: number;
  ndefaults: number;
  param_schema: string | null;
  param_table: string | null;
  description: string | null;
}

export interface Catalog {
  tables: RawTable[];
  columns: RawColumn[];
  keys: KeyInfo;
  routines: RawRoutine[];
  aggregatesEnabled: boolean;
  planEnabled: boolean;
}

/** Reads everything the schema cache is built from, for the given schemas. */
export async function loadCatalog(db: Queryable, schemas: string[]): Promise<Catalog> {
  const p = [schemas];
  const tables = (await db.query<RawTable>(TABLES, p)).rows;
  const columns = (await db.query<RawColumn>(COLUMNS, p)).rows;
  const keys = await loadKeys(db, schemas);
  const routines = (await db.query<RawRoutine>(ROUTINES, p)).rows;
  const settings = (await db.query<{ cfg: string }>(SETTINGS)).rows.map((r) => r.cfg);
  const enabled = (name: string) =>
    settings.some((s) => new RegExp(`^pgrst\\.${name}=(true|on|1|yes)$`, 'i').test(s));
  return {
    tables,
    columns,
    keys,
    routines,
    aggregatesEnabled: enabled('db_aggregates_enabled'),
    planEnabled: enabled('db_plan_enabled'),
  };
}
