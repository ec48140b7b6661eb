// Admin MFA factor API: list a user's factors, rename one, delete one.
import { z } from 'zod';
import { adminEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { text, uuidParam } from '../params.ts';
import type { AuthQueries } from '../store/index.ts';
import { factorJson } from '../user-json.ts';

const UserPath = z.object({ user_id: uuidParam('user_id') });
const FactorPath = UserPath.extend({ factor_id: uuidParam('factor_id') });

async function userFactor(q: AuthQueries, userId: string, factorId: string) {
  if (!(await q.findUserById(userId))) throw authError('user_not_found', 'User not found');
  const factor = await q.findFactor(factorId, userId);
  if (!factor) throw authError('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export const listFactors = adminEndpoint({ path: UserPath }, async (_request, p, { deps }) => {
  const factors = await deps.store.transaction(async (q) => {
    if (!(await q.findUserById(p.user_id))) throw authError('user_not_found', 'User not found');
    return q.factorsOf(p.user_id);
  });
  return Response.json(factors.map(factorJson));
});

export const deleteFactor = adminEndpoint({ path: FactorPath }, async (_request, p, { deps }) => {
  const factor = await deps.store.transaction(async (q) => {
    const found = await userFactor(q, p.user_id, p.factor_id);
    await q.deleteFactor(found);
    return found;
  });
  return Response.json(factorJson(factor));
});

export const updateFactor = adminEndpoint(
  { path: FactorPath, body: z.object({ friendly_name: text }) },
  async (_request, p, { deps }) => {
    const factor = await deps.store.transaction(async (q) => {
      const found = await userFactor(q, p.user_id, p.factor_id);
      await q.renameFactor(found.id, p.friendly_name);
      return found;
    });
    return Response.json(factorJson({ ...factor, friendly_name: p.friendly_name }));
  },
);
