// Every function of Sheaf's own schema answers HEAD as it answers GET — status, Content-Type and
// Content-Range, no body — as anon and as a signed-in user, also when `limit=0` or an offset
// empties the page (a HEAD of mfa_satisfied?limit=0 once answered 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { createUser, startSheafStack, tokenFor } from './support/sheaf-stack.ts';

const QUERIES = ['', 'limit=0', 'offset=1', 'limit=0&offset=2'];
const HEADERS: Record<string, string>[] = [
  {},
  { Prefer: 'count=exact' },
  { Accept: 'application/vnd.pgrst.object+json' },
];

describe.each(DRIVERS)('HEAD on every function of Sheaf’s schema on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
  });
  afterAll(() => stack?.close());

  it('answers as GET answers, without a body, for anon and for a member', async () => {
    const { rows } = await stack.db.query<{ name: string }>(
      `select distinct p.proname as name
         from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f' order by 1`,
    );
    expect(rows.map((r) => r.name)).toContain('mfa_satisfied');
    const user = await createUser(stack.db, 'head');
    const bearers = [stack.keys.anonKey, await tokenFor(stack, user)];
    for (const { name } of rows)
      for (const query of QUERIES)
        for (const extra of HEADERS)
          for (const bearer of bearers) {
            const url = `${stack.url}/rest/v1/rpc/${name}?${query}`;
            const headers = {
              ...extra,
              apikey: stack.keys.anonKey,
              Authorization: `Bearer ${bearer}`,
            };
            const head = await fetch(url, { method: 'HEAD', headers });
            const get = await fetch(url, { headers });
            const context = `HEAD ${name}?${query} ${JSON.stringify(extra)}`;
            expect(head.status, context).toBeLessThan(500);
            expect(head.status, context).toBe(get.status);
            expect(await head.text(), context).toBe('');
            for (const header of ['content-type', 'content-range'])
              expect(head.headers.get(header), `${context} ${header}`).toBe(
                get.headers.get(header),
              );
            await get.arrayBuffer();
          }
  });
});
