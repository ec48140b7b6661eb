// How any service knows who is calling. Three steps, each once for the whole stack:
// 1. Reading: the bearer token (`Authorization: Bearer <token>`, scheme in any case, trimmed)
//    and the API key (`apikey` header, else the `?apikey=` query parameter, as the gateway
//    reads it), from the request's view (context/view.ts) or the Web Request.
// 2. Telling a project key from a JWT: a token of the form `sb_publishable_…` / `sb_secret_…`
//    is an opaque project key (isOpaqueKey), never verified as a JWT; anything else is a JWT.
// 3. Resolving: resolveToken turns one token into its role and claims, resolveCaller the whole
//    request (the bearer token, else the API key the gateway identified). A failure is a typed
//    CallerFailure; every service maps it to its own documented error shape (REST: PGRST301/303,
//    Storage: AccessDenied, Auth: bad_jwt / no_authorization, Realtime: 401 Unauthorized,
//    Functions: Invalid JWT, the inbox: missing/invalid_api_key).
import type { Caller } from '../db/as-caller.ts';
import { JwtError, type ApiKey, type Keys } from '../keys/keys.ts';
import type { JWTPayload } from 'jose';
import { after } from '../lib/after.ts';
import type { Incoming, Staged } from './route.ts';
import type { RequestView } from './view.ts';

/** Where a request's headers are read: its view's record (a gate, a stage), or the Request. */
export type HeaderSource = Request | Pick<RequestView, 'headerRecord'>;

function headerOf(from: HeaderSource, name: string): string | undefined {
  return from instanceof Request
    ? (from.headers.get(name) ?? undefined)
    : from.headerRecord()[name];
}

/** The scheme and the space after it (the token, often a kilobyte, is not scanned by it). */
const BEARER = /^\s*bearer\s+/i;

/** The bearer token of the Authorization header, if any. */
export function bearerToken(from: HeaderSource): string | undefined {
  const header = headerOf(from, 'authorization');
  const scheme = header ? BEARER.exec(header) : null;
  if (!scheme) return undefined;
  return header!.slice(scheme[0].length).trim() || undefined;
}

/** How many dot-separated parts a token has (a JWT has three). */
function segments(token: string): number {
  let count = 1;
  for (let at = token.indexOf('.'); at >= 0; at = token.indexOf('.', at + 1)) count++;
  return count;
}

/** The API key the request carries: the `apikey` header, else the `apikey` query parameter. */
export function apiKeyValue(from: Request | RequestView): string | undefined {
  const header = headerOf(from, 'apikey');
  if (header !== undefined) return header;
  const url = from instanceof Request ? new URL(from.url) : from.url();
  return url.searchParams.get('apikey') ?? undefined;
}

const OPAQUE_KEY = /^sb_(publishable|secret)_[A-Za-z0-9_-]+$/;

/**
 * Whether the token has the form of an opaque project key (`sb_publishable_…`, `sb_secret_…`):
 * it is looked up among the project's keys, never verified as a JWT.
 */
export function isOpaqueKey(token: string): boolean {
  return OPAQUE_KEY.test(token);
}

/** Why a token names no caller. */
export type TokenFailure =
  /** Not a JWT: not three dot-separated parts, or a header that does not decode. */
  | { kind: 'malformed'; parts: number; detail: string }
  /** The form of a project key (isOpaqueKey) but not one of this project's keys. */
  | { kind: 'unknown-key'; detail: string }
  /** A JWT past its `exp` (seconds since the epoch, when readable). */
  | { kind: 'expired'; exp: number | undefined; detail: string }
  /** A signature that does not verify, or a `kid` none of the project's keys has. */
  | { kind: 'bad-signature'; detail: string }
  /** Any other failed check (an algorithm not allowed, `nbf` ahead, claims that are not JSON). */
  | { kind: 'invalid'; detail: string };

/** Why a request's credentials name no caller: a token's failure, or no credentials at all. */
export type CallerFailure = { kind: 'missing' } | TokenFailure;

/** What a token stands for: a project key's role, or a verified JWT's role and claims. */
export type TokenIdentity =
  | { via: 'key'; key: ApiKey; role: string; claims: Record<string, unknown>; token: string }
  | { via: 'jwt'; role: string; claims: Record<string, unknown>; token: string };

