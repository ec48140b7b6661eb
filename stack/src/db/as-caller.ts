// Runs work as the caller, the way PostgREST does: one transaction, the caller's role, and the
// request's JWT claims, headers, method and path as transaction-local settings. Row-level
// security and grants then decide what the work may see and change.
import {
  BatchError,
  type Database,
  type PgError,
  type QueryOptions,
  type QueryResult,
  type Queryable,
  type Statement,
  type Transaction,
} from './adapter.ts';

export interface Caller {
  /** A role granted to `authenticator` (anon, authenticated, service_role, …). */
  role: string;
  /** The verified JWT claims (or {role} for an API key without a user). */
  claims: Record<string, unknown>;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  method?: string;
  path?: string;
  /**
   * More transaction-local settings applied in the same round trip (e.g. search_path,
   * transaction_read_only). Names and values are parameters like everything else.
   */
  settings?: Record<string, string>;
}

// The login role may be a superuser (PGlite's only role; a server's owner), which could become
// any role: so the role is switched only when `authenticator` itself may become it, as on
// hosted Supabase, where PostgREST logs in as authenticator. A refused role fails the
// statement in Postgres (a division by zero, 22012, reported as the refused role; it divides by
// `allowed`, which Postgres cannot fold into a constant and raise while planning), so the
// transaction fails there and statements pipelined or batched behind it never run. Every
// setting is evaluated inside one array, counted: one column comes back, not one per setting.
const SET_CALLER = `
  select pg_catalog.cardinality(array[
         set_config('role', case when c.allowed then $1 else (1 / c.allowed::int)::text end, true),
         set_config('request.jwt.claims', $2, true),
         set_config('request.headers', $3, true),
         set_config('request.cookies', $4, true),
         set_config('request.method', $5, true),
         set_config('request.path', $6, true)`;
const SETTINGS_END = `]) as settings
  from (select coalesce(pg_catalog.pg_has_role('authenticator',
                          pg_catalog.to_regrole(pg_catalog.quote_ident($1)), 'member'),
                        false) as allowed) c`;

/** The statement for `extra` more settings: the same text each time, so it stays prepared. */
const setCallerSqls: string[] = [];
function setCallerSql(extra: number): string {
  return (setCallerSqls[extra] ??=
    SET_CALLER +
    Array.from(
      { length: extra },
      (_, i) => `, set_config($${7 + 2 * i}, $${8 + 2 * i}, true)`,
    ).join('') +
    SETTINGS_END);
}

/**
 * Claims as JSON, by the claims object: a verified token's claims are one object for as long
 * as the JWT cache keeps it (keys/jwt-cache.ts), so its requests serialise them once.
 */
const claimsJson = new WeakMap<object, string>();
function jsonOfClaims(claims: Record<string, unknown>): string {
  let json = claimsJson.get(claims);
  if (json === undefined) claimsJson.set(claims, (json = JSON.stringify(claims)));
  return json;
}

/** The statement that makes the transaction the caller's: role and settings, in one. */
export function callerStatement(caller: Caller): Statement {
  const params: unknown[] = [
    caller.role,
    jsonOfClaims(caller.claims),
    caller.headers ? JSON.stringify(caller.headers) : '{}',
    caller.cookies ? JSON.stringify(caller.cookies) : '{}',
    caller.method ?? '',
    caller.path ?? '',
  ];
  const { settings } = caller;
  let extra = 0;
  if (settings)
    for (const name in settings) {
      params.push(name, settings[name]);
      extra++;
    }
  return { sql: setCallerSql(extra), params, prepare: true };
}

/**
 * The caller's error for a refused role, as PostgREST reports a JWT role the database does not
 * let it become; any other failure of the caller's statement unchanged.
 */
function refusedRole(caller: Caller, error: unknown): unknown {
  const code = (error as PgError | undefined)?.code;
  // 22012: refused by SET_CALLER; 42501 and 22023: by Postgres (no SET right on the role).
  if (code !== '22012' && code !== '42501' && code !== '22023') return error;
  const refused = new Error(`role "${caller.role}" does not exist`) as PgError;
  refused.code = '22023';
  return refused;
}

/**
 * Applies the caller's role and settings to an open transaction, in one statement. Statements
 * sent before it settles (pipelined) run as the caller, or not at all if the role is refused.
 */
export async function setCaller(tx: Queryable, caller: Caller): Promise<void> {
  const { sql, params, prepare } = callerStatement(caller);
  try {
    await tx.query(sql, params, { prepare });
  } catch (error) {
    throw refusedRole(caller, error);
  }
}

