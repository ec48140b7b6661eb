// Who may use a route, decided after its params are read and before its handler runs (as
// Supabase Storage's JWT hook runs after schema validation):
// - `caller`: the bearer JWT's claims, or the API key's role without one; the data work then
//   runs as that caller and row-level security decides. A bad or missing JWT is AccessDenied.
// - `publicBucket`: no key needed; the bucket must be public, and the object is then read past
//   RLS, as Supabase does.
// - `signedDownload` / `signedUpload`: no key needed; the `token` query parameter must be a
//   signed URL token for exactly this object and scope.
// `open` guards need no credentials at all. The gateway asks for no key in front of Storage
// (server.ts), as the Supabase CLI's does not: these guards are the whole check.
import type { Context } from 'hono';
import { resolveCaller, type CallerFailure } from '../../context/caller.ts';
import type { ServiceEnv } from '../../context/context.ts';
import type { StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { verifyToken, type SignedToken } from '../signed-token.ts';
import { SERVICE_CALLER, type Caller } from '../store/store.ts';

export interface Guard<Needs, Access> {
  name: string;
  /** Reached without an API key (the gateway leaves these paths open). */
  open: boolean;
  resolve(c: Context<ServiceEnv>, params: Needs, deps: StorageDeps): Promise<Access>;
}

export interface CallerAccess {
  caller: Caller;
}

export interface SignedAccess extends CallerAccess {
  token: SignedToken;
}

/** Supabase Storage's words (jsonwebtoken's) for each failure; no credentials is an empty JWT. */
const JWT_MESSAGES: Record<CallerFailure['kind'], string> = {
  missing: 'Invalid Compact JWS',
  malformed: 'jwt malformed',
  'unknown-key': 'jwt malformed',
  expired: 'jwt expired',
  'bad-signature': 'invalid signature',
  invalid: 'invalid signature',
};

export const caller: Guard<unknown, CallerAccess> = {
  name: 'caller',
  open: false,
  async resolve(c, _params, deps) {
    const resolved = await resolveCaller(c.req.raw, deps.keys, c.get('apikey'));
    if (!resolved.ok) throw errors.accessDenied(JWT_MESSAGES[resolved.failure.kind]);
    return { caller: resolved.value };
  },
};

export const publicBucket: Guard<{ bucket: string }, CallerAccess> = {
  name: 'publicBucket',
  open: true,
  async resolve(_c, { bucket }, deps) {
    const limits = await deps.store.findBucketLimits(bucket);
    if (!limits?.public) throw errors.noSuchBucket();
    return { caller: SERVICE_CALLER };
  },
};

type SignedParams = { bucket: string; key: string; token: string };

function signed(scope: 'download' | 'upload'): Guard<SignedParams, SignedAccess> {
  return {
    name: scope === 'download' ? 'signedDownload' : 'signedUpload',
    open: true,
    async resolve(_c, { bucket, key, token }, deps) {
      const payload = await verifyToken(deps.urlSigningSecret, token, bucket, key, scope);
      return { caller: SERVICE_CALLER, token: payload };
    },
  };
}

export const signedDownload = signed('download');
export const signedUpload = signed('upload');
