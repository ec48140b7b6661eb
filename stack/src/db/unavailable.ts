// "The database is unavailable": the one error value every driver raises when it cannot reach
// Postgres (the connection could not be made, or was lost mid-work), so each service can answer
// with its own "database unavailable" error instead of a 500. Errors the server itself sent keep
// their SQLSTATE (57P01 admin_shutdown …); isDatabaseUnavailable() recognises those too.
import { isPgError, type PgError } from './adapter.ts';

/**
 * - `connect`: no connection could be opened (refused, the server is starting or shutting down).
 * - `session`: an open connection was lost; what was sent on it may or may not have committed.
 * - `acquire-timeout`: every pooled connection stayed busy for longer than the pool waits.
 */
export type UnavailablePhase = 'connect' | 'session' | 'acquire-timeout';

/** SQLSTATE per phase: 08001 sqlclient_unable_to_establish_sqlconnection, 08006 connection_failure. */
const CODES: Record<UnavailablePhase, string> = {
  connect: '08001',
  session: '08006',
  'acquire-timeout': '08001',
};

export class DatabaseUnavailableError extends Error implements PgError {
  readonly code: string;

  constructor(
    readonly phase: UnavailablePhase,
    message: string,
    /** Seconds until the driver next tries to reconnect: a hint for Retry-After. */
    readonly retryAfterSeconds = 1,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
    this.code = CODES[phase];
  }
}

/** Codes the server sends as it ends a session: admin_shutdown, crash_shutdown, cannot_connect_now. */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);

/** True for any failure that means "Postgres cannot be reached right now". */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('08') || SERVER_GOING_AWAY.has(code));
}

/** Socket-level errno codes that mean the server is unreachable or the connection died. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT', // a unix socket that is gone
]);

/** Messages node-postgres uses for a connection that ended or cannot be used. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|Connection is closed|Query read timeout)/;

/**
 * Classifies a driver error. Returns a DatabaseUnavailableError for a failure of the connection
 * itself (no SQLSTATE from the server), or the error unchanged. In `connect`, errors the server
 * sends while refusing the connection (57P03 "the database system is starting up", 53300 too
 * many connections …) are the connection failing too.
 */
export function classifyConnectionError(
  error: unknown,
  phase: 'connect' | 'session',
  retryAfterSeconds?: number,
): unknown {
  if (!(error instanceof Error) || error instanceof DatabaseUnavailableError) return error;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  const fromServer = isPgError(error);
  const network = typeof code === 'string' && (NETWORK_CODES.has(code) || syscall !== undefined);
  if (fromServer && phase === 'session') return error;
  if (error.message === 'timeout exceeded when trying to connect')
    return new DatabaseUnavailableError('acquire-timeout', error.message, retryAfterSeconds, {
      cause: error,
    });
  if (fromServer || network || LOST_CONNECTION.test(error.message))
    return new DatabaseUnavailableError(phase, error.message, retryAfterSeconds, { cause: error });
  return error;
}
