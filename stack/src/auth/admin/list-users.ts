// GET /admin/users (service key): users newest first, `page` / `per_page` / `filter`, with the
// `X-Total-Count` and `Link` headers auth-js reads for pagination.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { factorsOf, identitiesOf, USER_COLUMNS, userJson, type UserRow } from '../users.ts';
import { requireAdmin } from './require-admin.ts';

export async function listUsers(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const page = Number(c.req.query('page') ?? '1');
  const perPage = Number(c.req.query('per_page') ?? '50');
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1)
    throw authError(
      'validation_failed',
      'Bad Pagination Parameters: page and per_page must be positive integers',
    );
  const filter = (c.req.query('filter') ?? '').split('\u0000').join('');
  const db = deps.ctx.db;
  const where = `aud = 'authenticated' and ($1 = '' or email ilike '%' || $1 || '%'
    or raw_user_meta_data ->> 'full_name' ilike '%' || $1 || '%')`;
  const count = await db.query<{ n: string }>(
    `select count(*)::text as n from auth.users where ${where}`,
    [filter],
  );
  const total = Number(count.rows[0]!.n);
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
    [filter, perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const u of rows)
    users.push(userJson(u, await identitiesOf(db, u.id), await factorsOf(db, u.id)));
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page + 1 <= last)
    links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  c.header('x-total-count', String(total));
  c.header('link', links.join(', '));
  return c.json({ users, aud: 'authenticated' });
}
