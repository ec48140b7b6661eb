// POST /logout?scope=global|local|others: ends the caller's session, all of the user's
// sessions, or all but the caller's; answers 204.
import { audit } from '../audit.ts';
import { clientIp } from '../http.ts';
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { authenticate } from '../session-auth.ts';

export async function logout(deps: AuthDeps, c: Context): Promise<Response> {
  const scope = c.req.query('scope') || 'global';
  if (!['global', 'local', 'others'].includes(scope))
    throw authError('validation_failed', `Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await authenticate(deps, c);
  const db = deps.ctx.db;
  if (scope === 'local' && sessionId)
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others')
    await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
      user.id,
      sessionId ?? null,
    ]);
  else if (scope === 'global' || !sessionId)
    await db.query('delete from auth.sessions where user_id = $1', [user.id]);
  await audit(db, user, 'logout', clientIp(c));
  return c.body(null, 204);
}
