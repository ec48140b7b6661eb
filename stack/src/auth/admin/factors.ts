// Admin MFA factor API (service key): list a user's factors, rename one, delete one.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { readBody, str } from '../http.ts';
import { FACTOR_COLUMNS, factorJson, factorsOf, findUserById, type FactorRow } from '../users.ts';
import { factorIdParam, requireAdmin, userIdParam } from './require-admin.ts';

async function load(deps: AuthDeps, c: Context): Promise<{ userId: string; factor: FactorRow }> {
  await requireAdmin(deps, c);
  const userId = userIdParam(c);
  if (!(await findUserById(deps.ctx.db, userId)))
    throw authError('user_not_found', 'User not found');
  const factorId = factorIdParam(c);
  const { rows } = await deps.ctx.db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, userId],
  );
  if (!rows[0]) throw authError('mfa_factor_not_found', 'Factor not found');
  return { userId, factor: rows[0] };
}

export async function listFactors(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const userId = userIdParam(c);
  if (!(await findUserById(deps.ctx.db, userId)))
    throw authError('user_not_found', 'User not found');
  return c.json((await factorsOf(deps.ctx.db, userId)).map(factorJson));
}

export async function deleteFactor(deps: AuthDeps, c: Context): Promise<Response> {
  const { userId, factor } = await load(deps, c);
  await deps.ctx.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await tx.query(
      `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`,
      [userId, factor.id],
    );
  });
  return c.json(factorJson(factor));
}

export async function updateFactor(deps: AuthDeps, c: Context): Promise<Response> {
  const { factor } = await load(deps, c);
  const body = await readBody(c);
  const name = str(body, 'friendly_name');
  await deps.ctx.db.query(
    'update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1',
    [factor.id, name],
  );
  return c.json(factorJson({ ...factor, friendly_name: name }));
}
