// Where a REST read's CPU goes beyond the bare hop, layer by layer: the bare `node:http` server
// with the SQL alone (the hop bench's yardstick); the same server sending REST's own statement
// for the read (PostgREST's shape: the body built by json_agg); that statement run the way the
// stack runs it (one batch through the stack's driver: the caller's settings, the request's
// headers among them, then the prepared statement); that read behind Hono on
// @hono/node-server (a Web Request in, a Web Response out); and the stack's /rest/v1. Each
// step's difference is what that layer costs: REST's statement, running as the caller, the Web
// HTTP layer, then the gateway, the route kit and REST's own stages. Each layer's CPU is split
// into user and kernel time, and the promises one request makes in this process are counted
// (async_hooks, over sequential requests from a client that makes none itself): the kernel side
// is the sockets, the user side the JavaScript each layer runs. Last, the bytes each request
// allocates in this process (V8's sampling heap profiler, counting what the young generation
// already collected too, under wrk's load from outside): a measure this shared machine's noise
// hardly moves, for comparing two trees where CPU time cannot tell them apart.
//
//   npx tsx bench/decompose.ts <pglite|postgres> [rounds]
//
// A diagnostic, not a benchmark of record: the hop bench's figures are the ones in RESULTS.md.
import { createHook } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve as serveHono } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { asCallerAtOnce } from '../stack/src/db/as-caller.ts';
import { parseRequest } from '../stack/src/rest/parse/request.ts';
import { plan } from '../stack/src/rest/plan/plan.ts';
import { loadSchemaCache } from '../stack/src/rest/schema/load.ts';
import { statementsFor } from '../stack/src/rest/sql/statement.ts';
import { bareSql, SQL, USER } from './hop.bench.ts';
import { startHopStack } from './hop-stack.ts';
import { median } from './lib.ts';
import { alternatingRounds, bytesPerRequest, type HttpLoad } from './load.ts';

/**
 * The promises created in this process while `count` requests are answered one after another,
 * per request. The client is callbacks only (node:http, one kept-alive socket), so what is
 * counted is the server's.
 */
async function promisesPerRequest(load: HttpLoad, count = 200): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const [lo, hi] = load.idRange ?? [0, 0];
  const url = (i: number) => load.url.replace('{id}', String(lo + (i % (hi - lo + 1))));
  const send = (i: number, done: (error?: Error) => void) =>
    http
      .get(url(i), { agent, headers: load.headers }, (res) => {
        res.resume();
        res.on('end', () =>
          done(res.statusCode === 200 ? undefined : new Error(`${res.statusCode}`)),
        );
      })
      .on('error', done);
  const sequence = (n: number, offset: number) =>
    new Promise<void>((resolve, reject) => {
      const next = (i: number) =>
        i === n ? resolve() : send(offset + i, (e) => (e ? reject(e) : next(i + 1)));
      next(0);
    });
  await sequence(50, 0); // warm
  let promises = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') promises++;
    },
  });
  hook.enable();
  // The loop's own promise and its await are counted too: 2 over `count` requests.
  await sequence(count, 50);
  hook.disable();
  agent.destroy();
  return promises / count;
}

