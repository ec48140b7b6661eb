// The API gateway's key check, answering as Supabase's gateway does when the key is missing or
// is not one of the project's keys. The key comes from the `apikey` header or query parameter
// (apiKeyValue in context/caller.ts).
// Besides the exact keys, any unexpired JWT the project signed is a key, as the services behind
// the Supabase CLI's gateway accept it; its role claim is the key's role. It is not a bearer
// token: a request without Authorization is not signed in as whoever the JWT names.
import { apiKeyValue } from '../context/caller.ts';
import { requestView } from '../context/route.ts';
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
 * Requires a valid API key unless the path is one the gateway leaves open (isOpen). On open
 * paths a key, when given, is still identified (an invalid one is then no key at all).
 */
export function requireApiKey(
  keys: Keys,
  isOpen: (path: string, method: string) => boolean = () => false,
): Gate {
  return {
    before(c) {
      const value = apiKeyValue(requestView(c));
      const checked = (key: ApiKey | undefined) => {
        if (!isOpen(c.req.path, c.req.method)) {
          if (value === undefined || value === '') return missingApiKey();
          if (!key) return invalidApiKey();
        }
        c.set('apikey', key);
        return undefined;
      };
      // A project key is known at once; only a JWT standing as a key waits to be verified.
      return after(value ? keys.resolveApiKey(value) : undefined, checked);
    },
  };
}
