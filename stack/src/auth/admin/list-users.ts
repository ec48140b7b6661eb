// GET /admin/users: users newest first, `page` / `per_page` (empty means the defaults, as
// auth-js sends them) and `filter`, with the `X-Total-Count` and `Link` headers auth-js reads.
import { z } from 'zod';
import { adminEndpoint } from '../endpoint.ts';
import { checked, param } from '../params.ts';
import { userJson } from '../user-json.ts';

const positive = (fallback: number) =>
  checked(
    (v) => (v === '' ? fallback : /^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : undefined),
    () => [
      'validation_failed',
      'Bad Pagination Parameters: page and per_page must be positive integers',
    ],
  );

const ListQuery = z.object({ page: positive(1), per_page: positive(50), filter: param });

export const listUsers = adminEndpoint({ query: ListQuery }, async (_request, p, { deps }) => {
  const { page, per_page: perPage } = p;
  const filter = p.filter.split('\u0000').join('');
  const { total, records } = await deps.store.transaction(async (q) => {
    const found = await q.listUsers(filter, perPage, (page - 1) * perPage);
    const records = [];
    for (const user of found.users) records.push(await q.recordOf(user));
    return { total: found.total, records };
  });
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page + 1 <= last)
    links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  return Response.json(
    { users: records.map(userJson), aud: 'authenticated' },
    { headers: { 'x-total-count': String(total), link: links.join(', ') } },
  );
});
