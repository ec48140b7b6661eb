// The REST pipeline for one request, top to bottom: caller → parse → plan → sql → execute →
// respond. Every stage but execute is pure; any error becomes PostgREST's error response.
import type { Database } from '../db/adapter.ts';
import type { ResolvedCaller } from '../context/caller.ts';
import { RestError, maxAffectedViolation, singularityError, toRestError } from './errors.ts';
import { Rollback, execute, type QueryHook, type Run } from './execute.ts';
import { openApiResponse, optionsResponse } from './openapi.ts';
import type { Preferences } from './parse/prefer.ts';
import { parseRequest, type RawRequest } from './parse/request.ts';
import { plan as planRequest } from './plan/plan.ts';
import type { CallPlan, MutatePlan, ReadNode, ReadPlan } from './plan/types.ts';
import { errorResponse, mutateResponse, readResponse, type ResultRow } from './respond.ts';
import type { SchemaCache } from './schema-cache.ts';
import { key } from './schema-cache.ts';
import {
  callStatement,
  mutateStatement,
  plannedCountStatement,
  readContext,
  readStatement,
  type Statement,
} from './sql/statement.ts';

export interface RestDeps {
  db: Database;
  schemas: string[];
  extraSearchPath: string[];
  maxRows?: number;
  cache(): SchemaCache;
  /** Reloads the cache when a name was not found (DDL since the last load); rate-limited. */
  refresh(): Promise<boolean>;
  onQuery?: QueryHook;
  apiUrl: string;
}

function starColumns(cache: SchemaCache) {
  return (node: ReadNode): string[] => {
    if (node.source.kind !== 'table') return [];
    const t = cache.tables.get(key(node.source.schema, node.source.name));
    return t ? [...t.columns.keys()] : [];
  };
}

const RETRY_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST205']);

export async function handleRest(
  deps: RestDeps,
  raw: RawRequest,
  caller: () => Promise<ResolvedCaller>,
): Promise<Response> {
  let authenticated = false;
  try {
    const who = await caller();
    authenticated = who.role !== 'anon';
    const request = parseRequest(raw, deps.schemas);
    if (request.action === 'openapi') return openApiResponse(deps.cache(), request, deps.apiUrl);
    if (request.action === 'info') return optionsResponse(deps.cache(), request);
    let plan;
    try {
      plan = planRequest(request, deps.cache(), { maxRows: deps.maxRows });
    } catch (error) {
      if (!(error instanceof RestError && RETRY_CODES.has(error.code)) || !(await deps.refresh()))
        throw error;
      plan = planRequest(request, deps.cache(), { maxRows: deps.maxRows });
    }
    const ctx = readContext(starColumns(deps.cache()));
    const readOnly =
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      (plan.kind === 'call' && plan.routine.volatility !== 'v');
    const options = {
      searchPath: [request.schema, ...deps.extraSearchPath.filter((s) => s !== request.schema)],
      readOnly,
      onQuery: deps.onQuery,
    };
    return await execute(deps.db, who, options, async (run) => {
      // Sent now, answered with the rest: nothing below waits for it.
      const timezone = applyTimezone(run, request.prefs);
      const response =
        plan.kind === 'read'
          ? runRead(run, request, plan, readStatement(plan, ctx), ctx)
          : plan.kind === 'call'
            ? runCall(run, request, plan, ctx)
            : runMutation(run, request, plan, mutateStatement(plan, ctx));
      const [, result] = await Promise.all([timezone, response]);
      return result;
    });
  } catch (error) {
    return errorResponse(toRestError(error, authenticated));
  }
}

/** Prefer: timezone=… sets the transaction's time zone when Postgres knows it; else it is not applied. */
async function applyTimezone(run: Run, prefs: Preferences): Promise<void> {
  if (prefs.timezone === undefined) return;
  const rows = await run({
    sql: "SELECT set_config('timezone', $1, true) FROM pg_catalog.pg_timezone_names WHERE name = $1 LIMIT 1",
    params: [prefs.timezone],
  });
  if (rows.length === 0) prefs.timezone = undefined;
}

