// Storage's guards, in the stack's one guard shape (context/route.ts): who may use a route,
// decided after its params are read and before its handler runs (as Supabase Storage's JWT hook
// runs after schema validation). A refusal is the StorageError it is answered with:
// - `caller`: the bearer JWT's claims, or the API key's role without one; the data work then
//   runs as that caller and row-level security decides. A bad or missing JWT is AccessDenied.
// - `publicBucket`: no key needed; the bucket must be public, and the object is then read past
//   RLS, as Supabase does.
// - `signedDownload` / `signedUpload`: no key needed; the `token` query parameter must be a
//   signed URL token for exactly this object and scope.
// `open` guards need no credentials at all. The gateway asks for no key in front of Storage
// (server.ts), as the Supabase CLI's does not: these guards are the whole check.
import { resolveCaller, type CallerFailure } from '../../context/caller.ts';
import { failingAs, type Checked, type Guard } from '../../context/route.ts';
import type { StorageDeps } from '../deps.ts';
import { errors, StorageError } from '../errors.ts';
import { verifyToken, type SignedToken } from '../signed-token.ts';
import { SERVICE_CALLER, type Caller } from '../store/store.ts';

export interface CallerAccess {
  caller: Caller;
}

export interface SignedAccess extends CallerAccess {
  token: SignedToken;
}

/** A Storage guard: what it resolves, or the StorageError that answers the request. */
export type StorageGuard<A, P = unknown> = Guard<StorageDeps, A, StorageError, P>;

/** Supabase Storage's words (jsonwebtoken's) for each failure; no credentials is an empty JWT. */
const JWT_MESSAGES: Record<CallerFailure['kind'], string> = {
  missing: 'Invalid Compact JWS',
  malformed: 'jwt malformed',
  'unknown-key': 'jwt malformed',
  expired: 'jwt expired',
  'bad-signature': 'invalid signature',
  invalid: 'invalid signature',
};

const refused = (failure: StorageError): Checked<never, StorageError> => ({ ok: false, failure });

export const caller: StorageGuard<CallerAccess> = {
  name: 'caller',
  async check(deps, incoming) {
    const resolved = await resolveCaller(incoming, deps.keys);
    if (!resolved.ok) return refused(errors.accessDenied(JWT_MESSAGES[resolved.failure.kind]));
    return { ok: true, value: { caller: resolved.value } };
  },
};

export const publicBucket: StorageGuard<CallerAccess, { bucket: string }> = {
  name: 'publicBucket',
  open: true,
  async check(deps, _incoming, { bucket }) {
    const limits = await deps.store.findBucketLimits(bucket);
    if (!limits?.public) return refused(errors.noSuchBucket());
    return { ok: true, value: { caller: SERVICE_CALLER } };
  },
};

type SignedParams = { bucket: string; key: string; token: string };

function signed(scope: 'download' | 'upload'): StorageGuard<SignedAccess, SignedParams> {
  return {
    name: scope === 'download' ? 'signedDownload' : 'signedUpload',
    open: true,
    check: (deps, _incoming, { bucket, key, token }) =>
      failingAs(StorageError, async () => ({
        caller: SERVICE_CALLER,
        token: await verifyToken(deps.urlSigningSecret, token, bucket, key, scope),
      })),
  };
}

export const signedDownload = signed('download');
export const signedUpload = signed('upload');
