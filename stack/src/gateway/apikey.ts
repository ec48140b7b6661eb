// The API gateway's key check, answering as Supabase's gateway does when the key is missing or
// is not one of the project's keys. The key comes from the `apikey` header or query parameter
// (apiKeyValue in context/caller.ts).
// Besides the exact keys, any unexpired JWT the project signed is a key, as the services behind
// the Supabase CLI's gateway accept it; its role claim is the key's role. It is not a bearer
// token: a request without Authorization is not signed in as whoever the JWT names.
import { apiKeyValue } from '../context/caller.ts';
import { routePath } from '../context/route-path.ts';
import type { Incoming } from '../context/route.ts';
import type { ApiKey, Keys } from '../keys/keys.ts';
import { after } from '../lib/after.ts';
import type { Gate } from './gate.ts';

export function missingApiKey(): Response {
  return Response.json(
    {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    },
    { status: 401 },
  );
}

export function invalidApiKey(): Response {
  return Response.json(
    {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    },
    { status: 401 },
  );
}

/**
 * Requires a valid API key on every path (`required`), on none (`identified`), or on every path
 * but those the gateway leaves open (a function of the path as routes read it). Where none is
 * required, a key, when given, is still identified (an invalid one is then no key at all).
 */
export function requireApiKey(
  keys: Keys,
  open: 'required' | 'identified' | ((path: string) => boolean) = 'required',
): Gate {
  const required = (incoming: Incoming) =>
    open === 'required' || (open !== 'identified' && !open(routePath(incoming.request.url)));
  return {
    before(incoming) {
      const value = apiKeyValue(incoming);
      const checked = (key: ApiKey | undefined) => {
        if (required(incoming)) {
          if (value === undefined || value === '') return missingApiKey();
          if (!key) return invalidApiKey();
        }
        incoming.apikey = key;
        return undefined;
      };
      // A project key is known at once; only a JWT standing as a key waits to be verified.
      return after(value ? keys.resolveApiKey(value) : undefined, checked);
    },
  };
}
