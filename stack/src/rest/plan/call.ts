// Plans POST/GET /rpc/fn: finds the function by name and argument names (PGRST202/203), reads
// named arguments from the JSON body or the query string (or one unnamed json argument), and
// plans the read over its result so set-returning functions are filterable like tables.
import { RestError, invalidBody } from '../errors.ts';
import { parseQuery } from '../parse/query.ts';
import type { ApiRequest } from '../parse/request.ts';
import { bodyAsJson } from '../parse/request.ts';
import { key, type RoutineInfo, type SchemaCache } from '../schema-cache.ts';
import { applyQuery, planSelect, type PlanContext } from './read.ts';
import { applyRange, mediaOf } from './common.ts';
import type { PlanOptions } from './plan.ts';
import { closest } from './suggest.ts';
import type { CallPlan, CallSource } from './types.ts';

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

export function planCall(request: ApiRequest, cache: SchemaCache, options: PlanOptions): CallPlan {
  const isPost = request.method === 'POST';
  const parts = parseQuery(request.query, !isPost);
  let body: unknown;
  let keys: string[];
  if (isPost) {
    body = bodyAsJson(request) ?? {};
    keys =
      body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body as object) : [];
  } else keys = [...new Set(parts.rest.map(([k]) => k))];
  const overloads = cache.routines.get(key(request.schema, request.target)) ?? [];
  const singleObject = request.prefs.params === 'single-object';
  const matches = overloads.filter((r) => {
    const names = r.params.map((p) => p.name);
    return (
      keys.every((k) => names.includes(k)) &&
      r.params.every((p) => !p.required || keys.includes(p.name))
    );
  });
  const single = overloads.filter(
    (r) =>
      r.params.length === 1 &&
      isJsonType(r.params[0]!.type) &&
      (r.params[0]!.name === '' || singleObject),
  );
  let routine: RoutineInfo;
  let args: CallSource['args'];
  if (isPost && (singleObject || matches.length === 0) && single.length === 1) {
    routine = single[0]!;
    args = { mode: 'single', json: JSON.stringify(body ?? {}) };
  } else if (
    matches.length === 1 ||
    (matches.length > 1 && keys.length === 0 && matches.some((m) => m.params.length === 0))
  ) {
    routine = matches.length === 1 ? matches[0]! : matches.find((m) => m.params.length === 0)!;
    args = argsFor(routine, isPost, body, parts.rest);
  } else if (matches.length === 0) throw noFunction(cache, request, keys, overloads, isPost);
  else
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map(
          (r) =>
            `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  if (isPost && Array.isArray(body) && args.mode !== 'single')
    throw invalidBody('Empty or invalid json');
  const source: CallSource = { kind: 'call', routine, args };
  const ctx: PlanContext = { cache, schema: request.schema, next: 0 };
  const origin = routine.returnsTable?.name ?? routine.name;
  const root = planSelect(
    ctx,
    source,
    origin,
    routine.name,
    routine.returnsComposite ? parts.select : [],
  );
  applyQuery(root, parts, origin);
  applyRange(request, root);
  return {
    kind: 'call',
    routine,
    prefs: request.prefs,
    read: {
      kind: 'read',
      root,
      media: mediaOf(request),
      stripNulls: request.stripNulls,
      count: request.prefs.count,
      headOnly: request.headOnly,
      offset: root.offset ?? 0,
      maxRows: routine.returnsSet ? options.maxRows : undefined,
      routine,
    },
  };
}

function argsFor(
  routine: RoutineInfo,
  isPost: boolean,
  body: unknown,
  rest: [string, string][],
): CallSource['args'] {
  if (routine.params.length === 0) return { mode: 'none' };
  if (isPost) {
    const obj = (body ?? {}) as Record<string, unknown>;
    return { mode: 'named', names: Object.keys(obj), json: JSON.stringify(obj) };
  }
  const obj: Record<string, unknown> = {};
  for (const p of routine.params) {
    const values = rest.filter(([k]) => k === p.name).map(([, v]) => v);
    if (values.length === 0) continue;
    obj[p.name] = p.type.endsWith('[]') && values.length > 1 ? values : values[values.length - 1];
  }
  return { mode: 'named', names: Object.keys(obj), json: JSON.stringify(obj) };
}

function noFunction(
  cache: SchemaCache,
  request: ApiRequest,
  keys: string[],
  overloads: RoutineInfo[],
  isPost: boolean,
): RestError {
  const fn = `${request.schema}.${request.target}`;
  const sorted = [...keys].sort();
  const list = sorted.join(', ');
  const message = `Could not find the function ${fn}${keys.length ? `(${list})` : ' without parameters'} in the schema cache`;
  const params = keys.length
    ? ` with parameter${keys.length > 1 ? 's' : ''} ${list}`
    : ' without parameters';
  const details = `Searched for the function ${fn}${params}${
    isPost && request.contentType === 'json' ? ' or with a single unnamed json/jsonb parameter' : ''
  }, but no matches were found in the schema cache.`;
  let hint: string | null = null;
  if (overloads.length) {
    const candidates = overloads.map(
      (r) =>
        `(${r.params
          .map((p) => p.name)
          .sort()
          .join(', ')})`,
    );
    const best = closest(`(${list})`, candidates);
    if (best)
      hint = `Perhaps you meant to call the function ${fn.split('.')[0]}.${request.target}${best}`;
  } else {
    const names = [...cache.routines.keys()]
      .filter((k) => k.startsWith(`${request.schema}.`))
      .map((k) => k.slice(request.schema.length + 1));
    const best = closest(request.target, names);
    if (best) hint = `Perhaps you meant to call the function ${request.schema}.${best}`;
  }
  return new RestError(404, 'PGRST202', message, details, hint);
}
