// Plans INSERT (and upsert), PUT, PATCH and DELETE: the columns from `columns=` or the body's
// keys (PGRST204 for unknown ones), on_conflict, the PUT primary-key rules, the mutation's filters,
// and the representation read of the affected rows.
import {
  columnNotFound,
  invalidBody,
  putFiltersNotPrimaryKey,
  putLimitNotAllowed,
  putMatchingPk,
} from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import type { Filter, LogicTree, QueryParts } from '../parse/types.ts';
import type { SchemaCache, Table } from '../schema/types.ts';
import { responseMedia } from './common.ts';
import { applyQuery, planTree, type PlanContext } from './read.ts';
import type { MutatePlan, PlannedLogic, WriteColumn } from './types.ts';

export function planMutation(request: ApiRequest, cache: SchemaCache, table: Table): MutatePlan {
  const kind =
    request.action === 'delete' ? 'delete' : request.action === 'update' ? 'update' : 'insert';
  const isPut = request.action === 'upsert';
  const parts = request.query;
  const payload = request.payload;
  let columns: WriteColumn[] = [];
  let body: string | undefined;
  let value: unknown;
  if (kind !== 'delete') {
    // The parse stage reads a body for every write but DELETE; only JSON reaches a table.
    if (payload?.kind !== 'json') throw invalidBody('Empty or invalid json');
    body = payload.text;
    value = payload.value;
    columns = payload.keys.map((name) => {
      const col = table.columns.get(name);
      if (!col) throw columnNotFound(table.name, name);
      return { name, type: col.type, default: col.default };
    });
  }
  // Root filters, logic, order and limit belong to the mutation; embedded ones to the representation.
  const rootParts: QueryParts = {
    ...parts,
    filters: parts.filters.filter((f) => f.path.length > 0),
    logic: parts.logic.filter((l) => l.path.length > 0),
    // The root order also orders the returned representation.
    limits: parts.limits.filter((l) => l.path.length > 0),
    offsets: parts.offsets.filter((o) => o.path.length > 0),
  };
  const ctx: PlanContext = { cache, schema: request.schema, next: 0 };
  const returning = planTree(
    ctx,
    { kind: 'table', schema: table.schema, name: table.name },
    table.name,
    table.name,
    parts.select,
  );
  applyQuery(returning, rootParts, table.name);
  const where: PlannedLogic[] = [
    ...parts.filters
      .filter((f) => f.path.length === 0)
      .map((f): PlannedLogic => ({ type: 'filter', filter: { kind: 'filter', filter: f.value } })),
    ...parts.logic.filter((l) => l.path.length === 0).map((l) => toPlanned(l.value)),
  ];
  const order = parts.order.filter((o) => o.path.length === 0).flatMap((o) => o.value);
  const limit = parts.limits.find((l) => l.path.length === 0)?.value;
  const prefs = request.prefs;
  const plan: MutatePlan = {
    kind,
    table,
    columns,
    body,
    applyDefaults: prefs.missing === 'default',
    where,
    returning,
    ...responseMedia(request, cache),
    prefs,
    locationColumns: table.primaryKey,
    count: prefs.count,
    limit: kind === 'insert' ? undefined : limit,
    order,
  };
  if (kind === 'insert') {
    const onConflict =
      parts.onConflict ?? (isPut || prefs.resolution ? table.primaryKey : undefined);
    if (isPut) {
      plan.onConflict = { columns: table.primaryKey, resolution: 'merge-duplicates' };
      plan.put = { filters: putFilters(table, parts, limit, value) };
    } else if (prefs.resolution && onConflict && onConflict.length)
      plan.onConflict = { columns: onConflict, resolution: prefs.resolution };
  }
  return plan;
}

function toPlanned(tree: LogicTree): PlannedLogic {
  if (tree.type === 'filter')
    return { type: 'filter', filter: { kind: 'filter', filter: tree.filter } };
  return { type: 'expr', negate: tree.negate, op: tree.op, children: tree.children.map(toPlanned) };
}

/** PUT needs eq filters on exactly the primary key, a single object, and no limit/offset. */
function putFilters(
  table: Table,
  parts: QueryParts,
  limit: number | undefined,
  body: unknown,
): Filter[] {
  if (limit !== undefined || parts.offsets.length) throw putLimitNotAllowed();
  const filters = parts.filters.filter((f) => f.path.length === 0).map((f) => f.value);
  const pk = table.primaryKey;
  const ok =
    pk.length > 0 &&
    filters.length === pk.length &&
    filters.every((f) => pk.includes(f.field.name) && f.operation.op === 'eq' && !f.negate) &&
    parts.logic.length === 0;
  if (!ok) throw putFiltersNotPrimaryKey();
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length !== 1)
    throw invalidBody('Payload values do not match URL in primary key column(s)');
  for (const f of filters) {
    const row = rows[0] as Record<string, unknown>;
    const op = f.operation as { value: string };
    if (String(row[f.field.name]) !== op.value) throw putMatchingPk();
  }
  return filters;
}
