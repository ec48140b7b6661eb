// Issue 3's auth benchmarks: password sign-in and token refresh through the HTTP API with 10
// concurrent clients (throughput, p50, p99), each next to the same run's raw bcrypt-verify and
// ES256 JWT-sign rates, so the cost of everything around them shows as a ratio.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { hash as bcryptHash, verify as bcryptVerify } from '@node-rs/bcrypt';
import { HASH_SLOTS } from '../stack/src/auth/password.ts';
import { startStack } from '../stack/src/index.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, rate, ratio, table, type BenchSection, type Stats } from './lib.ts';

const CONCURRENCY = 10;
const USERS = 10;
const CONFIG = `[auth.rate_limit]\nsign_in_sign_ups = 1000000\ntoken_refresh = 1000000\n`;

function row(label: string, s: Stats, baseline: number): string[] {
  return [label, rate(s.perSecond), ms(s.p50), ms(s.p99), ratio(baseline, s.perSecond)];
}

export default async function (): Promise<BenchSection[]> {
  const workdir = makeWorkdir({ config: CONFIG });
  const stack = await startStack({ workdir, port: 0, quiet: true, memory: true, env: {} });
  const url = `${stack.url}/auth/v1`;
  const headers = { apikey: stack.keys.anonKey, 'content-type': 'application/json' };
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${url}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { refresh_token?: string };
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const emails = Array.from({ length: USERS }, (_, i) => `bench-${i}@example.com`);
    for (const email of emails) await post('/signup', { email, password: 'bench-password' });
    const hash = await bcryptHash('bench-password', { cost: 10, version: '2a' });

    const iterations = 100;
    // As many verifications at once as the stack runs (it leaves a core to the event loop).
    const bcryptStats = await measure(() => bcryptVerify('bench-password', hash), {
      iterations,
      concurrency: HASH_SLOTS,
      warmup: 5,
    });
    const signIn = await measure(
      (i) =>
        post('/token?grant_type=password', {
          email: emails[Math.abs(i) % USERS],
          password: 'bench-password',
        }),
      { iterations, concurrency: CONCURRENCY, warmup: 5 },
    );

    const signStats = await measure(
      () => stack.keys.signAccessToken({ sub: 'x', role: 'authenticated', exp: 2e9 }),
      { iterations: 2000, concurrency: CONCURRENCY },
    );
    // One refresh chain per client: a call takes a free chain, rotates it and gives it back.
    const free: string[] = [];
    for (const email of emails)
      free.push(
        (await post('/token?grant_type=password', { email, password: 'bench-password' }))
          .refresh_token!,
      );
    const refresh = await measure(
      async () => {
        const current = free.pop()!;
        const next = await post('/token?grant_type=refresh_token', { refresh_token: current });
        free.push(next.refresh_token!);
      },
      { iterations: 500, concurrency: CONCURRENCY, warmup: 10 },
    );

    const body1 = `Password sign-in (\`POST /auth/v1/token?grant_type=password\`, ${CONCURRENCY} concurrent clients, ${iterations} requests) next to raw \`bcrypt.verify\` (@node-rs/bcrypt) at cost 10, ${HASH_SLOTS} at a time as the stack runs them (the last column: how many bcrypt verifies fit in one sign-in's time share).

${table(
  ['operation', 'throughput', 'p50', 'p99', 'baseline ÷ this'],
  [
    [
      'bcrypt verify, cost 10 (native, thread pool) — baseline',
      rate(bcryptStats.perSecond),
      ms(bcryptStats.p50),
      ms(bcryptStats.p99),
      '1.00×',
    ],
    row('password sign-in over HTTP', signIn, bcryptStats.perSecond),
  ],
)}

bcrypt runs natively on libuv's thread pool, at most ${HASH_SLOTS} at a time so that one core stays with the event loop (see *a REST read while sign-ins run*), so sign-in throughput is bounded by it; the ratio shows what the HTTP round trip, the user lookup and the session, refresh-token and amr inserts add.`;

    const body2 = `Token refresh (\`POST /auth/v1/token?grant_type=refresh_token\`, rotation on, ${CONCURRENCY} concurrent clients each rotating its own chain, 500 requests) next to signing one ES256 access token (\`keys.signAccessToken\`), both measured in this run.

${table(
  ['operation', 'throughput', 'p50', 'p99', 'baseline ÷ this'],
  [
    [
      'ES256 JWT sign — baseline',
      rate(signStats.perSecond),
      ms(signStats.p50),
      ms(signStats.p99),
      '1.00×',
    ],
    row('token refresh over HTTP', refresh, signStats.perSecond),
  ],
)}

A refresh is one transaction (lock the token row, revoke it, insert its child, read the user and the session's aal and amr) plus one signature; the ratio is the cost of that transaction and the HTTP round trip relative to signing alone.`;
    return [
      { title: 'Auth: password sign-in vs bcrypt', body: body1 },
      { title: 'Auth: token refresh vs JWT signing', body: body2 },
    ];
  } finally {
    await stack.stop();
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
}
