// GET /user: the signed-in user as Supabase Auth returns it.
import { userEndpoint } from '../endpoint.ts';
import { userJson } from '../user-json.ts';

export const getUser = userEndpoint({}, async (_request, _params, { deps, session }) =>
  Response.json(userJson((await deps.store.findUserRecord(session.user.id))!)),
);
