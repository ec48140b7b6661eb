// Plans POST/GET /rpc/fn: the function (routine.ts), how its arguments are passed — none, the
// whole body to one unnamed parameter, named parameters from a JSON body, or named parameters as
// text from the query string or a form — and the read over its result, so set-returning
// functions filter, order, paginate and embed like tables.
import { maxAffectedRpcViolation } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import type { SchemaCache, RoutineInfo } from '../schema/types.ts';
import { applyRange, limitWithMaxRows, responseMedia } from './common.ts';
import { applyQuery, planTree, type PlanContext } from './read.ts';
import { findRoutine } from './routine.ts';
import type { CallArgs, CallPlan, PlanOptions } from './types.ts';

const STAR = [{ type: 'field' as const, field: { name: '*', json: [] } }];

export function planCall(request: ApiRequest, cache: SchemaCache, options: PlanOptions): CallPlan {
  const post = request.method === 'POST';
  const payload = request.payload;
  const textArgs = post
    ? payload?.kind === 'form'
      ? payload.pairs
      : undefined
    : request.query.params;
  const keys = textArgs ? textArgs.map(([k]) => k) : payload?.kind === 'json' ? payload.keys : [];
  const routine = findRoutine(cache, {
    schema: request.schema,
    name: request.target,
    keys,
    post,
    contentType: request.contentType,
  });
  const prefs = request.prefs;
  if (prefs.handling === 'strict' && prefs.maxAffected !== undefined && !routine.returnsSet)
    throw maxAffectedRpcViolation();
  const ctx: PlanContext = { cache, schema: request.schema, next: 0 };
  const origin = routine.returnsTable?.name ?? routine.name;
  const source = {
    kind: 'call' as const,
    routine,
    args: callArgs(routine, keys, request, textArgs),
  };
  const root = planTree(
    ctx,
    source,
    origin,
    routine.name,
    routine.returnsComposite ? request.query.select : STAR,
  );
  applyQuery(root, request.query, origin);
  applyRange(request, root);
  return {
    kind: 'call',
    routine,
    prefs,
    read: {
      kind: 'read',
      root,
      ...responseMedia(request, cache),
      count: prefs.count,
      headOnly: request.headOnly,
      offset: root.offset ?? 0,
      rootLimit: limitWithMaxRows(root.limit, options.maxRows),
      maxRows: options.maxRows,
    },
  };
}

/** PostgREST's CallParams × CallArgs: which parameters are passed, and from where. */
function callArgs(
  routine: RoutineInfo,
  keys: string[],
  request: ApiRequest,
  textArgs: [string, string][] | undefined,
): CallArgs {
  const [only, ...more] = routine.params;
  const payload = request.payload;
  if (only && more.length === 0 && only.name === '') {
    // One unnamed parameter takes the body as it came (or the arguments as a JSON object).
    const value =
      payload?.kind === 'raw'
        ? payload.body
        : payload?.kind === 'json'
          ? payload.text
          : JSON.stringify(Object.fromEntries(textArgs ?? []));
    return { mode: 'positional', value, type: only.type };
  }
  const given = new Set(keys);
  const params = routine.params.filter((p) => given.has(p.name));
  if (params.length === 0) return { mode: 'none' };
  if (!textArgs)
    return { mode: 'json', json: payload?.kind === 'json' ? payload.text : '{}', params };
  return {
    mode: 'text',
    values: params.map((param) => {
      const values = textArgs.filter(([k]) => k === param.name).map(([, v]) => v);
      // Repeating a variadic argument passes each value; anything else takes the last one.
      return { param, value: param.variadic ? values : values[values.length - 1]! };
    }),
  };
}
