// Chooses the function an RPC call names, as PostgREST's findProc does: among the overloads, those
// whose parameters the argument names fit (every required one given, nothing unknown); failing
// that, one whose single unnamed parameter takes the whole body by its media type. PGRST202 when
// none fits, PGRST203 when several do (listed in the schema cache's order).
import { ambiguousFunction, noFunction } from '../errors.ts';
import type { ContentType } from '../parse/media.ts';
import type { RoutineInfo, SchemaCache } from '../schema/types.ts';
import { NAME_MIN_SCORE, closest } from './suggest.ts';

export interface RoutineCall {
  schema: string;
  name: string;
  /** The argument names: the body's keys (POST), or the query string's arguments (GET). */
  keys: string[];
  /** POST: the body may be the one argument. */
  post: boolean;
  contentType: ContentType;
}

/** The parameter type that takes a whole body of this media type (PostgREST's MediaType match). */
const SINGLE_TYPES: Partial<Record<ContentType, string[]>> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  binary: ['bytea'],
};

/** Bodies that can only ever be a single unnamed argument. */
const RAW_BODIES: ContentType[] = ['text', 'xml', 'binary'];

function fitsNames(r: RoutineInfo, call: RoutineCall): boolean {
  const keys = new Set(call.keys);
  if (r.params.length === 0)
    return keys.size === 0 && !(call.post && RAW_BODIES.includes(call.contentType));
  const required = r.params.filter((p) => p.required).map((p) => p.name);
  const optional = new Set(r.params.filter((p) => !p.required).map((p) => p.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((n) => keys.has(n));
}

function takesWholeBody(r: RoutineInfo, call: RoutineCall): boolean {
  const [only, ...more] = r.params;
  return (
    call.post &&
    only !== undefined &&
    more.length === 0 &&
    only.name === '' &&
    (SINGLE_TYPES[call.contentType] ?? []).includes(only.type)
  );
}

export function findRoutine(cache: SchemaCache, call: RoutineCall): RoutineInfo {
  const overloads = cache.routines.get(`${call.schema}.${call.name}`) ?? [];
  const byNames = overloads.filter((r) => fitsNames(r, call));
  const byBody = overloads.filter((r) => !fitsNames(r, call) && takesWholeBody(r, call));
  const found = byNames.length > 0 ? byNames : byBody;
  if (found.length === 1) return found[0]!;
  if (found.length > 1)
    throw ambiguousFunction(
      found.map(
        (r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
      ),
    );
  throw functionNotFound(cache, call, overloads);
}

function functionNotFound(cache: SchemaCache, call: RoutineCall, overloads: RoutineInfo[]) {
  const fn = `${call.schema}.${call.name}`;
  const keys = [...new Set(call.keys)].sort();
  const list = keys.join(', ');
  const rawOnly = call.post && RAW_BODIES.includes(call.contentType);
  const named = keys.length ? `(${list})` : ' without parameters';
  const message = `Could not find the function ${fn}${rawOnly ? '' : named} in the schema cache`;
  const params = keys.length
    ? ` with parameter${keys.length > 1 ? 's' : ''} ${list}`
    : ' without parameters';
  const searched = !call.post
    ? params
    : call.contentType === 'json'
      ? `${params} or with a single unnamed json/jsonb parameter`
      : rawOnly
        ? ` with a single unnamed ${SINGLE_TYPES[call.contentType]!.at(-1)} parameter`
        : params;
  const details = `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`;
  return noFunction(message, details, rawOnly ? null : hint(cache, call, keys, overloads));
}

/** A close function name, or a close parameter list of the same function's overloads. */
function hint(cache: SchemaCache, call: RoutineCall, keys: string[], overloads: RoutineInfo[]) {
  const listOf = (names: string[]) => `(${[...names].sort().join(', ')})`;
  if (overloads.length > 0) {
    const best = closest(
      listOf(keys),
      overloads.map((r) => listOf(r.params.map((p) => p.name))),
    );
    return best
      ? `Perhaps you meant to call the function ${call.schema}.${call.name}${best}`
      : null;
  }
  const names = [...cache.routines.values()]
    .map((list) => list[0]!)
    .filter((r) => r.schema === call.schema)
    .map((r) => r.name);
  const best = closest(call.name, names, NAME_MIN_SCORE);
  return best ? `Perhaps you meant to call the function ${call.schema}.${best}` : null;
}
