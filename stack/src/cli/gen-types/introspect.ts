// What `gen types` reads from the catalog, as Supabase's postgres-meta reads it for
// `supabase gen types typescript`: schemas, tables (partitions and foreign tables too), views and
// materialized views, their columns, foreign-key relationships (through views as well), functions
// with their arguments, and every type (for enums, composite types and row types).
import type { Queryable } from '../../db/adapter.ts';
import { loadKeys } from '../../rest/schema/views.ts';
import type { ColumnInfo, FunctionArg, FunctionInfo, Metadata, TypeInfo } from './metadata.ts';

const RELATIONS = `
  select c.oid::text as id, n.nspname as schema, c.relname as name, c.relkind::text as kind,
    (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

const COLUMNS = `
  select c.oid::text as table_id, a.attname as name, coalesce(bt.typname, t.typname) as format,
    a.attidentity in ('a', 'd') as is_identity,
    case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
    not (a.attnotnull or t.typtype = 'd' and t.typnotnull) as is_nullable,
    case when a.atthasdef then pg_get_expr(ad.adbin, ad.adrelid) end as default_value,
    (c.relkind in ('r', 'p') or c.relkind in ('v', 'f')
      and pg_column_is_updatable(c.oid, a.attnum, false)) as is_updatable
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'f', 'v', 'm')
    and a.attnum > 0 and not a.attisdropped`;

// Argument modes, names and types of every argument (OUT and TABLE ones too), and which have
// defaults — the last pronargdefaults of the first pronargs, as postgres-meta lines them up.
const FUNCTIONS = `
  select n.nspname as schema, p.proname as name,
    coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as modes,
    coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as names,
    (select coalesce(array_agg(t::text order by i), '{}')
       from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)) as types,
    p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
    pg_get_function_arguments(p.oid) as argument_types,
    p.prorettype::text as return_type_id, pg_get_function_result(p.oid) as return_type,
    nullif(rt.typrelid, 0)::text as return_type_relation_id,
    p.proretset as returns_set,
    case when p.proretset then nullif(p.prorows, 0)::float8 end as prorows
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  left join pg_type rt on rt.oid = p.prorettype
  where n.nspname = any($1::text[]) and p.prokind = 'f'
    and pg_get_function_result(p.oid) not in ('trigger', 'event_trigger')`;

const TYPES = `
  select t.oid::text as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
    coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e
               where e.enumtypid = t.oid), '{}') as enums,
    coalesce((select json_agg(json_build_object('name', a.attname, 'typeId', a.atttypid::text) order by a.attnum)
                from pg_class c join pg_attribute a on a.attrelid = c.oid
               where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped),
             '[]') as attributes,
    nullif(t.typrelid, 0)::text as type_relation_id
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where t.typrelid = 0
     or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

const MODES: Record<string, FunctionArg['mode']> = {
  i: 'in',
  o: 'out',
  b: 'inout',
  v: 'variadic',
  t: 'table',
};

interface RawFunction {
  schema: string;
  name: string;
  modes: string[];
  names: string[];
  types: string[];
  nargs: number;
  ndefaults: number;
  argument_types: string;
  return_type_id: string;
  return_type: string;
  return_type_relation_id: string | null;
  returns_set: boolean;
  prorows: number | null;
}

function toFunction(r: RawFunction): FunctionInfo {
  return {
    schema: r.schema,
    name: r.name,
    args: r.types.map((typeId, i) => ({
      mode: MODES[r.modes[i] ?? 'i'] ?? 'in',
      name: r.names[i] ?? '',
      typeId,
      hasDefault: i < r.nargs && i >= r.nargs - r.ndefaults,
    })),
    argumentTypes: r.argument_types,
    returnTypeId: r.return_type_id,
    returnType: r.return_type,
    returnTypeRelationId: r.return_type_relation_id,
    isSetReturning: r.returns_set,
    prorows: r.prorows,
  };
}

/** Reads the metadata of the schemas that exist among `wanted`. */
export async function introspect(db: Queryable, wanted: string[]): Promise<Metadata> {
  const found = await db.query<{ name: string }>(
    'select nspname as name from pg_namespace where nspname = any($1::text[])',
    [wanted],
  );
  const schemas = found.rows.map((r) => r.name);
  const p = [schemas];
  const relations = (
    await db.query<{ id: string; schema: string; name: string; kind: string; updatable: boolean }>(
      RELATIONS,
      p,
    )
  ).rows;
  const columns = (await db.query<Record<string, unknown>>(COLUMNS, p)).rows;
  const functions = (await db.query<RawFunction>(FUNCTIONS, p)).rows;
  const types = (await db.query<TypeInfo & { type_relation_id: string | null }>(TYPES)).rows;
  const keys = await loadKeys(db, schemas);
  const uniques = (schema: string, name: string, cols: string[]) =>
    (keys.uniques.get(`${schema}.${name}`) ?? []).some(
      (set) => set.length === cols.length && set.every((c) => cols.includes(c)),
    );
  return {
    schemas,
    relations: relations.map((r) => ({
      id: r.id,
      schema: r.schema,
      name: r.name,
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      relkind: r.kind,
      isUpdatable: r.kind === 'v' && r.updatable,
    })),
    columns: columns.map((c) => ({
      tableId: c.table_id as string,
      name: c.name as string,
      format: c.format as string,
      isNullable: c.is_nullable as boolean,
      isIdentity: c.is_identity as boolean,
      identityGeneration: c.identity_generation as ColumnInfo['identityGeneration'],
      defaultValue: c.default_value as string | null,
      isUpdatable: c.is_updatable as boolean,
    })),
    relationships: keys.foreignKeys.map((fk) => ({
      foreignKeyName: fk.name,
      schema: fk.schema,
      relation: fk.table,
      columns: fk.columns,
      isOneToOne: uniques(fk.schema, fk.table, fk.columns),
      referencedSchema: fk.fschema,
      referencedRelation: fk.ftable,
      referencedColumns: fk.fcolumns,
    })),
    functions: functions.map(toFunction),
    types: types.map((t) => ({
      id: t.id,
      name: t.name,
      schema: t.schema,
      format: t.format,
      enums: t.enums,
      attributes: t.attributes,
      typeRelationId: t.type_relation_id,
    })),
  };
}
