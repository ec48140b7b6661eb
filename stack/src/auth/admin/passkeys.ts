// Admin passkey API: GET /admin/users/{id}/passkeys and DELETE
// /admin/users/{id}/passkeys/{passkey_id} (204); as in Supabase Auth, whether or not
// `[auth.passkey]` is on.
import { z } from 'zod';
import { adminEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { uuidParam } from '../params.ts';
import { passkeyIdParam, passkeyJson, passkeyNotFound } from '../passkeys/common.ts';

const UserPath = z.object({ user_id: uuidParam('user_id') });
const PasskeyPath = UserPath.extend({ passkey_id: passkeyIdParam });

export const adminListPasskeys = adminEndpoint(
  { path: UserPath },
  async (_request, p, { deps }) => {
    const passkeys = await deps.store.transaction(async (q) => {
      if (!(await q.findUserById(p.user_id))) throw authError('user_not_found', 'User not found');
      return q.passkeysOf(p.user_id);
    });
    return Response.json(passkeys.map(passkeyJson));
  },
);

export const adminDeletePasskey = adminEndpoint(
  { path: PasskeyPath },
  async (_request, p, { deps, ip }) => {
    await deps.store.transaction(async (q) => {
      const user = await q.findUserById(p.user_id);
      if (!user) throw authError('user_not_found', 'User not found');
      const found = await q.findPasskey(p.passkey_id, user.id);
      if (!found) throw passkeyNotFound();
      await q.deletePasskey(found.id);
      // Supabase Auth records the admin as the actor; the service key names no user here.
      await q.recordAudit(user, 'passkey_deleted', ip, { user_id: user.id, passkey_id: found.id });
    });
    return new Response(null, { status: 204 });
  },
);
