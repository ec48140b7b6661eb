// The only stage that touches the database: one transaction as the caller (asCaller) with the
// PostgREST search_path (read-only for reads), then the planned statement, sent without waiting
// in between — a request is one round trip when nothing depends on a result. Inside the
// transaction it checks what must roll back (PGRST116 singular, PGRST124 max-affected,
// `tx=rollback`), counts the total, and lets the respond stage answer. A recording hook sees every
// statement sent, so tests can prove only planned SQL reaches Postgres.
import type { Database, Transaction } from '../db/adapter.ts';
import { asCaller, type Caller } from '../db/as-caller.ts';
import { maxAffectedViolation, singularityError } from './errors.ts';
import type { Plan, ReadPlan } from './plan/types.ts';
import { searchPathValue, type Statement, type Statements } from './sql/statement.ts';

export type QueryHook = (sql: string, params: readonly unknown[]) => void;

export interface ExecuteOptions {
  searchPath: string[];
  /** Prefer: timezone=…, applied when Postgres knows the zone. */
  timezone?: string;
  onQuery?: QueryHook;
}

/** The statement's one result row. */
export interface ResultRow {
  total_result_set: string | number | null;
  page_total: string | number;
  body: string | null;
  response_headers: string | null;
  response_status: string | null;
  header?: string[];
  response_inserted?: number | null;
}

export type Result =
  | {
      row: ResultRow;
      /** The total for Content-Range, when one was asked for. */
      total?: number;
      timezoneApplied: boolean;
    }
  /** The EXPLAIN rows of an execution-plan request (always rolled back). */
  | { plan: Record<string, unknown>[]; timezoneApplied: boolean };

/** Thrown inside the transaction to roll it back while still answering with `value`. */
class Rollback<T> {
  constructor(readonly value: T) {}
}

type Run = <Row = Record<string, unknown>>(statement: Statement, last?: boolean) => Promise<Row[]>;

const readOf = (plan: Plan): ReadPlan | undefined =>
  plan.kind === 'read' ? plan : plan.kind === 'call' ? plan.read : undefined;

/** Whether the transaction only reads: GET/HEAD, or a call of a stable or immutable function. */
export function isReadOnly(plan: Plan, method: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  return plan.kind === 'call' && plan.routine.volatility !== 'v';
}

/** Runs the plan's statements in one transaction as the caller; `answer` shapes the response. */
export async function execute<T>(
  db: Database,
  caller: Caller,
  plan: Plan,
  statements: Statements,
  options: ExecuteOptions & { readOnly: boolean },
  answer: (result: Result) => T,
): Promise<T> {
  const read = readOf(plan);
  const write = plan.kind === 'read' || plan.kind === 'call' ? undefined : plan;
  const prefs = plan.kind === 'read' ? undefined : plan.prefs;
  const strict = prefs?.handling === 'strict' ? prefs.maxAffected : undefined;
  const rollback = prefs?.tx === 'rollback';
  const expectOne = read
    ? read.media === 'object'
    : write!.media === 'object' && write!.prefs.return === 'representation';
  // Whether anything may still roll back once the statement has run: then COMMIT waits for it.
  const mayRollBack = !options.readOnly && (rollback || expectOne || strict !== undefined);
  const needsPlan = read?.count === 'planned' || read?.count === 'estimated';
  const explain = read?.explain ?? write?.explain;
  const settings: Record<string, string> = { search_path: searchPathValue(options.searchPath) };
  if (options.readOnly) settings.transaction_read_only = 'on';
  try {
    return await asCaller(db, { ...caller, settings }, async (tx: Transaction) => {
      const run: Run = async <Row>(statement: Statement, last = false) => {
        options.onQuery?.(statement.sql, statement.params);
        // Planned statements answer in a fixed shape (body, counts, headers), so they keep
        // prepared, as PostgREST's do.
        const result = tx.query<Row>(statement.sql, statement.params, { prepare: true });
        if (last) tx.sendCommit();
        return (await result).rows;
      };
      // Sent now, answered with the rest: nothing below waits for it.
      const timezone = applyTimezone(run, options.timezone);
      if (explain) {
        // EXPLAIN ANALYZE runs the statement: whatever it wrote is undone.
        const [timezoneApplied, rows] = await Promise.all([timezone, run(statements.main)]);
        throw new Rollback(answer({ plan: rows, timezoneApplied }));
      }
      const main = run<ResultRow>(statements.main, !mayRollBack && !needsPlan);
      const [timezoneApplied, rows] = await Promise.all([timezone, main]);
      const row = rows[0]!;
      const page = Number(row.page_total);
      if (expectOne && page !== 1) throw singularityError(page);
      if (strict !== undefined && page > strict) throw maxAffectedViolation(page);
      const total = read
        ? await readTotal(run, read, row, statements.plannedCount, !mayRollBack)
        : mutationTotal(plan, page);
      const value = answer({ row, total, timezoneApplied });
      if (rollback) throw new Rollback(value);
      return value;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
}

/** Prefer: timezone=… sets the transaction's time zone when Postgres knows it. */
async function applyTimezone(run: Run, timezone: string | undefined): Promise<boolean> {
  if (timezone === undefined) return false;
  const rows = await run({
    sql: "SELECT set_config('timezone', $1, true) FROM pg_catalog.pg_timezone_names WHERE name = $1 LIMIT 1",
    params: [timezone],
  });
  return rows.length > 0;
}

async function readTotal(
  run: Run,
  plan: ReadPlan,
  row: ResultRow,
  plannedCount: Statement | undefined,
  last: boolean,
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
  if (!plannedCount) return undefined;
  const rows = await run(plannedCount, last);
  const planJson = rows[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return planJson?.[0]?.Plan?.['Plan Rows'];
}

/** Writes count the rows they touched. */
function mutationTotal(plan: Plan, page: number): number | undefined {
  if (plan.kind === 'read' || plan.kind === 'call') return undefined;
  return plan.count === 'exact' || plan.count === 'estimated' ? page : undefined;
}
