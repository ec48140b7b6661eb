// The planner's entry: turns a parsed request into a read, mutation or call plan against the
// schema cache. Pure: no database access; errors are RestErrors (PGRST1xx/2xx).
import { RestError } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import { bodyAsJson } from '../parse/request.ts';
import { parseQuery } from '../parse/query.ts';
import type { QueryParts } from '../parse/types.ts';
import type { SchemaCache, Table } from '../schema-cache.ts';
import { applyRange, mediaOf, requireTable } from './common.ts';
import { planCall } from './call.ts';
import { planMutation } from './mutate.ts';
import { applyQuery, planSelect, type PlanContext } from './read.ts';
import type { Plan, ReadPlan } from './types.ts';

export interface PlanOptions {
  maxRows?: number;
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
