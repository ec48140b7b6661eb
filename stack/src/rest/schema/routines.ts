// Functions as PostgREST sees them: their input parameters, which of them RPC can call (no
// unnamed parameter, or exactly one of type json, jsonb, text, xml or bytea), the order of
// overloads (fewest parameters first, then by description and parameters), and the computed
// relationships (one parameter of a relation's row type, returning that kind of rows).
import type { RawRoutine } from './catalog.ts';
import type { FunctionParam, Relationship, RoutineInfo } from './types.ts';

const SINGLE_UNNAMED_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);
const RELATION_KINDS = new Set(['r', 'v', 'm', 'f', 'p']);

/** The type a JSON value is read as for a parameter: fixed-width types take any length. */
function readType(type: string): string {
  if (type === 'bit') return 'bit varying';
  if (type === 'bit[]') return 'bit varying[]';
  if (type === 'character') return 'character varying';
  if (type === 'character[]') return 'character varying[]';
  return type;
}

function inputParams(r: RawRoutine): FunctionParam[] {
  const inputs = r.arg_types
    .map((type, i) => ({ type, name: r.arg_names[i] ?? '', mode: r.arg_modes[i] ?? 'i' }))
    .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  return inputs.map((a, i) => ({
    name: a.name,
    type: a.type,
    readType: readType(a.type),
    required: i < inputs.length - r.ndefaults,
    variadic: a.mode === 'v',
  }));
}

/**
 * Whether RPC can call it, as PostgREST decides: a function whose parameters carry no names at
 * all is callable only with a single one of a type that takes the whole body.
 */
function callable(r: RawRoutine, params: FunctionParam[]): boolean {
  if (r.named || params.length === 0) return true;
  return params.length === 1 && SINGLE_UNNAMED_TYPES.has(params[0]!.type);
}

export function toRoutine(r: RawRoutine): RoutineInfo {
  const composite =
    r.return_typtype === 'c' || r.arg_modes.some((m) => m === 't' || m === 'b' || m === 'o');
  return {
    schema: r.schema,
    name: r.name,
    params: inputParams(r),
    returnType: r.return_type,
    returnsSet: r.returns_set,
    returnsComposite: composite,
    returnsTable: r.ret_table ? { schema: r.ret_schema!, name: r.ret_table } : undefined,
    volatility: r.volatility,
    description: r.description,
  };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareParams(a: FunctionParam[], b: FunctionParam[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    const c =
      compareText(x.name, y.name) ||
      compareText(x.type, y.type) ||
      compareText(x.readType, y.readType) ||
      Number(x.required) - Number(y.required) ||
      Number(x.variadic) - Number(y.variadic);
    if (c) return c;
  }
  return a.length - b.length;
}

/** PostgREST's order of overloads: fewest parameters first, then description, then parameters. */
export function compareOverloads(a: RoutineInfo, b: RoutineInfo): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  if (a.description !== b.description) {
    if (a.description === null) return -1;
    if (b.description === null) return 1;
    return compareText(a.description, b.description);
  }
  return compareParams(a.params, b.params) || compareText(a.returnType, b.returnType);
}

/** The callable functions by `schema.name`, overloads in PostgREST's order. */
export function callableRoutines(raw: RawRoutine[]): Map<string, RoutineInfo[]> {
  const out = new Map<string, RoutineInfo[]>();
  for (const r of raw) {
    const routine = toRoutine(r);
    if (!callable(r, routine.params)) continue;
    const k = `${r.schema}.${r.name}`;
    out.set(k, [...(out.get(k) ?? []), routine]);
  }
  for (const list of out.values()) list.sort(compareOverloads);
  return out;
}

/** Computed relationships: `fn(table) returns [setof] other_table` embeds other_table in table. */
export function computedRelationships(raw: RawRoutine[]): Relationship[] {
  const out: Relationship[] = [];
  for (const r of raw) {
    if (r.nargs !== 1 || !r.param_table || !r.ret_table || !RELATION_KINDS.has(r.ret_relkind ?? ''))
      continue;
    const toOne = !r.returns_set || r.rows === 1;
    out.push({
      table: { schema: r.param_schema!, name: r.param_table },
      foreign: { schema: r.ret_schema!, name: r.ret_table },
      cardinality: toOne ? 'm2o' : 'o2m',
      constraint: r.name,
      columns: [],
      computed: { fn: { schema: r.schema, name: r.name }, toOne },
    });
  }
  return out;
}
