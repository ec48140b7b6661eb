// The params of one `postgres_changes` binding, read as Supabase Realtime reads them:
// `event` (`*`, INSERT, UPDATE, DELETE; anything else means all), `schema` and `table` (`*` for
// any; a table alone means `public`), `filter` (`column=op.value` joined by commas, `not.` to
// negate, `in.(a,b)`, PostgREST-style double quotes) and `select` (columns to send).
import type { JsonObject } from '../protocol/frames.ts';

export const FILTER_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;

export type Filter = [column: string, op: string, value: string, negate: boolean];

export interface SubscriptionParams {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  filters: Filter[];
  select: string[] | null;
}

/** Splits on commas outside double quotes and parentheses. */
function splitTopLevel(filter: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + filter[++i];
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
    } else if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) {
      quoted = true;
      current += ch;
    } else if (ch === '(') {
      depth++;
      current += ch;
    } else if (ch === ')') {
      depth = Math.max(0, depth - 1);
      current += ch;
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
    prev = ch;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) out += value[++i];
    else if (ch === '"') return i === value.length - 1 ? out : value;
    else out += ch;
  }
  return value;
}

/** A list as Elixir's inspect prints it, for error messages matching Realtime's. */
function inspectList(items: string[]): string {
  return `[${items.map((i) => JSON.stringify(i)).join(', ')}]`;
}

function parseSegment(segment: string): Filter | string {
  const trimmed = segment.trim();
  if (!trimmed) return 'filter must not contain empty segments (check for extra commas)';
  const eq = trimmed.indexOf('=');
  if (eq < 0) return inspectList([trimmed]);
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot < 0) return inspectList([rest]);
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op)) return inspectList([op, value]);
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')'))
      return '`in` filter value must be wrapped by parentheses';
    return [column, op, `{${value.slice(1, -1)}}`, negate];
  }
  return [column, op, unquote(value), negate];
}

export function parseFilters(filter: string): Filter[] | string {
  if (!filter.trim()) return [];
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(filter.trim())) {
    const parsed = parseSegment(segment);
    if (typeof parsed === 'string') return `Error parsing \`filter\` params: ${parsed}`;
    filters.push(parsed);
  }
  return filters;
}

function eventOf(params: JsonObject): SubscriptionParams['event'] {
  const event = typeof params.event === 'string' ? params.event.toUpperCase() : '*';
  return event === 'INSERT' || event === 'UPDATE' || event === 'DELETE' ? event : '*';
}

/** The binding's params, or the error message Realtime gives for them. */
export function parseSubscription(params: JsonObject): SubscriptionParams | string {
  let select: string[] | null = null;
  if (typeof params.select === 'string')
    return 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]';
  if (Array.isArray(params.select)) {
    const names = params.select.filter((c): c is string => typeof c === 'string');
    select = names.length ? names : null;
  }
  const has = (key: string) => params[key] !== undefined && params[key] !== null;
  const str = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
  let schema: string;
  let table: string;
  let filters: Filter[] = [];
  if (typeof params.schema === 'string' && typeof params.table === 'string') {
    schema = params.schema;
    table = params.table;
    if (has('filter')) {
      if (typeof params.filter !== 'string')
        return `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`;
      const parsed = parseFilters(params.filter);
      if (typeof parsed === 'string') return parsed;
      filters = parsed;
    }
  } else if (typeof params.schema === 'string' && !has('table') && !has('filter')) {
    schema = params.schema;
    table = '*';
  } else if (typeof params.table === 'string' && !has('schema') && !has('filter')) {
    schema = 'public';
    table = str('table');
  } else {
    return `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`;
  }
  if (select && (schema === '*' || table === '*'))
    return 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.';
  return { event: eventOf(params), schema, table, filters, select };
}
