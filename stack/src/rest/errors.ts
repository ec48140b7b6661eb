// The REST service's errors, in PostgREST's shape {code, message, details, hint}. One class per
// pipeline stage (caller, parse, plan, execute, respond), each a RestError carrying its code and
// HTTP status, and every PGRST error built here, once (codes as PostgREST's Error.hs registers
// them; retired codes are never reused).
import type { DatabaseUnavailableError } from '../db/unavailable.ts';
import type { TokenFailure } from '../context/caller.ts';

export interface RestErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

/** An error answered to the client; status, body and extra headers. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** The bearer token does not verify (PGRST3xx). */
export class CallerError extends RestError {}
/** The request does not parse: path, query string, headers or body (PGRST1xx). */
export class ParseError extends RestError {}
/** The request does not fit the schema cache (PGRST2xx and the planner's PGRST1xx). */
export class PlanError extends RestError {}
/** Postgres refused the statement, or a check inside the transaction failed (rolled back). */
export class ExecuteError extends RestError {}
/** The SQL's response.status / response.headers settings or the range cannot be answered. */
export class ResponseError extends RestError {}

// ── caller ──────────────────────────────────────────────────────────────────────────────────

/**
 * PGRST301/303: a bearer token that names no caller, with the WWW-Authenticate header PostgREST
 * sends. Without any credentials PostgREST runs as its anon role, so `missing` is no error here.
 */
export function jwtError(failure: TokenFailure): CallerError {
  const expired = failure.kind === 'expired';
  const message = expired
    ? 'JWT expired'
    : failure.kind === 'unknown-key'
      ? 'Expected 3 parts in JWT; got 1'
      : failure.kind === 'malformed' && failure.parts !== 3
        ? `Expected 3 parts in JWT; got ${failure.parts}`
        : 'JWT cryptographic operation failed';
  return new CallerError(401, expired ? 'PGRST303' : 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

// ── parse ───────────────────────────────────────────────────────────────────────────────────

/** PGRST100: a query parameter that does not parse. */
export const queryParamError = (message: string, details: string) =>
  new ParseError(400, 'PGRST100', message, details);

/** PostgREST's parse-error message: `"failed to parse <what> (<input>)" (line 1, column N)`. */
export const parseFailure = (what: string, input: string, column: number, details: string) =>
  queryParamError(`"failed to parse ${what} (${input})" (line 1, column ${column})`, details);

export const invalidRpcMethod = (method: string) =>
  new ParseError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);

export const invalidBody = (message: string) => new ParseError(400, 'PGRST102', message);

export const invalidRangeHeader = () =>
  new ParseError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
  );

export const unacceptableSchema = (schema: string, schemas: string[]) =>
  new ParseError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${schemas.join(', ')}`,
  );

export const mediaTypeError = (types: string[]) =>
  new ParseError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);

export const unsupportedMethod = (method: string) =>
  new ParseError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

export const invalidPreferences = (prefs: string[]) =>
  new ParseError(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefs.join(', ')}`,
  );

export const invalidResourcePath = () =>
  new ParseError(404, 'PGRST125', 'Invalid path specified in request URL');

// ── plan ────────────────────────────────────────────────────────────────────────────────────

export const putFiltersNotPrimaryKey = () =>
  new PlanError(
    405,
    'PGRST105',
    "Filters must include all and only primary key columns with 'eq' operators",
  );

export const notEmbedded = (resource: string) =>
  new PlanError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );

export const putLimitNotAllowed = () =>
  new PlanError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');

export const putMatchingPk = () =>
  new PlanError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');

export const relatedOrderNotToOne = (origin: string, target: string) =>
  new PlanError(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );

export const unacceptableFilter = (target: string) =>
  new PlanError(
    400,
    'PGRST120',
    `Bad operator on the '${target}' embedded resource`,
    'Only is null or not is null filters are allowed on embedded resources',
  );

export const aggregatesNotAllowed = () =>
  new PlanError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

export const maxAffectedRpcViolation = () =>
  new PlanError(
    400,
    'PGRST128',
    'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
  );

export const noRelationship = (message: string, details: string, hint: string | null) =>
  new PlanError(400, 'PGRST200', message, details, hint);

