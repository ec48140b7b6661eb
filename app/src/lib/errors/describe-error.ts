// Turns any error the app meets (auth-js, storage-js, PostgREST, Edge Functions, fetch, offline)
// into a catalogue code and its sentence. The transport layer never shows anything; pages call
// describeError() and render the sentence.
import { connectionState, type Connection } from '../reachability.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { DATA_MESSAGES } from './data-messages.ts';
import { NETWORK_MESSAGES } from './network-messages.ts';
import {
  FUNCTION_MESSAGES,
  REST_MESSAGES,
  STORAGE_MESSAGES,
  STORAGE_SESSION_EXPIRED,
} from './service-messages.ts';

export interface ErrorDescription {
  code: string;
  message: string;
}

const CATALOGUE: Record<string, string> = {
  ...NETWORK_MESSAGES,
  ...STORAGE_MESSAGES,
  ...DATA_MESSAGES,
  ...AUTH_MESSAGES,
};

/** The sentence for a catalogued auth or network code, or the generic one. */
export function messageFor(code: string): string {
  return CATALOGUE[code] ?? NETWORK_MESSAGES.unknown_error!;
}

export function hasMessage(code: string): boolean {
  return code in CATALOGUE;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
}

const described = (code: string, message: string): ErrorDescription => ({ code, message });

function fromStorage(e: ErrorLike, message: string): ErrorDescription | null {
  const code = typeof e.code === 'string' ? e.code : '';
  if (!(code in STORAGE_MESSAGES)) return null;
  if (code === 'AccessDenied' && /jwt/i.test(message))
    return described('AccessDenied', STORAGE_SESSION_EXPIRED);
  return described(code, STORAGE_MESSAGES[code]!);
}

function fromFunction(e: ErrorLike, message: string): ErrorDescription | null {
  const code = typeof e.code === 'string' ? e.code : '';
  if (code in AUTH_MESSAGES) return described(code, AUTH_MESSAGES[code]!);
  if (code in FUNCTION_MESSAGES) return described(code, FUNCTION_MESSAGES[code]!);
  if (message === 'Missing authorization header')
    return described('missing_authorization', FUNCTION_MESSAGES.missing_authorization!);
  if (message === 'Invalid JWT') return described('invalid_jwt', FUNCTION_MESSAGES.invalid_jwt!);
  const byStatus = `status_${String(e.status)}`;
  if (byStatus in FUNCTION_MESSAGES) return described(byStatus, FUNCTION_MESSAGES[byStatus]!);
  return null;
}

function codeOf(e: ErrorLike, message: string): string {
  if (typeof e.code === 'string' && hasMessage(e.code)) return e.code;
  if (message === 'No API key found in request') return 'api_key_missing';
  if (message === 'Invalid API key') return 'api_key_invalid';
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return 'timeout';
  // auth-js reports a failed fetch as AuthRetryableFetchError with status 0; fetch itself throws a TypeError.
  if (e.name === 'AuthRetryableFetchError' || e.name === 'TypeError' || e.status === 0)
    return typeof e.status === 'number' && e.status >= 500 ? 'server_error' : 'network_error';
  if (e.status === 429) return 'over_request_rate_limit';
  if (typeof e.status === 'number' && e.status >= 500) return 'server_error';
  return 'unknown_error';
}

/** Describes an error for a person. `connection` defaults to the app's view of it
 * (lib/reachability.ts): offline, or the server not answering, say so whatever the error. */
export function describeError(
  error: unknown,
  connection: boolean | Connection = connectionState(),
): ErrorDescription {
  if (connection === false || connection === 'offline')
    return described('offline', messageFor('offline'));
  if (connection === 'unreachable') return described('unreachable', messageFor('unreachable'));
  if (typeof error !== 'object' || error === null)
    return described('unknown_error', messageFor('unknown_error'));
  const e = error as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : '';
  const special =
    (e.name === 'StorageApiError' || typeof e.statusCode === 'string'
      ? fromStorage(e, message)
      : null) ??
    (e.name === 'FunctionError' ? fromFunction(e, message) : null) ??
    (typeof e.code === 'string' && e.code in REST_MESSAGES && ('details' in e || 'hint' in e)
      ? described(e.code, REST_MESSAGES[e.code]!)
      : null);
  if (special) return special;
  const code = codeOf(e, message);
  return described(code, messageFor(code));
}