/** Whether answering may need a planned count, a statement sent after the read's result. */
const needsPlannedCount = (plan: ReadPlan) =>
  plan.count === 'planned' || plan.count === 'estimated';

async function total(
  run: Run,
  plan: ReadPlan,
  row: ResultRow,
  ctx: ReturnType<typeof readContext>,
): Promise<number | undefined> {
  if (!plan.count) return undefined;
  const exact = row.total_result_set === null ? undefined : Number(row.total_result_set);
  if (plan.count === 'exact') return exact;
  if (
    plan.count === 'estimated' &&
    exact !== undefined &&
    (plan.maxRows === undefined || exact <= plan.maxRows)
  )
    return exact;
  const rows = await run(plannedCountStatement(plan, ctx));
  const planJson = rows[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return planJson?.[0]?.Plan?.['Plan Rows'];
}

async function runRead(
  run: Run,
  request: Parameters<typeof readResponse>[0],
  plan: ReadPlan,
  statement: Statement,
  ctx: ReturnType<typeof readContext>,
): Promise<Response> {
  // A read-only transaction: the singular check after commit has nothing to roll back.
  const row = (await run(statement, !needsPlannedCount(plan)))[0] as unknown as ResultRow;
  if (plan.media === 'object' && Number(row.page_total) !== 1)
    throw singularityError(Number(row.page_total));
  return readResponse(request, plan.media, row, plan.offset, await total(run, plan, row, ctx));
}

async function runCall(
  run: Run,
  request: Parameters<typeof readResponse>[0],
  plan: CallPlan,
  ctx: ReturnType<typeof readContext>,
): Promise<Response | Rollback<Response>> {
  const prefs = plan.prefs;
  const mayRollBack =
    plan.routine.volatility === 'v' &&
    (prefs.tx === 'rollback' ||
      plan.read.media === 'object' ||
      (prefs.handling === 'strict' && prefs.maxAffected !== undefined));
  const last = !mayRollBack && !needsPlannedCount(plan.read);
  const row = (await run(callStatement(plan, ctx), last))[0] as unknown as ResultRow;
  const pageTotal = Number(row.page_total);
  if (plan.read.media === 'object' && pageTotal !== 1) throw singularityError(pageTotal);
  if (prefs.handling === 'strict' && prefs.maxAffected !== undefined) {
    if (!plan.routine.returnsSet)
      throw new RestError(
        400,
        'PGRST128',
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      );
    if (pageTotal > prefs.maxAffected) throw maxAffectedViolation(pageTotal);
  }
  const isVoid = plan.routine.returnType === 'void';
  const response = readResponse(
    request,
    plan.read.media,
    row,
    plan.read.offset,
    await total(run, plan.read, row, ctx),
    isVoid,
  );
  return prefs.tx === 'rollback' ? new Rollback(response) : response;
}

async function runMutation(
  run: Run,
  request: Parameters<typeof mutateResponse>[0],
  plan: MutatePlan,
  statement: Statement,
): Promise<Response | Rollback<Response>> {
  const prefs = plan.prefs;
  const mayRollBack =
    prefs.tx === 'rollback' ||
    (plan.media === 'object' && prefs.return === 'representation') ||
    (prefs.handling === 'strict' && prefs.maxAffected !== undefined);
  const row = (await run(statement, !mayRollBack))[0] as unknown as ResultRow;
  const pageTotal = Number(row.page_total);
  if (plan.media === 'object' && prefs.return === 'representation' && pageTotal !== 1)
    throw singularityError(pageTotal);
  if (
    prefs.handling === 'strict' &&
    prefs.maxAffected !== undefined &&
    pageTotal > prefs.maxAffected
  )
    throw maxAffectedViolation(pageTotal);
  const count = prefs.count === 'exact' || prefs.count === 'estimated' ? pageTotal : undefined;
  const response = mutateResponse(request, plan, row, count);
  return prefs.tx === 'rollback' ? new Rollback(response) : response;
}