export type Resolved<T, F = CallerFailure> = { ok: true; value: T } | { ok: false; failure: F };

/** The go-jwt words Supabase Auth echoes for a token that is not three segments. */
const SEGMENTS = 'token is malformed: token contains an invalid number of segments';

function peekExp(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload?.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

function failureOf(error: JwtError, token: string): TokenFailure {
  const detail = error.message;
  switch (error.reason) {
    case 'malformed':
      return { kind: 'malformed', parts: segments(token), detail };
    case 'expired':
      return { kind: 'expired', exp: peekExp(token), detail };
    case 'bad-signature':
      return { kind: 'bad-signature', detail };
    case 'invalid':
      return { kind: 'invalid', detail };
  }
}

/**
 * What one token stands for. `accept: 'jwt'` (Auth's sessions, Functions' verify_jwt) takes JWTs
 * only: a project key there is not a JWT, so it is malformed.
 */
export function resolveToken(
  keys: Pick<Keys, 'identifyApiKey' | 'verify'>,
  token: string,
  accept: 'jwt' | 'jwt-or-key' = 'jwt-or-key',
): Staged<TokenIdentity, TokenFailure> {
  if (isOpaqueKey(token)) {
    const key = accept === 'jwt-or-key' ? keys.identifyApiKey(token) : undefined;
    if (key)
      return {
        ok: true,
        value: { via: 'key', key, role: key.role, claims: { role: key.role }, token },
      };
    const failure: TokenFailure =
      accept === 'jwt'
        ? { kind: 'malformed', parts: 1, detail: SEGMENTS }
        : { kind: 'unknown-key', detail: SEGMENTS };
    return { ok: false, failure };
  }
  const parts = segments(token);
  if (parts !== 3) return { ok: false, failure: { kind: 'malformed', parts, detail: SEGMENTS } };
  const verified = (claims: JWTPayload): Resolved<TokenIdentity, TokenFailure> => {
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
    return { ok: true, value: { via: 'jwt', role, claims, token } };
  };
  const refused = (error: unknown): Resolved<TokenIdentity, TokenFailure> => {
    if (error instanceof JwtError) return { ok: false, failure: failureOf(error, token) };
    throw error;
  };
  // A token the cache knows is answered at once (keys/jwt-cache.ts); a new one when verified.
  let claims: JWTPayload | Promise<JWTPayload>;
  try {
    claims = keys.verify(token);
  } catch (error) {
    return refused(error);
  }
  return claims instanceof Promise ? claims.then(verified, refused) : verified(claims);
}

/** The caller a data API (REST, Storage) runs as, with the request's headers for its settings. */
export interface ResolvedCaller extends Caller {
  role: string;
  claims: Record<string, unknown>;
  /** The raw bearer JWT, when the caller sent one. */
  token?: string;
}

/** The request's headers, method and path, which the data work sees as request.* settings. */
export function requestOf(incoming: Incoming): Pick<Caller, 'headers' | 'method' | 'path'> {
  return {
    headers: incoming.headerRecord(),
    method: incoming.request.method,
    path: incoming.url().pathname,
  };
}

/**
 * Who calls: the bearer token when there is one (a project key or a JWT), else the role of the
 * API key the gateway identified (`apikey`); `missing` when there is neither.
 */
export function resolveCaller(
  incoming: Incoming,
  keys: Pick<Keys, 'identifyApiKey' | 'verify'>,
): Staged<ResolvedCaller, CallerFailure> {
  const { apikey } = incoming;
  const base = requestOf(incoming);
  const token = bearerToken(incoming);
  if (token)
    return after(resolveToken(keys, token), (resolved): Resolved<ResolvedCaller> => {
      if (!resolved.ok) return resolved;
      const { via, role, claims } = resolved.value;
      return { ok: true, value: { ...base, role, claims, ...(via === 'jwt' ? { token } : {}) } };
    });
  if (!apikey) return { ok: false, failure: { kind: 'missing' } };
  return { ok: true, value: { ...base, role: apikey.role, claims: { role: apikey.role } } };
}
