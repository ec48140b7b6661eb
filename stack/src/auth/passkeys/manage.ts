// GET /passkeys, PATCH /passkeys/{id} (friendly_name, at most 120 characters) and DELETE
// /passkeys/{id} (204; aal2 once MFA is on: routes.ts): a signed-in user's own passkeys.
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { text } from '../params.ts';
import { passkeyIdParam, passkeyJson, passkeyNotFound } from './common.ts';

const PasskeyPath = z.object({ passkey_id: passkeyIdParam });

export const listPasskeys = userEndpoint({}, async (_request, _p, { deps, session }) => {
  const passkeys = await deps.store.passkeysOf(session.user.id);
  return Response.json(passkeys.map(passkeyJson));
});

export const updatePasskey = userEndpoint(
  { path: PasskeyPath, body: z.object({ friendly_name: text }) },
  async (_request, p, { deps, ip, session }) => {
    const { user } = session;
    if (!p.friendly_name) throw authError('validation_failed', 'friendly_name is required');
    if (p.friendly_name.length > 120)
      throw authError('validation_failed', 'friendly_name must be 120 characters or less');
    const updated = await deps.store.transaction(async (q) => {
      const found = await q.findPasskey(p.passkey_id, user.id);
      if (!found) throw passkeyNotFound();
      await q.renamePasskey(found.id, p.friendly_name);
      await q.recordAudit(user, 'passkey_updated', ip, { passkey_id: found.id });
      return { ...found, friendly_name: p.friendly_name };
    });
    return Response.json(passkeyJson(updated));
  },
);

export const deletePasskey = userEndpoint(
  { path: PasskeyPath },
  async (_request, p, { deps, ip, session }) => {
    const { user } = session;
    await deps.store.transaction(async (q) => {
      const found = await q.findPasskey(p.passkey_id, user.id);
      if (!found) throw passkeyNotFound();
      await q.deletePasskey(found.id);
      await q.recordAudit(user, 'passkey_deleted', ip, { passkey_id: found.id });
    });
    return new Response(null, { status: 204 });
  },
);