export const ambiguousRelationship = (
  origin: string,
  target: string,
  details: unknown,
  hints: string[],
) =>
  new PlanError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details,
    `Try changing '${target}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );

export const noFunction = (message: string, details: string, hint: string | null) =>
  new PlanError(404, 'PGRST202', message, details, hint);

const AMBIGUOUS_HINT =
  'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

/** PGRST203: `signatures` as PostgREST lists them, `schema.fn(a => type, …)`. */
export const ambiguousFunction = (signatures: string[]) =>
  new PlanError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    null,
    AMBIGUOUS_HINT,
  );

export const columnNotFound = (relation: string, column: string) =>
  new PlanError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );

/** An execution plan was asked for, but `pgrst.db_plan_enabled` is off (PostgREST's default). */
export const planNotEnabled = (mime: string) =>
  new PlanError(406, 'PGRST107', `None of these media types are available: ${mime}`);

export const tableNotFound = (schema: string, name: string, hint: string | null) =>
  new PlanError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    hint,
  );

/**
 * Two sibling embeds with the same name (`users!a(*),users!b(*)`): PostgREST names both joins
 * `<table>_<name>_<depth>` and Postgres refuses the query (42712, 400). The stack answers the
 * same, so what works locally also works on hosted Supabase.
 */
export const duplicateEmbedAlias = (alias: string) =>
  new PlanError(400, '42712', `table name "${alias}" specified more than once`);

// ── execute ─────────────────────────────────────────────────────────────────────────────────

export const singularityError = (rows: number) =>
  new ExecuteError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export const pgrstRaiseError = (details: string, hint: string) =>
  new ExecuteError(
    500,
    'PGRST121',
    'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
    details,
    hint,
  );

/**
 * Postgres found the call ambiguous (42725) among overloads RPC cannot call itself (unnamed
 * parameters with defaults): answered as PostgREST's PGRST203, never as the raw SQLSTATE.
 */
export const ambiguousCall = (postgresMessage: string) =>
  new ExecuteError(
    300,
    'PGRST203',
    `Could not choose the best candidate function: ${postgresMessage}`,
    null,
    AMBIGUOUS_HINT,
  );

export const maxAffectedViolation = (rows: number) =>
  new ExecuteError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  );

/** PGRST002: no schema cache yet, because the database could not be queried for it. */
export function noSchemaCache(): never {
  throw new ExecuteError(
    503,
    'PGRST002',
    'Could not query the database for the schema cache. Retrying.',
    null,
    null,
    { 'Retry-After': '1' },
  );
}

/**
 * PGRST000 (no connection could be opened), PGRST001 (the connection was lost) and PGRST003 (no
 * pooled connection came free in time), with the driver's message as details, as PostgREST
 * answers them; 503s carry Retry-After: the seconds until the driver's next reconnection try.
 */
export function unavailableError(error: DatabaseUnavailableError): ExecuteError {
  const retry = { 'Retry-After': String(error.retryAfterSeconds) };
  if (error.phase === 'acquire-timeout')
    return new ExecuteError(
      504,
      'PGRST003',
      'Timed out acquiring connection from connection pool.',
    );
  return error.phase === 'connect'
    ? new ExecuteError(503, 'PGRST000', 'Database connection error.', error.message, null, retry)
    : new ExecuteError(
        503,
        'PGRST001',
        'Database client error. Retrying the connection.',
        error.message,
        null,
        retry,
      );
}

/** Anything unforeseen: the cause is logged, the client learns nothing more. */
export const unexpectedError = () =>
  new ExecuteError(500, 'PGRST000', 'An unexpected error occurred');

// ── respond ─────────────────────────────────────────────────────────────────────────────────

export const rangeNotSatisfiable = (offset: number, total: number) =>
  new ResponseError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  );

export const gucHeadersError = () =>
  new ResponseError(
    500,
    'PGRST111',
    'response.headers guc must be a JSON array composed of objects with a single key and a string value',
  );

export const gucStatusError = () =>
  new ResponseError(500, 'PGRST112', 'response.status guc must be a valid status code');
