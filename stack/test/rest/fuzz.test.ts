// Property test: thousands of random and hostile query strings, headers and bodies through the
// REST pipeline. Never a 500, always PostgREST's error shape, and every statement that reaches
// Postgres keeps request text out of the SQL: values are parameters, names are quoted identifiers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackContext } from '../../src/context/context.ts';
import { frontDoor, type FrontDoor } from '../../src/gateway/front-door.ts';
import { createLogger } from '../../src/lib/log.ts';
import { createOutbox } from '../../src/outbox/store.ts';
import { createRestService } from '../../src/rest/service.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { startRestStack } from './support.ts';

/** Cases per driver; SHEAF_FUZZ_RUNS / SHEAF_FUZZ_SEED replay or widen a run. */
const RUNS = Number(process.env.SHEAF_FUZZ_RUNS ?? 2500);
const SEED = Number(process.env.SHEAF_FUZZ_SEED ?? 1);

/** A small seeded PRNG so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'id',
  'name',
  'price',
  'qty',
  'tags',
  'data',
  'clients',
  'projects',
  'tasks',
  'people',
  'family',
  'items',
  'not',
  'or',
  'and',
  'in',
  'is',
  'null',
  'eq',
  'like',
  'fts',
  'count()',
  'sum()',
  '*',
  'select',
  'order',
  'limit',
];
const HOSTILE = [
  "'",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  '\\',
  '(',
  ')',
  ',',
  '.',
  ':',
  '::',
  '->',
  '->>',
  '!',
  '!inner',
  '...',
  '{',
  '}',
  '[',
  ']',
  ' ',
  '%',
  '$1',
  'é',
  '名',
  '🙂',
  '\u0000',
  '\u202e',
  'DROP TABLE items',
  "'; drop table items; --",
  'pg_sleep(10)',
  'union select',
];
const GOOD_SELECTS = [
  '*',
  'id,name',
  'name,clients(name)',
  'name,projects(name,tasks(name))',
  '*,clients!inner(*)',
  'n:name,data->>color',
  'id::text',
];
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'zz',
  'eq(any)',
  'like(all)',
  'fts(english)',
  'not.eq',
  'not.in',
];
const TABLES = [
  'items',
  'items',
  'items',
  'items',
  'clients',
  'clients',
  'projects',
  'projects',
  'rpc/items_above',
  'projects',
  'people',
  'family',
  'messages',
  'notes',
  'secrets',
  'nope',
  'rpc/add',
  'rpc/items_above',
  'rpc/nope',
  '',
  'a/b/c',
  '%E0%A4%A',
  'rpc/%ZZ',
  '..%2F..%2Fetc',
  'items%00',
];

export const MARKER = 'zqx';

function generator(seed: number) {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const token = (): string =>
    r() < 0.5
      ? pick(WORDS)
      : r() < 0.7
        ? pick(HOSTILE)
        : String.fromCharCode(Math.floor(r() * 0x2fff));
  const junk = (n: number) => Array.from({ length: n }, token).join('');
  const value = () => `${MARKER}${junk(1 + Math.floor(r() * 3))}`;
  /** Header values must be Latin-1 (HTTP refuses anything else before it reaches the stack). */
  const latin = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
  const nested = (depth: number): string =>
    depth <= 0 || r() < (depth > 5 ? 0 : 0.4)
      ? pick(WORDS)
      : `${pick(WORDS)}(${Array.from({ length: depth > 5 ? 1 : 1 + Math.floor(r() * 2) }, () => nested(depth - 1)).join(',')})`;
  const logic = (depth: number): string =>
    depth <= 0 || r() < (depth > 5 ? 0 : 0.4)
      ? `${pick(WORDS)}.${pick(OPS)}.${value()}`
      : `${pick(['and', 'or', 'not.and', 'not.or'])}(${Array.from({ length: depth > 5 ? 1 : 1 + Math.floor(r() * 2) }, () => logic(depth - 1)).join(',')})`;
  return () => {
    const params: [string, string][] = [];
    const n = Math.floor(r() * 5);
    for (let i = 0; i < n; i++) {
      const kind = r();
      if (kind < 0.2)
        params.push([
          'select',
          r() < 0.5 ? pick(GOOD_SELECTS) : r() < 0.2 ? nested(80) : r() < 0.5 ? nested(4) : junk(5),
        ]);
      else if (kind < 0.5)
        params.push([r() < 0.8 ? pick(WORDS) : junk(2), `${pick(OPS)}.${value()}`]);
      else if (kind < 0.6)
        params.push([
          pick(['or', 'and', 'not.or', 'clients.or']),
          `(${logic(r() < 0.1 ? 70 : 3)})`,
        ]);
      else if (kind < 0.7)
        params.push([
          'order',
          `${pick(WORDS)}${pick(['', '.asc', '.desc', '.desc.nullslast', junk(1)])}`,
        ]);
      else if (kind < 0.8)
        params.push([
          pick(['limit', 'offset', 'clients.limit']),
          pick(['1', '0', '-1', '99999999999999999999', 'x', value()]),
        ]);
      else if (kind < 0.85) params.push(['x'.repeat(10), value().repeat(5000)]);
      else params.push([junk(3), junk(4)]);
    }
    const query = params
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    const method = pick([
      'GET',
      'GET',
      'GET',
      'GET',
      'GET',
      'GET',
      'HEAD',
      'POST',
      'PATCH',
      'DELETE',
      'PUT',
      'OPTIONS',
      'FOO',
    ]);
    const headers: Record<string, string> = {
      Prefer: pick([
        '',
        'count=exact',
        'return=representation',
        'tx=rollback',
        'handling=strict, x',
        'count=planned',
        latin(`return=${value()}`),
        'max-affected=1, handling=strict, tx=rollback',
      ]),
    };
    if (r() < 0.2)
      headers.Accept = pick([
        'application/vnd.pgrst.object+json',
        'text/csv',
        'application/xml',
        latin(junk(2)),
      ]);
    if (r() < 0.1)
      headers['Accept-Profile'] = pick(['other', 'public', 'pg_catalog', latin(value())]);
    if (r() < 0.1) headers.Range = pick(['0-1', '5-2', 'x', '0-']);
    const body =
      method === 'POST' || method === 'PATCH' || method === 'PUT'
        ? pick([
            '{"name":"' + MARKER + '"}',
            '[{"id":' + MARKER + '}]',
            junk(3),
            '{"' + MARKER + '":1}',
            '[]',
            '{}',
            'null',
          ])
        : undefined;
    // Writes roll back so the data set stays stable for the other cases.
    if (body !== undefined || method === 'DELETE')
      headers.Prefer = `tx=rollback${headers.Prefer ? `, ${headers.Prefer}` : ''}`;
    return { method, path: `/${pick(TABLES)}`, query, headers, body };
  };
}

