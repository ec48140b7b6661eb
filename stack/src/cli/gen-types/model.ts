// The metadata indexed the way the TypeScript template looks things up: types by id, the row
// types of relations, relations by id, and each relation's columns in name order.
import type { ColumnInfo, Metadata, Relation, TypeInfo } from './metadata.ts';

export interface Model {
  meta: Metadata;
  typesById: Map<string, TypeInfo>;
  /** Types that are a relation's row type (or a composite type), by type id. */
  rowTypes: Map<string, TypeInfo>;
  relationsById: Map<string, Relation>;
  columnsOf(relationId: string): ColumnInfo[];
}

/** Names in the order `String.prototype.localeCompare` gives, as the CLI sorts them. */
export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

export function buildModel(meta: Metadata): Model {
  const columns = new Map<string, ColumnInfo[]>();
  for (const c of meta.columns) columns.set(c.tableId, [...(columns.get(c.tableId) ?? []), c]);
  for (const list of columns.values()) list.sort(byName);
  return {
    meta,
    typesById: new Map(meta.types.map((t) => [t.id, t])),
    rowTypes: new Map(meta.types.filter((t) => t.typeRelationId).map((t) => [t.id, t])),
    relationsById: new Map(meta.relations.map((r) => [r.id, r])),
    columnsOf: (id) => columns.get(id) ?? [],
  };
}

/** The relation a function returns rows of: a table or view, else a composite type's name. */
export function returnedRelation(
  model: Model,
  relationId: string | null,
  returnTypeId: string,
): string | null {
  if (!relationId) return null;
  return (
    model.relationsById.get(relationId)?.name ?? model.rowTypes.get(returnTypeId)?.name ?? null
  );
}
