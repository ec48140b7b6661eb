// Planning helpers shared by reads, writes and calls: the table lookup with its PGRST205
// suggestion, the response media type, and the Range header's intersection with limit/offset.
import { planNotEnabled, tableNotFound } from '../errors.ts';
import type { ExplainRequest } from '../parse/media.ts';
import type { ApiRequest } from '../parse/request.ts';
import { key, type SchemaCache, type Table } from '../schema/types.ts';
import { NAME_MIN_SCORE, closest } from './suggest.ts';
import type { Media } from './types.ts';

export function requireTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(key(schema, name));
  if (table) return table;
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  // PostgREST keeps no fuzzy index for schemas of 500 relations or more.
  const best = names.length < 500 ? closest(name, names, NAME_MIN_SCORE) : undefined;
  throw tableNotFound(
    schema,
    name,
    best ? `Perhaps you meant the table '${schema}.${best}'` : null,
  );
}

export function mediaOf(request: ApiRequest): Media {
  if (request.explain) return request.explain.for;
  if (request.accept === 'object') return 'object';
  if (request.accept === 'csv') return 'csv';
  if (request.accept === 'geojson') return 'geojson';
  return 'json';
}

/** The Range header intersects the root's limit/offset range, as PostgREST does. */
export function applyRange(request: ApiRequest, root: { limit?: number; offset?: number }): void {
  const range = request.range;
  if (!range) return;
  const lowerQ = root.offset ?? 0;
  const upperQ = root.limit !== undefined ? lowerQ + root.limit - 1 : Infinity;
  const upperH = range.limit !== undefined ? range.offset + range.limit - 1 : Infinity;
  const lower = Math.max(lowerQ, range.offset);
  const upper = Math.min(upperQ, upperH);
  root.offset = lower;
  if (upper !== Infinity) root.limit = Math.max(0, upper - lower + 1);
}

/** The root's limit after `[api] max_rows`. */
export function limitWithMaxRows(asked: number | undefined, maxRows: number | undefined) {
  if (maxRows === undefined) return asked;
  return asked === undefined ? maxRows : Math.min(asked, maxRows);
}

/** The execution plan asked for, when the database allows it (`pgrst.db_plan_enabled`). */
export function explainOf(request: ApiRequest, cache: SchemaCache): ExplainRequest | undefined {
  if (!request.explain) return undefined;
  if (!cache.planEnabled) throw planNotEnabled(request.explain.mime);
  return request.explain;
}