/** SQL text with quoted identifiers and string literals removed. */
function outsideQuotes(sql: string): string {
  return sql.replace(/"(?:[^"]|"")*"/g, '""').replace(/'(?:[^']|'')*'/g, "''");
}

describe.each(DRIVERS)('hostile query strings on %s', (driver) => {
  let stack: TestStack;
  let app: FrontDoor;
  const seen: { sql: string; params: readonly unknown[] }[] = [];
  beforeAll(async () => {
    stack = await startRestStack(driver);
    const ctx: StackContext = {
      config: stack.config,
      db: stack.db,
      keys: stack.keys,
      log: createLogger(true),
      outbox: createOutbox(stack.db, stack.config, createLogger(true)),
      apiUrl: stack.url,
      dataDir: '/tmp',
      onStop: () => undefined,
    };
    const routes = await createRestService(ctx, {
      onQuery: (sql, params) => seen.push({ sql, params }),
    });
    app = frontDoor([{ prefix: '/rest/v1', gates: [], routes }], createLogger(true));
  });
  afterAll(() => stack?.close());

  it(`answers ${RUNS} random requests without a 500, in PostgREST's error shape, with only planned SQL`, async () => {
    const next = generator(SEED + (driver === 'pglite' ? 0 : 1000));
    const key = stack.keys.anonKey;
    let reached = 0;
    for (let i = 0; i < RUNS; i++) {
      const req = next();
      seen.length = 0;
      const res = await app.request(`/rest/v1${req.path}?${req.query}`, {
        method: req.method,
        headers: {
          ...req.headers,
          apikey: key,
          Authorization: `Bearer ${i % 2 ? key : stack.keys.serviceRoleKey}`,
        },
        body: req.body,
      });
      const context = `case ${i}: ${req.method} ${req.path}?${req.query.slice(0, 300)} ${JSON.stringify(req.headers)}`;
      expect(res.status, context).toBeLessThan(500);
      const text = await res.text();
      if (seen.length > 0) reached++;
      if (res.status >= 400 && req.method !== 'HEAD') {
        const body = JSON.parse(text) as Record<string, unknown>;
        expect(Object.keys(body).sort(), context).toEqual(['code', 'details', 'hint', 'message']);
        expect(typeof body.code, context).toBe('string');
        expect(typeof body.message, context).toBe('string');
      }
      for (const { sql, params } of seen) {
        const bare = outsideQuotes(sql);
        expect(bare.includes(MARKER), `${context}\n${sql}`).toBe(false);
        expect(/--|\/\*/.test(bare), `${context}\n${sql}`).toBe(false);
        expect((bare.match(/;/g) ?? []).length, `${context}\n${sql}`).toBe(0);
        const highest = Math.max(0, ...[...bare.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        expect(highest, `${context}\n${sql}`).toBe(params.length);
      }
    }
    // Enough cases get past parsing and planning to reach Postgres.
    expect(reached).toBeGreaterThan(RUNS / 15);
    const { count } = await (
      await import('./support.ts')
    )
      .serviceClient(stack)
      .from('items')
      .select('*', { count: 'exact', head: true });
    expect(count).toBe(5);
  }, 300_000);

  it('answers HEAD on every function of every exposed schema as it answers GET, without a body', async () => {
    const { rows } = await stack.db.query<{ schema: string; name: string }>(
      `select distinct n.nspname as schema, p.proname as name
         from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1::text[]) and p.prokind = 'f'
        order by 1, 2`,
      [stack.config.api.schemas],
    );
    expect(rows.length).toBeGreaterThan(20);
    const keys = [stack.keys.anonKey, stack.keys.serviceRoleKey];
    let compared = 0;
    for (const { schema, name } of rows)
      for (const query of HEAD_QUERIES)
        for (const headers of HEAD_HEADERS)
          for (const key of keys) {
            const { Range: range, ...rest } = headers;
            const common = {
              ...rest,
              apikey: key,
              Authorization: `Bearer ${key}`,
              'Accept-Profile': schema,
            };
            const path = `/rest/v1/rpc/${encodeURIComponent(name)}?${query}`;
            const head = await app.request(path, {
              method: 'HEAD',
              headers: range ? { ...common, Range: range } : common,
            });
            // PostgREST reads a Range header on GET only (RFC 9110): HEAD answers as a GET without.
            const get = await app.request(path, { method: 'GET', headers: common });
            const context = `HEAD ${schema}.${name}?${query} ${JSON.stringify(headers)}`;
            expect(head.status, context).toBeLessThan(500);
            expect(head.status, context).toBe(get.status);
            expect(await head.text(), context).toBe('');
            for (const header of ['content-type', 'content-range', 'preference-applied'])
              expect(head.headers.get(header), `${context} ${header}`).toBe(
                get.headers.get(header),
              );
            await get.arrayBuffer();
            compared++;
          }
    expect(compared).toBe(rows.length * HEAD_QUERIES.length * HEAD_HEADERS.length * keys.length);
  }, 300_000);
});

/** What a HEAD of a function may carry: pages that empty it, counts, another media type. */
const HEAD_QUERIES = [
  '',
  'limit=0',
  'offset=1',
  'limit=0&offset=3',
  'limit=1',
  'select=*',
  `${MARKER}=eq.1`,
];
const HEAD_HEADERS: Record<string, string>[] = [
  {},
  { Prefer: 'count=exact' },
  { Prefer: 'count=planned' },
  { Prefer: 'count=estimated' },
  { Accept: 'application/vnd.pgrst.object+json' },
  { Accept: 'text/csv' },
  { Range: '0-0' },
];
