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
import { bearerToken, resolveCaller } from '../../context/caller.ts';
import type { ServiceEnv } from '../../context/context.ts';
import { JwtError } from '../../keys/keys.ts';
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

const JWT_MESSAGES: Record<JwtError['reason'], string> = {
  expired: 'jwt expired',
  invalid: 'invalid signature',
  malformed: 'jwt malformed',
};

export const caller: Guard<unknown, CallerAccess> = {
  name: 'caller',
  open: false,
  async resolve(c, _params, deps) {
    // Neither a JWT nor a project key: what Supabase Storage says of an empty JWT.
    if (!bearerToken(c) && !c.get('apikey')) throw errors.accessDenied('Invalid Compact JWS');
    try {
      return { caller: await resolveCaller(c, deps.keys) };
    } catch (error) {
      if (error instanceof JwtError) throw errors.accessDenied(JWT_MESSAGES[error.reason]);
      throw error;
    }
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
