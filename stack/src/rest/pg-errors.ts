// Postgres errors as PostgREST answers them (Error.hs pgErrorStatus): the SQLSTATE → HTTP status
// mapping, and `RAISE SQLSTATE 'PGRST'` for full control of the response. Part of the execute
// stage: everything here becomes an ExecuteError.
import { isPgError } from '../db/adapter.ts';
import { ExecuteError, ambiguousCall, pgrstRaiseError } from './errors.ts';

const EXACT: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '53400': 500,
  '57P01': 503,
  P0001: 400,
  '42P01': 404,
  '42P17': 500,
};

const BY_CLASS: Record<string, number> = {
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

/** The HTTP status PostgREST gives a SQLSTATE. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  if (code === '21000') return message.includes('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42501') return authenticated ? 403 : 401;
  if (EXACT[code] !== undefined) return EXACT[code]!;
  const two = code.slice(0, 2);
  if (two === 'PT') {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  return BY_CLASS[two] ?? 400;
}

/** A Postgres error raised while executing, as PostgREST answers it; undefined for anything else. */
export function fromPgError(error: unknown, authenticated: boolean): ExecuteError | undefined {
  if (!isPgError(error)) return undefined;
  const code = error.code!;
  if (code === 'PGRST') return fromRaisePgrst(error.message, error.detail);
  if (code === '42725') return ambiguousCall(error.message);
  const status = statusForSqlState(code, error.message, authenticated);
  const headers: Record<string, string> =
    status === 401
      ? { 'WWW-Authenticate': 'Bearer' }
      : status === 503
        ? { 'Retry-After': '1' }
        : {};
  return new ExecuteError(
    status,
    code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    headers,
  );
}

function jsonObject(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'`: full response control. */
function fromRaisePgrst(message: string, detail: string | undefined): ExecuteError {
  const msg = jsonObject(message);
  if (!msg || typeof msg.code !== 'string' || typeof msg.message !== 'string')
    return pgrstRaiseError(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  const dhint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (detail === undefined)
    return pgrstRaiseError('DETAIL is missing in the RAISE statement', dhint);
  const det = jsonObject(detail);
  if (!det || typeof det.status !== 'number' || typeof det.headers !== 'object' || !det.headers)
    return pgrstRaiseError(`Invalid JSON value for DETAIL: '${detail}'`, dhint);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(det.headers as Record<string, unknown>))
    headers[k] = String(v);
  return new ExecuteError(
    det.status,
    msg.code,
    msg.message,
    (msg.details as string | undefined) ?? null,
    (msg.hint as string | undefined) ?? null,
    headers,
  );
}