/**
 * Runs fn in one transaction as the caller. The caller's settings and fn's first statements go
 * out together; if the settings fail, that is the error reported.
 */
export function asCaller<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [set, work] = await Promise.allSettled([setCaller(tx, caller), fn(tx)]);
    if (set.status === 'rejected') throw set.reason;
    if (work.status === 'rejected') throw work.reason;
    return work.value;
  });
}

const ignore = (): undefined => undefined;

/** The statements of a batch as fn sends them (atOnce). */
export interface BatchTx extends Queryable {
  /** Runs the statements sent after this one as the caller (setCaller, in the batch). */
  becomeCaller(caller: Caller): Promise<void>;
}

/**
 * One batch while fn sends its statements, then while their answers come back. A class, so a
 * request's batch makes no closures of its own beyond each statement's promise.
 */
class PendingBatch implements BatchTx {
  readonly statements: Statement[] = [];
  /** Each statement's resolve and reject, by its place in the batch. */
  readonly #answer: ((result: QueryResult) => void)[] = [];
  readonly #fail: ((error: unknown) => void)[] = [];
  /** The caller each caller's statement switches to, by its place in the batch. */
  readonly #callers: (Caller | undefined)[] = [];
  open = true;

  /** The caller the whole batch runs as: its statement first, its answer awaited by no one. */
  constructor(first: Caller | undefined) {
    if (!first) return;
    this.#callers[0] = first;
    this.statements.push(callerStatement(first));
    this.#answer.push(ignore);
    this.#fail.push(ignore);
  }

  #send<Row>(statement: Statement): Promise<QueryResult<Row>> {
    if (!this.open) return Promise.reject(new Error('statement sent after the batch went out'));
    this.statements.push(statement);
    const answered = new Promise<QueryResult<Row>>((answer, fail) => {
      this.#answer.push(answer as (result: QueryResult) => void);
      this.#fail.push(fail);
    });
    // A statement fn did not wait for fails the batch, not the process.
    answered.catch(ignore);
    return answered;
  }

  query<Row>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>> {
    return this.#send({ sql, params, prepare: options?.prepare });
  }

  exec(): Promise<void> {
    return Promise.reject(new Error('a batch takes statements with parameters only'));
  }

  becomeCaller(caller: Caller): Promise<void> {
    this.#callers[this.statements.length] = caller;
    const switched = this.#send(callerStatement(caller)).then(ignore);
    switched.catch(ignore);
    return switched;
  }

  /** Every statement's answer, in order. */
  answer(answers: QueryResult[]): void {
    for (let i = 0; i < this.#answer.length; i++) this.#answer[i]!(answers[i]!);
  }

  /**
   * The batch's failure as fn and atOnce's caller see it (a caller's statement refused: the
   * refused role's), given to every statement.
   */
  fail(error: unknown): unknown {
    let failure = error;
    if (error instanceof BatchError) {
      const caller = this.#callers[error.index];
      failure = caller ? refusedRole(caller, error.error) : error.error;
    }
    for (const fail of this.#fail) fail(failure);
    return failure;
  }
}

/**
 * Runs every statement fn sends before it first waits as one batch (db.batch): one round trip,
 * committed together. fn may wait for their answers, but must send nothing after it first
 * waits: such a statement is refused, as is exec. When a statement fails, nothing commits and
 * that statement's error is thrown (for a caller's statement, the refused role's), whether fn
 * waited for it or not.
 */
export async function atOnce<T>(
  db: Database,
  fn: (tx: BatchTx) => Promise<T>,
  /** The caller the whole batch runs as: its statement first, its answer awaited by no one. */
  first?: Caller,
): Promise<T> {
  const batch = new PendingBatch(first);
  const work = fn(batch);
  batch.open = false;
  // fn's own outcome is read below; until then its rejection is not left unheard.
  work.catch(ignore);
  let answers: QueryResult[];
  try {
    answers = await db.batch(batch.statements);
  } catch (error) {
    const failure = batch.fail(error);
    await work.catch(ignore);
    throw failure;
  }
  batch.answer(answers);
  return work;
}

/** Runs fn's statements as the caller in one round trip: atOnce, behind the caller's statement. */
export function asCallerAtOnce<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  // The caller's refusal fails the whole batch: atOnce throws it.
  return atOnce(db, fn, caller);
}
