// Turns any error the app meets (auth-js, fetch, offline) into a catalogue code and its sentence.
// The transport layer never shows anything; pages call describeError() and render the sentence.
import { AUTH_MESSAGES } from './auth-messages.ts';
import { NETWORK_MESSAGES } from './network-messages.ts';

export interface ErrorDescription {
  code: string;
  message: string;
}

const CATALOGUE: Record<string, string> = { ...NETWORK_MESSAGES, ...AUTH_MESSAGES };

/** The sentence for a catalogued code, or the generic one. */
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
  message?: unknown;
}

function codeOf(error: unknown, online: boolean): string {
  if (!online) return 'offline';
  if (typeof error !== 'object' || error === null) return 'unknown_error';
  const e = error as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : '';
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

/** Describes an error for a person. `online` defaults to the browser's view of the network. */
export function describeError(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' ? true : navigator.onLine,
): ErrorDescription {
  const code = codeOf(error, online);
  return { code, message: messageFor(code) };
}
