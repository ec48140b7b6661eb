// The only stage that touches the database: one transaction as the caller with the PostgREST
// search_path (read-only for reads), then the planned statement. When nothing waits on an answer
// before the commit, the caller's settings and the statement are one batch (asCallerAtOnce: one
// round trip, no BEGIN or COMMIT); otherwise one pipelined transaction (asCaller), which checks
// what must roll back (PGRST116 singular, PGRST124 max-affected, `tx=rollback`) and asks for a
// planned count before it commits. Either way it counts the total and lets the respond stage
// answer. A recording hook sees every statement sent, so tests can prove only planned SQL
// reaches Postgres.
import type { Database, Queryable, Transaction } from '../db/adapter.ts';
import { asCaller, asCallerAtOnce, type Caller } from '../db/as-caller.ts';
import { after } from '../lib/after.ts';
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
  const runOn =
    (tx: Queryable, commit?: () => void): Run =>
    async <Row>(statement: Statement, last = false) => {
      options.onQuery?.(statement.sql, statement.params);
      // Planned statements answer in a fixed shape (body, counts, headers), so they keep
      // prepared, as PostgREST's do.
      const result = tx.query<Row>(statement.sql, statement.params, { prepare: true });
      if (last) commit?.();
      return (await result).rows;
    };
  /** What the main statement answered, checked: what must roll back throws. */
  const settle = (row: ResultRow, timezoneApplied: boolean, run: Run): T | Promise<T> => {
    const page = Number(row.page_total);
    if (expectOne && page !== 1) throw singularityError(page);
    if (strict !== undefined && page > strict) throw maxAffectedViolation(page);
    const total = read
      ? readTotal(run, read, row, statements.plannedCount, !mayRollBack)
      : mutationTotal(plan, page);
    return after(total, (total) => {
      const value = answer({ row, total, timezoneApplied });
      if (rollback) throw new Rollback(value);
      return value;
    });
  };
  const asWho = { ...caller, settings };
  try {
    if (!explain && !mayRollBack && !needsPlan) {
      // Nothing waits on an answer before the commit: the caller's settings, the time zone and
      // the statement go out as one batch, committed together (no BEGIN, no COMMIT).
      return await asCallerAtOnce(db, asWho, (tx) => {
        const run = runOn(tx);
        if (options.timezone === undefined)
          return run<ResultRow>(statements.main).then((rows) => settle(rows[0]!, false, run));
        return Promise.all([
          applyTimezone(run, options.timezone),
          run<ResultRow>(statements.main),
        ]).then(([timezoneApplied, rows]) => settle(rows[0]!, timezoneApplied, run));
      });
    }
    return await asCaller(db, asWho, async (tx: Transaction) => {
      const run = runOn(tx, () => tx.sendCommit());
      // Sent now, answered with the rest: nothing below waits for it.
      const timezone = applyTimezone(run, options.timezone);
      if (explain) {
        // EXPLAIN ANALYZE runs the statement: whatever it wrote is undone.
        const [timezoneApplied, rows] = await Promise.all([timezone, run(statements.main)]);
        throw new Rollback(answer({ plan: rows, timezoneApplied }));
      }
      const main = run<ResultRow>(statements.main, !mayRollBack && !needsPlan);
      const [timezoneApplied, rows] = await Promise.all([timezone, main]);
      return settle(rows[0]!, timezoneApplied, run);
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

/** The total a read asked for: at once from its row, or later from the planner's estimate. */
function readTotal(
  run: Run,
  plan: ReadPlan,
  row: ResultRow,
  plannedCount: Statement | undefined,
  last: boolean,
): number | undefined | Promise<number | undefined> {
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
  return run(plannedCount, last).then((rows) => {
    const planJson = rows[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    return planJson?.[0]?.Plan?.['Plan Rows'];
  });
}

/** Writes count the rows they touched. */
function mutationTotal(plan: Plan, page: number): number | undefined {
  if (plan.kind === 'read' || plan.kind === 'call') return undefined;
  return plan.count === 'exact' || plan.count === 'estimated' ? page : undefined;
}
