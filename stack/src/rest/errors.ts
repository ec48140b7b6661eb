// The REST service's errors, in PostgREST's shape {code, message, details, hint}: one typed value
// per error with its code and HTTP status, and the SQLSTATE → HTTP status mapping PostgREST uses.
import { isPgError } from '../db/adapter.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import { JwtError } from '../keys/keys.ts';

export interface RestErrorBody {
  code: string;
  message: string;
  details: string | null | unknown;
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
    this.name = 'RestError';
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: a query parameter that does not parse. */
export const queryParamError = (message: string, details: string) =>
  new RestError(400, 'PGRST100', message, details);

/** Builds the parse-error message PostgREST gives: `"failed to parse <what> (<input>)" (line 1, column N)`. */
export function parseFailure(what: string, input: string, column: number, details: string) {
  return queryParamError(
    `"failed to parse ${what} (${input})" (line 1, column ${column})`,
    details,
  );
}

export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message);

export const invalidRange = (details: string) =>
  new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);

export const unacceptableSchema = (schema: string, schemas: string[]) =>
  new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${schemas.join(', ')}`,
  );

export const mediaTypeError = (types: string[]) =>
  new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);

export const notEmbedded = (resource: string) =>
  new RestError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );

export const singularityError = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export const unsupportedMethod = (method: string) =>
  new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

export const relatedOrderNotToOne = (origin: string, target: string) =>
  new RestError(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );

export const unacceptableFilter = (target: string) =>
  new RestError(
    400,
    'PGRST120',
    `Bad operator on the '${target}' embedded resource`,
    'Only is null or not is null filters are allowed on embedded resources',
  );

export const invalidPreferences = (prefs: string[]) =>
  new RestError(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefs.join(', ')}`,
  );

export const aggregatesNotAllowed = () =>
  new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

export const maxAffectedViolation = (rows: number) =>
  new RestError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  );

export const invalidResourcePath = () =>
  new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

export const columnNotFound = (relation: string, column: string) =>
  new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );

export const tableNotFound = (schema: string, name: string, hint: string | null) =>
  new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    hint,
  );

/** PGRST002: no schema cache yet, because the database could not be queried for it. */
export function noSchemaCache(): never {
  throw new RestError(
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
export function unavailableError(error: DatabaseUnavailableError): RestError {
  const retry = { 'Retry-After': String(error.retryAfterSeconds) };
  if (error.phase === 'acquire-timeout')
    return new RestError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.');
  return error.phase === 'connect'
    ? new RestError(503, 'PGRST000', 'Database connection error.', error.message, null, retry)
    : new RestError(
        503,
        'PGRST001',
        'Database client error. Retrying the connection.',
        error.message,
        null,
        retry,
      );
}

/** PGRST301/303: a JWT that does not verify, with the WWW-Authenticate header PostgREST sends. */
export function jwtError(error: JwtError): RestError {
  const expired = error.reason === 'expired';
  const message = expired
    ? 'JWT expired'
    : error.message.startsWith('Expected 3 parts')
      ? error.message
      : 'JWT cryptographic operation failed';
  return new RestError(401, expired ? 'PGRST303' : 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

/** The HTTP status PostgREST gives a SQLSTATE (Error.hs pgErrorStatus). */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  const two = code.slice(0, 2);
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42P01': 404,
    '42P17': 500,
  };
  if (code === '21000') return message.includes('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42501') return authenticated ? 403 : 401;
  if (exact[code] !== undefined) return exact[code]!;
  if (two === 'PT') {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[two] ?? 400;
}

/** Turns a Postgres error raised while executing into PostgREST's answer. */
export function fromPgError(error: unknown, authenticated: boolean): RestError | undefined {
  if (!isPgError(error)) return undefined;
  const code = error.code!;
  if (code === 'PGRST') return fromRaisePgrst(error.message, error.detail);
  const status = statusForSqlState(code, error.message, authenticated);
  const headers: Record<string, string> =
    status === 401
      ? { 'WWW-Authenticate': 'Bearer' }
      : status === 503
        ? { 'Retry-After': '1' }
        : {};
  return new RestError(
    status,
    code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    headers,
  );
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'`: full response control. */
function fromRaisePgrst(message: string, detail: string | undefined): RestError {
  const parse = (text: string | undefined): Record<string, unknown> | undefined => {
    try {
      const value: unknown = JSON.parse(text ?? '');
      return value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  };
  const bad = (details: string, hint: string) =>
    new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details,
      hint,
    );
  const msg = parse(message);
  if (!msg || typeof msg.code !== 'string' || typeof msg.message !== 'string')
    return bad(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  const dhint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (detail === undefined) return bad('DETAIL is missing in the RAISE statement', dhint);
  const det = parse(detail);
  if (!det || typeof det.status !== 'number' || typeof det.headers !== 'object' || !det.headers)
    return bad(`Invalid JSON value for DETAIL: '${detail}'`, dhint);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(det.headers as Record<string, unknown>))
    headers[k] = String(v);
  return new RestError(
    det.status,
    msg.code,
    msg.message,
    (msg.details as string | undefined) ?? null,
    (msg.hint as string | undefined) ?? null,
    headers,
  );
}

/** Any thrown value as a RestError (unknown failures become a logged 500). */
export function toRestError(error: unknown, authenticated: boolean): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof JwtError) return jwtError(error);
  if (error instanceof DatabaseUnavailableError) return unavailableError(error);
  const pg = fromPgError(error, authenticated);
  if (pg) return pg;
  return new RestError(500, 'PGRST000', 'An unexpected error occurred');
}
