// POST /logout?scope=global|local|others: ends the caller's session, all of the user's
// sessions, or all but the caller's; answers 204.
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { checked } from '../params.ts';

const SCOPES = ['global', 'local', 'others'] as const;

const LogoutQuery = z.object({
  scope: checked(
    (v) => (v === '' ? 'global' : SCOPES.find((s) => s === v)),
    (v) => ['validation_failed', `Unsupported logout scope "${v}"`],
  ),
});

export const logout = userEndpoint(
  { query: LogoutQuery },
  async (_request, { scope }, { deps, ip, session }) => {
    const { user, sessionId } = session;
    await deps.store.transaction(async (q) => {
      if (scope === 'local' && sessionId) await q.deleteSession(sessionId);
      else if (scope === 'others') await q.deleteUserSessions(user.id, sessionId);
      else if (scope === 'global' || !sessionId) await q.deleteUserSessions(user.id);
      await q.recordAudit(user, 'logout', ip);
    });
    return new Response(null, { status: 204 });
  },
);
