// The planner's entry: turns a parsed request into a read, mutation or call plan against the
// schema cache. Pure: no database access; errors are RestErrors (PGRST1xx/2xx).
import { RestError, tableNotFound } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import { bodyAsJson } from '../parse/request.ts';
import { parseQuery } from '../parse/query.ts';
import type { QueryParts } from '../parse/types.ts';
import { findTable, type SchemaCache, type Table } from '../schema-cache.ts';
import { planCall } from './call.ts';
import { planMutation } from './mutate.ts';
import { applyQuery, planSelect, type PlanContext } from './read.ts';
import { closest } from './suggest.ts';
import type { Media, Plan, ReadPlan } from './types.ts';

export interface PlanOptions {
  maxRows?: number;
}

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

export function plan(request: ApiRequest, cache: SchemaCache, options: PlanOptions = {}): Plan {
  if (request.action === 'call') return planCall(request, cache, options);
  const table = requireTable(cache, request.schema, request.target);
  const parts = parseQuery(request.query);
  if (request.action === 'read') return planRead(request, cache, table, parts, options);
  if (
    request.action === 'insert' ||
    request.action === 'update' ||
    request.action === 'delete' ||
    request.action === 'upsert'
  )
    return planMutation(request, cache, table, parts, bodyAsJson(request));
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
}

function planRead(
  request: ApiRequest,
  cache: SchemaCache,
  table: Table,
  parts: QueryParts,
  options: PlanOptions,
): ReadPlan {
  const ctx: PlanContext = { cache, schema: request.schema, next: 0 };
  const root = planSelect(
    ctx,
    { kind: 'table', schema: table.schema, name: table.name },
    table.name,
    table.name,
    parts.select,
  );
  applyQuery(root, parts, table.name);
  applyRange(request, root);
  return {
    kind: 'read',
    table,
    root,
    media: mediaOf(request),
    stripNulls: request.stripNulls,
    count: request.prefs.count,
    headOnly: request.headOnly,
    offset: root.offset ?? 0,
    maxRows: options.maxRows,
  };
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
