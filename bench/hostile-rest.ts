// A long hostile REST run against a running stack with Sheaf's schema: what a misbehaving or
// malicious client sends — oversized filter values and `in` lists, long `or` trees, deep and
// repeated embeds, huge limits and offsets, bad casts, malformed and oversized bodies, bulk
// inserts of large notes and reads of them — as the demo user and as anon. Seeded, so two runs
// send the same requests.
import type { StackProcess } from '../stack/test/chaos/harness/stack-process.ts';

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

const DEMO = { email: 'demo@sheaf.local', password: 'sheaf-demo-2026' };

interface Target {
  url: string;
  apikey: string;
  token: string;
  notebook: string;
}

type Build = (r: () => number, t: Target) => [string, RequestInit];

const uuid = (r: () => number) =>
  '00000000-0000-4000-8000-000000000000'.replace(/0/g, () => Math.floor(r() * 16).toString(16));
const text = (r: () => number, n: number) =>
  Array.from({ length: n }, () => 'lorem ipsum dolor sit amet '[Math.floor(r() * 27)]).join('');

const BUILDS: Build[] = [
  (r) => [`notes?title=eq.${encodeURIComponent(text(r, 8192))}`, {}],
  (r) => [`notes?id=in.(${Array.from({ length: 500 }, () => uuid(r)).join(',')})`, {}],
  () => [
    `notes?or=(${Array.from({ length: 200 }, (_, i) => `title.eq.t${i}`).join(',')})&select=id`,
    {},
  ],
  () => [
    'notes?select=*,notebook:notebooks(*,members:notebook_members(*)),author:profiles(*)&limit=50',
    {},
  ],
  () => ['notes?select=id,title&limit=100000&offset=999999999', {}],
  () => ['notes?pinned=eq.x', {}],
  () => ['notes?created_at=gt.not-a-date&order=title.desc,body.asc,tags.desc,id', {}],
  () => [
    `notes?select=${Array.from({ length: 60 }, (_, i) => `a${i}:title`).join(',')}&limit=20`,
    {},
  ],
  (r) => [`notes?search=wfts(english).${encodeURIComponent(text(r, 300))}&select=id`, {}],
  () => ['notes?select=*&limit=50&order=updated_at.desc', {}],
  () => ['notes?select=count()', { headers: { Prefer: 'count=exact' } }],
  () => ['rpc/no_such_function', { method: 'POST', body: '{"a":1}' }],
  () => ['notes', { method: 'POST', body: '{"title": "unterminated' }],
  (r, t) => [
    'notes',
    {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify(
        Array.from({ length: 5 }, () => ({
          notebook_id: t.notebook,
          title: text(r, 40),
          body: text(r, Math.floor(r() * 16 * 1024)),
          tags: ['bench'],
        })),
      ),
    },
  ],
  (r, t) => [
    `notes?notebook_id=eq.${t.notebook}&title=like.${encodeURIComponent('*' + text(r, 3))}*`,
    {
      method: 'PATCH',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ pinned: r() > 0.5 }),
    },
  ],
  (r) => ['notes', { method: 'POST', body: JSON.stringify({ title: text(r, 300) }) }],
];

async function signIn(stack: StackProcess): Promise<Target> {
  const session = (await (
    await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO),
    })
  ).json()) as { access_token: string };
  const created = await fetch(`${stack.url}/rest/v1/notebooks`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${session.access_token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ name: 'hostile bench' }),
  });
  const [notebook] = (await created.json()) as { id: string }[];
  return {
    url: stack.url,
    apikey: stack.anonKey,
    token: session.access_token,
    notebook: notebook!.id,
  };
}

/**
 * Sends `count` hostile requests, `concurrency` at a time, or as many as fit before `deadline`
 * (a Date.now() value: a shared machine must not hold the bench for ever); counts the answers by
 * status.
 */
export async function hostileRequests(
  stack: StackProcess,
  count: number,
  concurrency: number,
  deadline = Infinity,
) {
  const target = await signIn(stack);
  const r = rng(11);
  const statuses: Record<string, number> = {};
  let next = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count && Date.now() < deadline) {
        next++;
        const [path, init] = BUILDS[Math.floor(r() * BUILDS.length)]!(r, target);
        const asUser = r() < 0.8;
        const response = await fetch(`${target.url}/rest/v1/${path}`, {
          ...init,
          headers: {
            apikey: target.apikey,
            'Content-Type': 'application/json',
            ...(asUser ? { Authorization: `Bearer ${target.token}` } : {}),
            ...(init.headers as Record<string, string>),
          },
        }).catch(() => undefined);
        await response?.arrayBuffer().catch(() => undefined);
        const key = String(response?.status ?? 'network error');
        statuses[key] = (statuses[key] ?? 0) + 1;
        answered++;
      }
    }),
  );
  return { answered, statuses };
}
