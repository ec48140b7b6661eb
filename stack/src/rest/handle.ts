// The REST pipeline for one request, top to bottom: parse → plan → sql → execute → respond, as
// the caller the route's guard resolved (routes.ts) — so a bad token is answered before a request
// that does not parse, as PostgREST does. One schema-cache snapshot serves the whole request;
// every stage but execute is pure, and each fails with its own error type, answered in
// PostgREST's shape.
import type { ResolvedCaller } from '../context/caller.ts';
import type { Database } from '../db/adapter.ts';
import { after } from '../lib/after.ts';
import type { Logger } from '../lib/log.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import { RestError, unavailableError, unexpectedError } from './errors.ts';
import { execute, isReadOnly, type QueryHook } from './execute.ts';
import { openApiResponse, optionsResponse } from './openapi.ts';
import { decodeQuery } from './parse/query.ts';
import { parseRequest, type ApiRequest, type RawRequest } from './parse/request.ts';
import { fromPgError } from './pg-errors.ts';
import { plan as planRequest } from './plan/plan.ts';
import type { Plan } from './plan/types.ts';
import { errorResponse, respond } from './respond.ts';
import type { SchemaCache } from './schema/types.ts';
import { statementsFor } from './sql/statement.ts';
import {
  fillTemplate,
  learnTemplate,
  readShape,
  templatesOf,
  type ReadShape,
  type ReadTemplate,
} from './template.ts';

export interface RestDeps {
  db: Database;
  schemas: string[];
  extraSearchPath: string[];
  maxRows?: number;
  /** The schema cache as it stands; a request takes it once. */
  cache(): SchemaCache;
  /**
   * Reloads the cache when a name was not found (DDL since the last load): the fresh snapshot,
   * or undefined when a reload happened too recently.
   */
  refresh(): Promise<SchemaCache | undefined>;
  onQuery?: QueryHook;
  apiUrl: string;
  log: Logger;
}

/** Not found in the schema cache: perhaps created since it was loaded. */
const RETRY_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST205']);

export function handleRest(
  deps: RestDeps,
  raw: RawRequest,
  who: ResolvedCaller,
): Response | Promise<Response> {
  const failed = (error: unknown) =>
    errorResponse(toRestError(error, who.role !== 'anon', deps.log));
  try {
    const cache = deps.cache();
    const pairs = decodeQuery(raw.search);
    // A read of a shape already planned against this snapshot takes that plan and SQL.
    const shape = readShape(raw, pairs);
    const templates = shape && templatesOf(cache);
    const known = shape && templates && templates.get(shape.key);
    const request = known
      ? { ...known.request, queryPairs: pairs }
      : parseRequest(raw, deps.schemas, pairs);
    if (request.action === 'openapi') return openApiResponse(cache, request, deps.apiUrl);
    if (request.action === 'info') return optionsResponse(cache, request);
    const planned = known ? known.plan : planOnce(deps, request, cache);
    const answered = after(planned, (plan) => {
      const statements = known && shape ? fillTemplate(known, shape.values) : statementsFor(plan);
      // A shape not seen against this snapshot: planned once more with a marker for each of
      // its values, to learn whether its next reads can skip parsing, planning and SQL.
      if (shape && templates && known === undefined && !(planned instanceof Promise))
        templates.set(shape.key, learnFrom(deps, raw, shape, cache));
      const options = {
        // As PostgREST sets it: the request's schema, then extra_search_path (repeats and all).
        searchPath: [request.schema, ...deps.extraSearchPath],
        readOnly: isReadOnly(plan, request.method),
        timezone: request.prefs.timezone,
        onQuery: deps.onQuery,
      };
      return execute(deps.db, who, plan, statements, options, (result) =>
        respond(request, plan, result),
      );
    });
    return answered instanceof Promise ? answered.catch(failed) : answered;
  } catch (error) {
    return failed(error);
  }
}

/** The template of a read's shape, or null when its reads must be planned in full. */
function learnFrom(
  deps: RestDeps,
  raw: RawRequest,
  shape: ReadShape,
  cache: SchemaCache,
): ReadTemplate | null {
  try {
    const marked = parseRequest(raw, deps.schemas, shape.markedPairs);
    const plan = planRequest(marked, cache, { maxRows: deps.maxRows });
    return learnTemplate(shape, marked, plan, statementsFor(plan)) ?? null;
  } catch {
    return null;
  }
}

/** Plans against the snapshot; a name it lacks gets one fresh snapshot and one more try. */
function planOnce(deps: RestDeps, request: ApiRequest, cache: SchemaCache): Plan | Promise<Plan> {
  const options = { maxRows: deps.maxRows };
  try {
    return planRequest(request, cache, options);
  } catch (error) {
    if (!(error instanceof RestError && RETRY_CODES.has(error.code))) throw error;
    return deps.refresh().then((fresh) => {
      if (!fresh) throw error;
      return planRequest(request, fresh, options);
    });
  }
}

/** Any thrown value as a RestError; unforeseen failures are logged and answered as PGRST000. */
export function toRestError(error: unknown, authenticated: boolean, log: Logger): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof DatabaseUnavailableError) return unavailableError(error);
  const pg = fromPgError(error, authenticated);
  if (pg) return pg;
  log.error('rest: unexpected error', error);
  return unexpectedError();
}
