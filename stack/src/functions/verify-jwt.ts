// The verify_jwt gate in front of a function: a Bearer JWT signed with the project's JWT secret
// or one of its signing keys, or the function is not called. Opaque sb_ keys are not JWTs and
// fail, as on hosted Supabase's legacy check.
import { bearerToken, resolveToken } from '../context/caller.ts';
import type { Guard } from '../context/route.ts';
import type { FunctionSpec } from './catalog.ts';
import type { FunctionsDeps } from './deps.ts';
import type { FunctionFailure } from './errors.ts';

const PASS = { ok: true, value: undefined } as const;

/** Per function (its verify_jwt in config.toml, on by default), once the path named it. */
export const verifyJwt: Guard<FunctionsDeps, undefined, FunctionFailure, FunctionSpec> = {
  name: 'verify_jwt: a JWT of the project as the bearer token',
  async check({ keys }, incoming, spec) {
    // Browsers send CORS preflights without credentials: they reach the function, which answers them.
    if (!spec.verifyJwt || incoming.request.method === 'OPTIONS') return PASS;
    if (incoming.headerRecord().authorization === undefined)
      return { ok: false, failure: 'missing-authorization' };
    const token = bearerToken(incoming);
    if (!token) return { ok: false, failure: 'invalid-jwt' };
    const resolved = await resolveToken(keys, token, 'jwt');
    return resolved.ok ? PASS : { ok: false, failure: 'invalid-jwt' };
  },
};
