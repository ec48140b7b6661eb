// The plan stage's entry: turns a parsed request into a read, mutation or call plan against one
// schema-cache snapshot. Pure: no database access; fails with PlanError.
import { unsupportedMethod } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import type { SchemaCache, Table } from '../schema/types.ts';
import { planCall } from './call.ts';
import { applyRange, limitWithMaxRows, requireTable, responseMedia } from './common.ts';
import { planMutation } from './mutate.ts';
import { applyQuery, planTree, type PlanContext } from './read.ts';
import type { Plan, PlanOptions, ReadPlan } from './types.ts';

export function plan(request: ApiRequest, cache: SchemaCache, options: PlanOptions = {}): Plan {
  if (request.action === 'call') return planCall(request, cache, options);
  const table = requireTable(cache, request.schema, request.target);
  switch (request.action) {
    case 'read':
      return planRead(request, cache, table, options);
    case 'insert':
    case 'update':
    case 'delete':
    case 'upsert':
      return planMutation(request, cache, table);
    default:
      throw unsupportedMethod(request.method);
  }
}

function planRead(
  request: ApiRequest,
  cache: SchemaCache,
  table: Table,
  options: PlanOptions,
): ReadPlan {
  const ctx: PlanContext = { cache, schema: request.schema, next: 0 };
  const root = planTree(
    ctx,
    { kind: 'table', schema: table.schema, name: table.name },
    table.name,
    table.name,
    request.query.select,
  );
  applyQuery(root, request.query, table.name);
  applyRange(request, root);
  return {
    kind: 'read',
    table,
    root,
    ...responseMedia(request, cache),
    count: request.prefs.count,
    headOnly: request.headOnly,
    offset: root.offset ?? 0,
    rootLimit: limitWithMaxRows(root.limit, options.maxRows),
    maxRows: options.maxRows,
  };
}
