// The schema cache: what PostgREST knows about the exposed schemas, read from pg_catalog — tables
// and views with their columns and keys, foreign-key relationships (many-to-one, one-to-many,
// one-to-one, many-to-many through a junction table), functions and computed relationships.
// Built once at start and rebuilt on demand; passed to the planner, never global.
import type { Queryable } from '../db/adapter.ts';
import { loadCatalog } from './schema-queries.ts';

export interface Column {
  name: string;
  /** format_type() of the column, used to read JSON bodies (json_to_recordset). */
  type: string;
  nullable: boolean;
  /** The default expression (pg_get_expr), from the catalog. */
  default: string | null;
  description: string | null;
  position: number;
  generated: boolean;
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  description: string | null;
  columns: Map<string, Column>;
  primaryKey: string[];
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

export interface Relationship {
  /** The table embedding (the parent in the request). */
  table: QualifiedName;
  /** The table being embedded. */
  foreign: QualifiedName;
  cardinality: Cardinality;
  /** Constraint name (for m2m, the junction's constraint towards table). */
  constraint: string;
  /** Pairs of (table column, foreign column); for m2m the junction pairs below. */
  columns: [string, string][];
  junction?: {
    table: QualifiedName;
    constraint1: string;
    constraint2: string;
    /** (table column, junction column) */
    source: [string, string][];
    /** (junction column, foreign column) */
    target: [string, string][];
  };
  /** A computed relationship: the function taking table's row and returning foreign rows. */
  computed?: { fn: QualifiedName; toOne: boolean };
}

export interface QualifiedName {
  schema: string;
  name: string;
}

export interface FunctionParam {
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export interface RoutineInfo {
  schema: string;
  name: string;
  params: FunctionParam[];
  /** The return type's name (format_type). */
  returnType: string;
  returnsSet: boolean;
  /** When the function returns rows of a table or view (or a composite type). */
  returnsComposite: boolean;
  returnsTable?: QualifiedName;
  /** True for void / scalar results. */
  returnsScalar: boolean;
  volatility: 'i' | 's' | 'v';
  description: string | null;
}

export interface SchemaCache {
  schemas: string[];
  tables: Map<string, Table>;
  /** Relationships keyed by `schema.table` of the embedding side. */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, RoutineInfo[]>;
  aggregatesEnabled: boolean;
  loadedAt: Date;
}

export const key = (schema: string, name: string) => `${schema}.${name}`;

export function findTable(cache: SchemaCache, schema: string, name: string): Table | undefined {
  return cache.tables.get(key(schema, name));
}

/** Reads the catalog for the given schemas. */
export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const raw = await loadCatalog(db, schemas);
  const tables = new Map<string, Table>();
  for (const t of raw.tables) {
    tables.set(key(t.schema, t.name), {
      schema: t.schema,
      name: t.name,
      kind: t.kind === 'r' || t.kind === 'p' || t.kind === 'f' ? 'table' : 'view',
      insertable: t.insertable,
      updatable: t.updatable,
      deletable: t.deletable,
      description: t.description,
      columns: new Map(),
      primaryKey: t.pk ?? raw.keys.viewPrimaryKeys.get(key(t.schema, t.name)) ?? [],
    });
  }
  for (const c of raw.columns) {
    const table = tables.get(key(c.schema, c.table));
    if (!table) continue;
    table.columns.set(c.name, {
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      default: c.default_expr,
      description: c.description,
      position: c.position,
      generated: c.generated,
    });
  }
  const relationships = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => {
    const k = key(rel.table.schema, rel.table.name);
    const list = relationships.get(k) ?? [];
    list.push(rel);
    relationships.set(k, list);
  };
  const uniqueSets = raw.keys.uniques;
  const isUnique = (schema: string, name: string, cols: string[]) =>
    (uniqueSets.get(key(schema, name)) ?? []).some(
      (set) => set.length === cols.length && set.every((c) => cols.includes(c)),
    );
  for (const fk of raw.keys.foreignKeys) {
    const table = { schema: fk.schema, name: fk.table };
    const foreign = { schema: fk.fschema, name: fk.ftable };
    const pairs = fk.columns.map((c, i) => [c, fk.fcolumns[i]!] as [string, string]);
    const oneToOne = isUnique(fk.schema, fk.table, fk.columns);
    add({
      table,
      foreign,
      cardinality: oneToOne ? 'o2o' : 'm2o',
      constraint: fk.name,
      columns: pairs,
    });
    add({
      table: foreign,
      foreign: table,
      cardinality: oneToOne ? 'o2o' : 'o2m',
      constraint: fk.name,
      columns: pairs.map(([a, b]) => [b, a]),
    });
  }
  addManyToMany(raw.keys.foreignKeys, tables, add);
  const routines = new Map<string, RoutineInfo[]>();
  for (const r of raw.routines) {
    const k = key(r.schema, r.name);
    routines.set(k, [...(routines.get(k) ?? []), r]);
    // Computed relationships: one parameter of a table's row type, returning a table's rows.
    if (r.params.length === 1 && r.paramTable && r.returnsTable) {
      add({
        table: r.paramTable,
        foreign: r.returnsTable,
        cardinality: r.returnsSet ? 'o2m' : 'm2o',
        constraint: r.name,
        columns: [],
        computed: { fn: { schema: r.schema, name: r.name }, toOne: !r.returnsSet },
      });
    }
  }
  return {
    schemas,
    tables,
    relationships,
    routines,
    aggregatesEnabled: raw.aggregatesEnabled,
    loadedAt: new Date(),
  };
}

interface RawFk {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  fschema: string;
  ftable: string;
  fcolumns: string[];
}

/** A junction table has FKs to two tables, and the FK columns are all part of its primary key. */
function addManyToMany(
  fks: RawFk[],
  tables: Map<string, Table>,
  add: (rel: Relationship) => void,
): void {
  const byTable = new Map<string, RawFk[]>();
  for (const fk of fks) {
    const k = key(fk.schema, fk.table);
    byTable.set(k, [...(byTable.get(k) ?? []), fk]);
  }
  for (const [k, list] of byTable) {
    const junction = tables.get(k);
    if (!junction || list.length < 2) continue;
    const pk = new Set(junction.primaryKey);
    for (const a of list) {
      for (const b of list) {
        if (a === b) continue;
        const cols = [...a.columns, ...b.columns];
        if (pk.size === 0 || !cols.every((c) => pk.has(c))) continue;
        add({
          table: { schema: a.fschema, name: a.ftable },
          foreign: { schema: b.fschema, name: b.ftable },
          cardinality: 'm2m',
          constraint: a.name,
          columns: [],
          junction: {
            table: { schema: junction.schema, name: junction.name },
            constraint1: a.name,
            constraint2: b.name,
            source: a.fcolumns.map((fc, i) => [fc, a.columns[i]!] as [string, string]),
            target: b.columns.map((c, i) => [c, b.fcolumns[i]!] as [string, string]),
          },
        });
      }
    }
  }
}
