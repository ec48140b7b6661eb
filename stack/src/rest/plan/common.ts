// Planning helpers shared by reads, writes and calls: the table lookup with its PGRST205
// suggestion, the response media type, and the Range header's intersection with limit/offset.
import { tableNotFound } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import { findTable, type SchemaCache, type Table } from '../schema-cache.ts';
import { closest } from './suggest.ts';
import type { Media } from './types.ts';

export function requireTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = findTable(cache, schema, name);
  if (table) return table;
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  const best = closest(name, names);
  throw tableNotFound(
    schema,
    name,
    best ? `Perhaps you meant the table '${schema}.${best}'` : null,
  );
}

export function mediaOf(request: ApiRequest): Media {
  if (request.accept === 'object') return 'object';
  if (request.accept === 'csv') return 'csv';
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
