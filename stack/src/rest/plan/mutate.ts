// Plans INSERT (and upsert), PUT, PATCH and DELETE: the columns from `columns=` or the body's
// keys (PGRST204 for unknown ones), on_conflict, the PUT primary-key rules, the mutation's filters,
// and the representation read of the affected rows.
import { RestError, columnNotFound, invalidBody } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import type { Filter, LogicTree, QueryParts } from '../parse/types.ts';
import type { SchemaCache, Table } from '../schema-cache.ts';
import { mediaOf } from './common.ts';
import { applyQuery, planSelect, type PlanContext } from './read.ts';
import type { MutatePlan, PlannedLogic, WriteColumn } from './types.ts';

function bodyKeys(body: unknown): string[] {
  const rows = Array.isArray(body) ? body : [body];
  const keys: string[] = [];
  const first = rows[0];
  if (first && typeof first === 'object' && !Array.isArray(first)) keys.push(...Object.keys(first));
  for (const row of rows) {
    if (!row || typeof row !== 'object' || Array.isArray(row))
      throw invalidBody('All object keys must match');
    const k = Object.keys(row);
    if (k.length !== keys.length || !k.every((x) => keys.includes(x)))
      throw invalidBody('All object keys must match');
  }
  return keys;
}

export function planMutation(
  request: ApiRequest,
  cache: SchemaCache,
  table: Table,
  parts: QueryParts,
  body: unknown,
): MutatePlan {
  const kind =
    request.action === 'delete' ? 'delete' : request.action === 'update' ? 'update' : 'insert';
  const isPut = request.action === 'upsert';
  let columns: WriteColumn[] = [];
  if (kind !== 'delete') {
    if (body === undefined || body === null || typeof body !== 'object')
      throw invalidBody('Empty or invalid json');
    if (kind === 'update' && Array.isArray(body) && body.length === 0) body = {};
    const names = parts.columns ?? bodyKeys(body);
    columns = names.map((name) => {
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
  const returning = planSelect(
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
    body: body === undefined ? undefined : JSON.stringify(body),
    bodyIsArray: Array.isArray(body),
    applyDefaults: prefs.missing === 'default',
    where,
    returning,
    media: mediaOf(request),
    stripNulls: request.stripNulls,
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
      plan.put = { filters: putFilters(table, parts, limit, body) };
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
  if (limit !== undefined || parts.offsets.length)
    throw new RestError(
      400,
      'PGRST114',
      'limit/offset querystring parameters are not allowed for PUT',
    );
  const filters = parts.filters.filter((f) => f.path.length === 0).map((f) => f.value);
  const pk = table.primaryKey;
  const ok =
    pk.length > 0 &&
    filters.length === pk.length &&
    filters.every((f) => pk.includes(f.field.name) && f.operation.op === 'eq' && !f.negate) &&
    parts.logic.length === 0;
  if (!ok)
    throw new RestError(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    );
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length !== 1)
    throw invalidBody('Payload values do not match URL in primary key column(s)');
  for (const f of filters) {
    const row = rows[0] as Record<string, unknown>;
    const op = f.operation as { value: string };
    if (String(row[f.field.name]) !== op.value)
      throw new RestError(
        400,
        'PGRST115',
        'Payload values do not match URL in primary key column(s)',
      );
  }
  return filters;
}
