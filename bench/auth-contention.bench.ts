// Issue 11's auth benchmarks. (1) Password hashing must not hold up other requests: the latency
// of a one-row REST read while 4 password sign-ins are in flight, as a ratio to the same read on
// an idle stack — next to the same read while 4 bcrypt verifications run in JavaScript on the
// event loop, as the stack hashed before (bcryptjs). (2) Account enumeration by timing: a failed
// sign-in for an unknown address next to one for an existing account.
import { rmSync } from 'node:fs';
import path from 'node:path';
import bcryptjs from 'bcryptjs';
import { startStack } from '../stack/src/index.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, ratio, table, type BenchSection, type Stats } from './lib.ts';

const CONFIG = `[auth.rate_limit]\nsign_in_sign_ups = 1000000\ntoken_refresh = 1000000\n`;
const MIGRATION = `
create table public.items (id int primary key, owner uuid not null, body text not null);
alter table public.items enable row level security;
create policy "owners read" on public.items for select to authenticated using (owner = auth.uid());
insert into public.items select g, '00000000-0000-0000-0000-000000000001', 'item ' || g from generate_series(1, 100) g;
`;
const READS = 300;
const IN_FLIGHT = 4;

/**
 * fetch, sent again once when a pooled connection turns out closed (ECONNRESET before any
 * answer): with the event loop blocked, the client's pool may hand out a connection the
 * server has already timed out.
 */
async function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

/** Keeps `count` calls of fn in flight until stop() is called. */
function keepBusy(count: number, fn: () => Promise<unknown>) {
  let running = true;
  const loops = Array.from({ length: count }, async () => {
    while (running) await fn();
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

export default async function (): Promise<BenchSection[]> {
  const workdir = makeWorkdir({ config: CONFIG, migrations: { '1_items.sql': MIGRATION } });
  const stack = await startStack({ workdir, port: 0, quiet: true, memory: true, env: {} });
  const auth = `${stack.url}/auth/v1`;
  const json = { apikey: stack.keys.anonKey, 'content-type': 'application/json' };
  const signIn = (email: string, password = 'bench-password') =>
    fetchOnce(`${auth}/token?grant_type=password`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password }),
    }).then((res) => res.text());
  try {
    const emails = Array.from({ length: IN_FLIGHT }, (_, i) => `contention-${i}@example.com`);
    for (const email of emails)
      await fetch(`${auth}/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password: 'bench-password' }),
      });
    const now = Math.floor(Date.now() / 1000);
    const token = await stack.keys.signAccessToken({
      sub: '00000000-0000-0000-0000-000000000001',
      role: 'authenticated',
      aud: 'authenticated',
      iat: now,
      exp: now + 3600,
    });
    const headers = { apikey: stack.keys.anonKey, authorization: `Bearer ${token}` };
    const read = () =>
      measure(
        async (i) => {
          const res = await fetchOnce(
            `${stack.url}/rest/v1/items?id=eq.${(Math.abs(i) % 100) + 1}`,
            {
              headers,
            },
          );
          if (!res.ok) throw new Error(`REST read failed: ${res.status}`);
          await res.json();
        },
        { iterations: READS },
      );

    const idle = await read();
    let stop = keepBusy(IN_FLIGHT, () => signIn(emails[0]!));
    const duringSignIns = await read();
    await stop();
    const hash = await bcryptjs.hash('bench-password', 10);
    stop = keepBusy(IN_FLIGHT, () => bcryptjs.compare('bench-password', hash));
    const duringJsBcrypt = await read();
    await stop();

    const failed = (email: string) =>
      measure(() => signIn(email, 'wrong-password'), { iterations: 40, warmup: 4 });
    const existing = await failed(emails[1]!);
    const unknown = await failed('nobody-at-all@example.com');

    const row = (label: string, s: Stats, base: Stats) => [
      label,
      ms(s.p50),
      ms(s.p95),
      ratio(s.p50, base.p50),
    ];
    const contention = `${READS} sequential reads of one row under RLS (\`GET /rest/v1/items?id=eq.N\`, PGlite), on an idle stack and while ${IN_FLIGHT} password sign-ins are kept in flight; the last row keeps ${IN_FLIGHT} bcrypt verifications in JavaScript (bcryptjs, cost 10) running on the event loop instead, as the stack hashed before it moved to a native bcrypt on libuv's thread pool.

${table(
  ['reads', 'p50', 'p95', 'p50 vs idle'],
  [
    row('idle stack — baseline', idle, idle),
    row(`while ${IN_FLIGHT} password sign-ins are in flight`, duringSignIns, idle),
    row(
      `while ${IN_FLIGHT} bcryptjs verifications run on the event loop (before)`,
      duringJsBcrypt,
      idle,
    ),
  ],
)}`;
    const enumeration = `40 sequential failed password sign-ins (\`invalid_credentials\`) for an existing account and for an address no account has; the unknown address is checked against a dummy hash of the same cost, so the two should take the same time.

${table(
  ['sign-in with a wrong password', 'p50', 'p95', 'p50 vs existing'],
  [
    row('existing account — baseline', existing, existing),
    row('unknown address', unknown, existing),
  ],
)}`;
    return [
      { title: 'Auth: a REST read while sign-ins run', body: contention },
      { title: 'Auth: failed sign-in, existing vs unknown account', body: enumeration },
    ];
  } finally {
    await stack.stop();
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
}
