// DELETE /factors/{id}: removes one of the user's factors (a verified one needs aal2:
// routes.ts); sessions raised with it fall back to aal1.
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { notify } from '../notifications.ts';
import { param } from '../params.ts';

export const unenrollFactor = userEndpoint(
  { path: z.object({ factor_id: param }) },
  async (_request, p, { deps, ip, session }) => {
    const { user } = session;
    const factor = await deps.store.transaction(async (q) => {
      const found = await q.findFactor(p.factor_id, user.id);
      if (!found) throw authError('mfa_factor_not_found', 'Factor not found');
      await q.recordAudit(user, 'factor_unenrolled', ip, {
        factor_id: found.id,
        factor_type: found.factor_type,
      });
      await q.deleteFactor(found);
      return found;
    });
    await notify(deps, 'mfa_factor_unenrolled', user, ip, { FactorType: factor.factor_type });
    return Response.json({ id: p.factor_id });
  },
);
