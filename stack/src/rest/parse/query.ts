// Splits the query string into PostgREST's parts: select, filters (also on embedded resources via
// `rel.col=`), or/and trees, order, limit, offset, columns, on_conflict. Unknown keys are filters.
import { queryParamError } from '../errors.ts';
import { Cursor, parseFieldName, parseJsonPath } from './cursor.ts';
import { parseFilterValue, parseLogicValue } from './filter.ts';
import { parseOrder } from './order.ts';
import { parseSelect } from './select.ts';
import type { QueryParts } from './types.ts';

/** A query string's key or value, decoded (+ is a space); one that does not decode stays. */
function decodePart(v: string): string {
  if (v.indexOf('%') < 0 && v.indexOf('+') < 0) return v;
  try {
    return decodeURIComponent(v.replace(/\+/g, ' '));
  } catch {
    return v;
  }
}

/** Decodes `a=b&c=d` as WAI does (+ is a space); keeps order and duplicates. */
export function decodeQuery(search: string): [string, string][] {
  const s = search.startsWith('?') ? search.slice(1) : search;
  const pairs: [string, string][] = [];
  if (!s) return pairs;
  for (const pair of s.split('&')) {
    if (pair === '') continue;
    const i = pair.indexOf('=');
    pairs.push(
      i < 0
        ? [decodePart(pair), '']
        : [decodePart(pair.slice(0, i)), decodePart(pair.slice(i + 1))],
    );
  }
  return pairs;
}

function parseNonNegative(key: string, value: string): number {
  if (!/^\d+$/.test(value.trim()))
    throw queryParamError(
      `"failed to parse ${key} parameter (${value})" (line 1, column 1)`,
      'unexpected end of input expecting digit',
    );
  return Number(value.trim());
}

function parseColumnList(key: string, value: string): string[] {
  const c = new Cursor(value, `${key} parameter`);
  const out: string[] = [];
  for (;;) {
    out.push(parseFieldName(c));
    c.skipSpaces();
    if (c.eat(',')) continue;
    if (!c.done) throw c.fail('"," or end of input');
    return out;
  }
}

/**
 * Parses every part. On GET /rpc (rpcRead), a parameter whose value is not a filter expression is
 * a function argument and lands in `params`.
 */
export function parseQuery(pairs: [string, string][], rpcRead = false): QueryParts {
  const parts: QueryParts = {
    select: [{ type: 'field', field: { name: '*', json: [] } }],
    filters: [],
    logic: [],
    order: [],
    limits: [],
    offsets: [],
    params: [],
  };
  for (const [key, value] of pairs) {
    // The gateway consumed the key already (Kong's key-auth hides credentials).
    if (key === 'apikey') continue;
    if (key === 'select') {
      parts.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      parts.columns = parseColumnList(key, value);
      continue;
    }
    if (key === 'on_conflict') {
      parts.onConflict = parseColumnList(key, value);
      continue;
    }
    // Parameters with an empty value are ignored, as PostgREST does.
    if (value === '') continue;
    const segments = key.split('.');
    const last = segments[segments.length - 1]!;
    const notLogic = segments.length >= 2 && segments[segments.length - 2] === 'not';
    if (last === 'or' || last === 'and') {
      const path = segments.slice(0, notLogic ? -2 : -1);
      parts.logic.push({ path, value: parseLogicValue(key, value, notLogic, last) });
      continue;
    }
    if (last === 'order') {
      parts.order.push({ path: segments.slice(0, -1), value: parseOrder(value) });
      continue;
    }
    if (last === 'limit') {
      parts.limits.push({ path: segments.slice(0, -1), value: parseNonNegative('limit', value) });
      continue;
    }
    if (last === 'offset') {
      parts.offsets.push({ path: segments.slice(0, -1), value: parseNonNegative('offset', value) });
      continue;
    }
    // A filter: [embed.]*column[->json]=op.value. Column names may carry dots only in JSON paths.
    const arrow = key.indexOf('->');
    const head = arrow >= 0 ? key.slice(0, arrow) : key;
    const headSegments = head.split('.');
    const column = headSegments.pop()! + (arrow >= 0 ? key.slice(arrow) : '');
    const c = new Cursor(column, 'tree path');
    const name = parseFieldName(c);
    const json = parseJsonPath(c);
    if (!c.done) throw c.fail('end of input');
    let operation: ReturnType<typeof parseFilterValue>;
    try {
      operation = parseFilterValue(key, value);
    } catch (error) {
      if (rpcRead && headSegments.length === 0 && json.length === 0) {
        parts.params.push([key, value]);
        continue;
      }
      throw error;
    }
    parts.filters.push({ path: headSegments, value: { field: { name, json }, ...operation } });
  }
  return parts;
}
