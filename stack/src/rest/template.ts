// Reads of one shape share their plan and SQL. `GET /items?id=eq.5` and `GET /items?id=eq.6`
// differ only in a value Postgres receives as a parameter, so the second needs no planning and
// no SQL building: it takes the first's statements with its own value in that parameter's place.
//
// The template is learnt, not assumed: the read is planned once more with a marker in place of
// each such value, and it is kept only when every marker came out as a whole parameter and
// nowhere else (not in the SQL text, not inside another parameter, not dropped). Anything the
// planner turns a value into (a pattern, a list, a keyword, a cast it checks) fails that test,
// and reads of that shape are planned in full every time. A template belongs to one schema-cache
// snapshot: a reload starts afresh.
import type { Plan } from './plan/types.ts';
import type { ApiRequest, RawRequest } from './parse/request.ts';
import type { SchemaCache } from './schema/types.ts';
import type { Statement } from './sql/builder.ts';
import type { Statements } from './sql/statement.ts';

/** Operators whose value the planner passes to Postgres as one parameter, unchanged. */
const AS_PARAMETER = /^(?:eq|neq|gt|gte|lt|lte)\./;
/** Query keys that are not column filters. */
const NOT_FILTERS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'and',
  'or',
  'not.and',
  'not.or',
  'apikey',
]);
/** The headers the REST parser reads (parse/request.ts): part of a read's shape. */
const SHAPE_HEADERS = [
  'accept',
  'content-type',
  'prefer',
  'range',
  'accept-profile',
  'content-profile',
];
/** Shapes kept per snapshot; all are forgotten when full, so the set stays small. */
const SHAPES = 500;
/** Marks a value. A read whose query holds it itself (`%00`) has no shape. */
const MARK = '\u0000';
const marker = (i: number) => `${MARK}${i}${MARK}`;
/** The value a whole parameter marks, or -1 when it is not exactly a marker. */
function markedValue(param: string): number {
  const value = Number(param.slice(1, -1));
  return Number.isInteger(value) && value >= 0 && param === marker(value) ? value : -1;
}

/** A read's shape (its key) and the values its template leaves out, in order. */
export interface ReadShape {
  key: string;
  values: string[];
  /** The query with a marker in place of each value: what the template is learnt from. */
  markedPairs: [string, string][];
}

/** Where each value goes: statement (0: main, 1: plannedCount) and parameter index. */
type Slot = readonly [statement: 0 | 1, param: number, value: number];

export interface ReadTemplate {
  /**
   * The marked read as parsed. Only its query pairs hold values, and a read of the shape takes
   * its own pairs; the rest (schema, preferences, media, target) is the same for every read of
   * the shape. The values themselves need no parsing: after their operator, they are verbatim.
   */
  request: ApiRequest;
  plan: Plan;
  statements: Statements;
  slots: readonly Slot[];
}

/**
 * The shape of a GET or HEAD of a table or view, whose query decodes to `pairs`; undefined for
 * anything else.
 */
export function readShape(raw: RawRequest, pairs: [string, string][]): ReadShape | undefined {
  if ((raw.method !== 'GET' && raw.method !== 'HEAD') || raw.path.startsWith('/rpc/'))
    return undefined;
  if (raw.path === '/' || raw.path === '') return undefined;
  const values: string[] = [];
  const markedPairs: [string, string][] = [];
  let key = `${raw.method} ${raw.path}?`;
  for (const pair of pairs) {
    const [name, value] = pair;
    if (value.includes(MARK) || name.includes(MARK)) return undefined;
    if (!NOT_FILTERS.has(name) && AS_PARAMETER.test(value)) {
      const start = value.indexOf('.') + 1;
      const shaped = value.slice(0, start) + marker(values.length);
      values.push(value.slice(start));
      markedPairs.push([name, shaped]);
      key += `&${name.length}:${name}=${shaped.length}:${shaped}`;
    } else {
      markedPairs.push(pair);
      key += `&${name.length}:${name}=${value.length}:${value}`;
    }
  }
  if (values.length === 0) return undefined;
  for (const name of SHAPE_HEADERS) {
    const value = raw.headers[name];
    if (value !== undefined) key += `\n${name}:${value}`;
  }
  return { key, values, markedPairs };
}

/**
 * The template a marked read planned into, or undefined when some value did not come out as
 * exactly one whole parameter.
 */
export function learnTemplate(
  shape: ReadShape,
  request: ApiRequest,
  plan: Plan,
  statements: Statements,
): ReadTemplate | undefined {
  const slots: Slot[] = [];
  const seen = new Set<number>();
  const list = [statements.main, statements.plannedCount];
  for (let s = 0; s < list.length; s++) {
    const statement = list[s];
    if (!statement) continue;
    if (statement.sql.includes(MARK)) return undefined;
    const { params } = statement;
    for (let p = 0; p < params.length; p++) {
      const param = params[p];
      if (typeof param !== 'string') {
        if (param !== null && param !== undefined && JSON.stringify(param).includes('\\u0000'))
          return undefined;
        continue;
      }
      if (!param.includes(MARK)) continue;
      const value = markedValue(param);
      if (value < 0 || value >= shape.values.length) return undefined;
      slots.push([s as 0 | 1, p, value]);
      seen.add(value);
    }
  }
  if (seen.size !== shape.values.length) return undefined;
  return { request, plan, statements, slots };
}

/** The template's statements with these values in their places. */
export function fillTemplate(template: ReadTemplate, values: readonly string[]): Statements {
  const { main, plannedCount } = template.statements;
  const mainParams = [...main.params];
  const countParams = plannedCount ? [...plannedCount.params] : [];
  for (const [statement, param, value] of template.slots)
    (statement === 0 ? mainParams : countParams)[param] = values[value];
  const filled: Statements = { main: withParams(main, mainParams) };
  if (plannedCount) filled.plannedCount = withParams(plannedCount, countParams);
  return filled;
}

const withParams = (statement: Statement, params: unknown[]): Statement => ({
  ...statement,
  params,
});

/** What a shape is known to be: a template, or not one (planned in full every time). */
type Known = ReadTemplate | null;
const bySnapshot = new WeakMap<SchemaCache, Map<string, Known>>();

/** The templates learnt against one schema-cache snapshot. */
export function templatesOf(cache: SchemaCache): Map<string, Known> {
  let known = bySnapshot.get(cache);
  if (!known) bySnapshot.set(cache, (known = new Map()));
  else if (known.size >= SHAPES) known.clear();
  return known;
}
