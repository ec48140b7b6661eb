// Issue 5's Edge Functions benchmarks: cold start (first call after the function's files
// changed: a new Deno process boots and answers) and warm round trips through /functions/v1,
// next to a plain HTTP echo served by the same gateway in the same run. The echo route is
// mounted here, in front of the stack's own gateway, never in the product's route table.
import { utimesSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../stack/src/config/config.ts';
import type { StackContext } from '../stack/src/context/context.ts';
import { createGateway } from '../stack/src/server.ts';
import { loadKeys } from '../stack/src/keys/keys.ts';
import { createLogger } from '../stack/src/lib/log.ts';
import { createOutbox } from '../stack/src/outbox/store.ts';
import { prepareDatabase } from '../stack/src/stack.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, ratio, table, time, type BenchSection } from './lib.ts';

const ECHO_FUNCTION = `Deno.serve(async (req) => new Response(await req.text() || 'pong'));\n`;

interface BenchStack {
  url: string;
  anonKey: string;
  workdir: string;
  stop(): Promise<void>;
}

/** The stack's gateway with one extra route, /bench-echo, answered directly in Node. */
async function startBenchStack(): Promise<BenchStack> {
  const workdir = makeWorkdir({ files: { 'functions/echo/index.ts': ECHO_FUNCTION } });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-bench-fn-'));
  const log = createLogger(true);
  const config = await loadConfig(workdir, {});
  const keys = await loadKeys(config);
  const { db } = await prepareDatabase(config, { memory: true, env: {} }, dataDir, log);
  const hooks: (() => Promise<void> | void)[] = [];
  const ctx: StackContext = {
    config,
    db,
    keys,
    log,
    outbox: createOutbox(db, config, log),
    apiUrl: '',
    dataDir,
    onStop: (fn) => hooks.push(fn),
  };
  const gateway = await createGateway(ctx);
  const app = new Hono();
  app.all('/bench-echo', async (c) => new Response((await c.req.text()) || 'pong'));
  app.all('*', (c) => gateway.fetch(c.req.raw));
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  ctx.apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: ctx.apiUrl,
    anonKey: keys.anonKey,
    workdir,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const hook of hooks.reverse()) await hook();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(path.dirname(workdir), { recursive: true, force: true });
    },
  };
}

export default async function functionsBench(): Promise<BenchSection[]> {
  const stack = await startBenchStack();
  const headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
  const call = async (url: string, body?: string) => {
    const res = await fetch(url, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.text();
  };
  const fnUrl = `${stack.url}/functions/v1/echo`;
  const echoUrl = `${stack.url}/bench-echo`;
  try {
    // Cold start: touching the entrypoint changes the fingerprint, so the next call boots a new worker.
    const entry = path.join(stack.workdir, 'functions', 'echo', 'index.ts');
    const cold: number[] = [];
    const plainFirst: number[] = [];
    for (let i = 0; i < 5; i++) {
      const when = new Date(Date.now() + (i + 1) * 1000);
      utimesSync(entry, when, when);
      cold.push(await time(() => call(fnUrl)));
      plainFirst.push(await time(() => call(echoUrl)));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

    const body = 'x'.repeat(1024);
    const warmEcho = await measure(() => call(echoUrl, body), { iterations: 400 });
    const warmFn = await measure(() => call(fnUrl, body), { iterations: 400 });
    const concEcho = await measure(() => call(echoUrl, body), { iterations: 800, concurrency: 8 });
    const concFn = await measure(() => call(fnUrl, body), { iterations: 800, concurrency: 8 });

    const rows = [
      ['plain HTTP echo in the gateway — baseline', ms(median(plainFirst)), '1.00×'],
      [
        'function cold start (new Deno worker + first answer)',
        ms(median(cold)),
        ratio(median(cold), median(plainFirst)),
      ],
    ];
    const warmRows = [
      [
        'plain HTTP echo — baseline, 1 in flight',
        ms(warmEcho.p50),
        ms(warmEcho.p95),
        `${warmEcho.perSecond.toFixed(0)}/s`,
        '1.00×',
      ],
      [
        'function, 1 in flight',
        ms(warmFn.p50),
        ms(warmFn.p95),
        `${warmFn.perSecond.toFixed(0)}/s`,
        ratio(warmFn.p50, warmEcho.p50),
      ],
      [
        'plain HTTP echo — baseline, 8 in flight',
        ms(concEcho.p50),
        ms(concEcho.p95),
        `${concEcho.perSecond.toFixed(0)}/s`,
        '1.00×',
      ],
      [
        'function, 8 in flight',
        ms(concFn.p50),
        ms(concFn.p95),
        `${concFn.perSecond.toFixed(0)}/s`,
        ratio(concFn.p50, concEcho.p50),
      ],
    ];
    return [
      {
        title: 'Edge Functions cold start',
        body:
          'Median of 5 runs: the first POST to /functions/v1/echo after its file changed (the old ' +
          'worker is replaced, Deno boots, loads the module and answers), next to one POST to a plain ' +
          'echo route in the same gateway.\n\n' +
          table(['what', 'median', 'vs plain echo'], rows),
      },
      {
        title: 'Edge Functions warm round trip',
        body:
          'POST of 1 KB echoed back; verify_jwt on (anon key as bearer). The function path adds the ' +
          'JWT check, the file fingerprint, and the hop over a unix socket into Deno.\n\n' +
          table(['what', 'p50', 'p95', 'rate', 'p50 vs baseline'], warmRows),
      },
    ];
  } finally {
    await stack.stop();
  }
}
