// The verify_jwt gate in front of a function: a Bearer JWT signed with the project's JWT secret
// or one of its signing keys, or the function is not called. Opaque sb_ keys are not JWTs and
// fail, as on hosted Supabase's legacy check.
import { bearerToken, resolveToken } from '../context/caller.ts';
import type { Keys } from '../keys/keys.ts';
import { functionErrors } from './errors.ts';

/** Undefined when the request may pass, otherwise the 401 to send. */
export async function checkJwt(request: Request, keys: Keys): Promise<Response | undefined> {
  // Browsers send CORS preflights without credentials: they reach the function, which answers them.
  if (request.method === 'OPTIONS') return undefined;
  if (!request.headers.has('authorization')) return functionErrors.missingAuthorization();
  const token = bearerToken(request);
  if (!token) return functionErrors.invalidJwt();
  const resolved = await resolveToken(keys, token, 'jwt');
  return resolved.ok ? undefined : functionErrors.invalidJwt();
}