async function main() {
  const [driver = 'postgres', rounds = '3'] = process.argv.slice(2);
  const { stack, databaseUrl, close } = await startHopStack(driver, 'decompose');
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: USER,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
  };
  const token = await stack.keys.signAccessToken(claims);
  // REST's own statement for this read, as its SQL stage writes it (PostgREST's shape).
  const cache = await loadSchemaCache(stack.db, ['public']);
  const parsed = parseRequest(
    { method: 'GET', path: '/items', search: '?id=eq.1&select=*', headers: {} },
    ['public'],
  );
  const restSql = statementsFor(plan(parsed, cache)).main.sql;
  const plainly = (sql: string, params: unknown[]) =>
    pool ? pool.query(sql, params) : stack.db.query(sql, params);
  // The read as the stack runs it: one batch, the caller's settings (the request's headers
  // among them) and REST's statement.
  const asTheCaller = (headers: Record<string, string>) => (_sql: string, params: unknown[]) =>
    asCallerAtOnce(
      stack.db,
      {
        role: 'authenticated',
        claims,
        headers,
        method: 'GET',
        path: '/rest/v1/items',
        settings: { search_path: 'public, public, extensions', transaction_read_only: 'on' },
      },
      (tx) => tx.query(restSql, [String(params[0])], { prepare: true }),
    );
  const bare = await bareSql(plainly);
  const restShaped = await bareSql((_sql, params) => plainly(restSql, [String(params[0])]));
  const caller = await bareSql(
    asTheCaller({
      host: '127.0.0.1',
      apikey: stack.keys.anonKey,
      authorization: `Bearer ${token}`,
    }),
  );
  // The same read behind Hono on @hono/node-server, as the stack serves: a Web Request in (its
  // headers read, as every route reads its key and token), a Web Response out.
  const app = new Hono();
  app.get('/', async (c) => {
    const request = c.req.raw;
    if (!request.headers.get('authorization')) return c.text('no token', 401);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const id = Number(new URL(request.url).searchParams.get('id'));
    const { rows } = await asTheCaller(headers)(SQL, [id]);
    return new Response(JSON.stringify(rows), { headers: { 'Content-Type': 'application/json' } });
  });
  const hono = await new Promise<http.Server>((resolve) => {
    const s = serveHono({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as http.Server),
    );
  });
  const honoUrl = `http://127.0.0.1:${(hono.address() as AddressInfo).port}`;
  const base = { connections: 10, seconds: 3, idRange: [1, 1000] as [number, number] };
  const layers: [string, HttpLoad][] = [
    ['bare node:http + the SQL', { ...base, url: `${bare.url}/?id={id}` }],
    ["bare node:http + REST's statement", { ...base, url: `${restShaped.url}/?id={id}` }],
    [
      "bare node:http + REST's statement as the caller (one batch, stack driver)",
      { ...base, url: `${caller.url}/?id={id}` },
    ],
    [
      "Hono on @hono/node-server + REST's statement as the caller",
      { ...base, url: `${honoUrl}/?id={id}`, headers: { Authorization: `Bearer ${token}` } },
    ],
    [
      'the stack: /rest/v1',
      {
        ...base,
        url: `${stack.url}/rest/v1/items?id=eq.{id}&select=*`,
        headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${token}` },
      },
    ],
  ];
  try {
    const results = await alternatingRounds(
      layers.map(([, load]) => load),
      Number(rounds),
    );
    const cpu = results.map((runs) => runs.map((r) => r.cpu.stack));
    const kernel = results.map((runs) => runs.map((r) => r.cpu.stackKernel));
    const promises: number[] = [];
    for (const [, load] of layers) promises.push(await promisesPerRequest(load));
    const allocated: number[] = [];
    for (const [, load] of layers) allocated.push(await bytesPerRequest(load));
    const first = median(cpu[0]!);
    console.log(
      `${driver}, load average ${os.loadavg()[0]!.toFixed(1)}, median of ${rounds} rounds`,
    );
    console.log('   CPU  ratio    user  kernel  promises  allocated  layer');
    layers.forEach(([label], i) => {
      const m = median(cpu[i]!);
      const k = median(kernel[i]!);
      const cells = [
        `${Math.round(m)} µs`.padStart(7),
        `${(m / first).toFixed(2)}×`.padStart(6),
        `${Math.round(m - k)} µs`.padStart(7),
        `${Math.round(k)} µs`.padStart(7),
        promises[i]!.toFixed(1).padStart(9),
        `${(allocated[i]! / 1024).toFixed(1)} KiB`.padStart(10),
      ];
      console.log(`${cells.join(' ')}  ${label}`);
    });
  } finally {
    await bare.close();
    await restShaped.close();
    await caller.close();
    hono.close();
    await pool?.end();
    await close();
  }
}

await main();
