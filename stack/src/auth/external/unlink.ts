// DELETE /user/identities/{identity_id}: the signed-in user removes one of their sign-in methods
// (with [auth] enable_manual_linking), never the last. The account's email follows the identities
// that remain; app_metadata.providers is kept in step; the identity_unlinked notification goes
// to the address the account had.
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { notify } from '../notifications.ts';
import { uuidParam } from '../params.ts';

export const unlinkIdentity = userEndpoint(
  { path: z.object({ identity_id: uuidParam('identity_id') }) },
  async (_request, { identity_id }, { deps, session, ip }) => {
    if (!deps.config.auth.enableManualLinking)
      throw authError('manual_linking_disabled', 'Manual linking is disabled');
    const before = session.user;
    const removed = await deps.store.transaction(async (q) => {
      const identities = await q.identitiesOf(before.id);
      if (identities.length <= 1)
        throw authError(
          'single_identity_not_deletable',
          'User must have at least 1 identity after unlinking',
        );
      const identity = identities.find((i) => i.id === identity_id);
      if (!identity) throw authError('identity_not_found', "Identity doesn't exist");
      await q.recordAudit(before, 'identity_unlinked', ip, {
        identity_id: identity.id,
        provider: identity.provider,
        provider_id: identity.provider_id,
      });
      await q.deleteIdentity(identity.id);
      const rest = identities.filter((i) => i.id !== identity.id);
      if (identity.provider === 'phone') await q.setAddress(before.id, 'phone', '');
      else {
        const kept = rest.find((i) => i.email);
        if (kept?.email && !rest.some((i) => i.email === before.email?.toLowerCase()))
          await q.setAddress(before.id, 'email', kept.email);
      }
      await q.syncProviders(before.id);
      return identity;
    });
    await notify(deps, 'identity_unlinked', before, ip, { Provider: removed.provider });
    return Response.json({});
  },
);
