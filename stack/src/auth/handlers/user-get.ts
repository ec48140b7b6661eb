// GET /user: the signed-in user as Supabase Auth returns it.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authenticate } from '../session-auth.ts';
import { loadUserJson } from '../users.ts';

export async function getUser(deps: AuthDeps, c: Context): Promise<Response> {
  const { user } = await authenticate(deps, c);
  return c.json(await loadUserJson(deps.ctx.db, user.id));
}
