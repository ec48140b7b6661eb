// Planning helpers shared by reads, writes and calls: the table lookup with its PGRST205
// suggestion, the response media type, and the Range header's intersection with limit/offset.
import { planNotEnabled, tableNotFound } from '../errors.ts';
import type { Accept, ExplainRequest } from '../parse/media.ts';
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

function mediaFor(accept: Accept): Media {
  if (accept === 'object' || accept === 'csv' || accept === 'geojson') return accept;
  return 'json';
}

/**
 * The response's media type: the execution plan asked for when the database allows plans
 * (`pgrst.db_plan_enabled`); when it does not, PostgREST passes over the plan to the next
 * acceptable type, and answers 406 PGRST107 when there is none.
 */
export function responseMedia(
  request: ApiRequest,
  cache: SchemaCache,
): { media: Media; stripNulls: boolean; explain?: ExplainRequest } {
  const explain = request.explain;
  if (!explain) return { media: mediaFor(request.accept), stripNulls: request.stripNulls };
  if (cache.planEnabled) return { media: explain.for, stripNulls: false, explain };
  const otherwise = request.withoutPlan;
  if (!otherwise) throw planNotEnabled(explain.mime);
  return { media: mediaFor(otherwise.accept), stripNulls: otherwise.stripNulls };
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
