// Builds the schema cache from the catalog: tables and views with their columns and primary keys,
// foreign-key relationships both ways (many-to-one, one-to-many, one-to-one), many-to-many
// through junction tables, computed relationships, and the callable functions. Built at start and
// on NOTIFY pgrst; the pipeline is handed one snapshot, never a global.
import type { Queryable } from '../../db/adapter.ts';
import { loadCatalog, type Catalog } from './catalog.ts';
import { callableRoutines, computedRelationships } from './routines.ts';
import { key, type Relationship, type SchemaCache, type Table } from './types.ts';
import type { NamedFk } from './views.ts';

/** Reads the catalog for the given schemas. */
export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  return buildSchemaCache(await loadCatalog(db, schemas), schemas);
}

/** The schema cache a catalog describes (pure). */
export function buildSchemaCache(raw: Catalog, schemas: string[]): SchemaCache {
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
    tables.get(key(c.schema, c.table))?.columns.set(c.name, {
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      default: c.default_expr,
      description: c.description,
      position: c.position,
    });
  }
  const relationships = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => {
    const k = key(rel.table.schema, rel.table.name);
    relationships.set(k, [...(relationships.get(k) ?? []), rel]);
  };
  addForeignKeys(raw.keys.foreignKeys, raw.keys.uniques, add);
  addManyToMany(raw.keys.foreignKeys, tables, add);
  for (const rel of computedRelationships(raw.routines)) add(rel);
  return {
    schemas,
    tables,
    relationships,
    routines: callableRoutines(raw.routines),
    aggregatesEnabled: raw.aggregatesEnabled,
    planEnabled: raw.planEnabled,
    loadedAt: new Date(),
  };
}

/** Each foreign key both ways; one-to-one when its columns are unique. */
function addForeignKeys(
  fks: NamedFk[],
  uniques: Map<string, string[][]>,
  add: (rel: Relationship) => void,
): void {
  const isUnique = (schema: string, name: string, cols: string[]) =>
    (uniques.get(key(schema, name)) ?? []).some(
      (set) => set.length === cols.length && set.every((c) => cols.includes(c)),
    );
  for (const fk of fks) {
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
}

/** A junction table has FKs to two tables, and the FK columns are all part of its primary key. */
function addManyToMany(
  fks: NamedFk[],
  tables: Map<string, Table>,
  add: (rel: Relationship) => void,
): void {
  const byTable = new Map<string, NamedFk[]>();
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
