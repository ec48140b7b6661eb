// Search as you type (issue 16): with the notes benchmarks' 100,000 notes, the search_notes RPC
// for every prefix of typed words — as the app calls it, through REST with supabase-js — for a
// person who reads 11 notebooks (1,100 notes) and one who reads all 1,000 (100,000 notes). Same-
// run baselines: the same function run as the caller straight on the database (RLS, no HTTP),
// and a one-row REST read (the floor of any request). Then in Chromium (search-browser.ts):
// keystroke to results in the app's command palette next to a bare page doing the same request.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../stack/src/index.ts';
import { asCaller } from '../stack/src/db/as-caller.ts';
import { clientFor } from '../stack/test/support/stack.ts';
import { measure, ms, ratio, table, type BenchSection, type Stats } from './lib.ts';
import { EMAIL, PASSWORD, SEED } from './notes-seed.ts';
import { measureSearch } from './search-browser.ts';

/** Words as typed, distinct first letters (no prefix is ever served from an earlier word). */
const WORDS = ['tomatoes', 'kubernetes', 'cafe', 'quantum', 'harvest', 'deploy', 'sonnet'];
const READS_ALL = 'bench-reader@example.com';

const prefixes = (words: string[]) => words.flatMap((w) => [...w].map((_, i) => w.slice(0, i + 1)));

/** fetch with one retry when a kept-alive connection was closed under it (the in-process
 * database work between phases blocks the server's event loop past its keep-alive timeout). */
const retrying: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch {
    return fetch(input, init);
  }
};

function row(label: string, s: Stats, baseline: Stats): string[] {
  return [label, ms(s.p50), ms(s.p95), ratio(s.p50, baseline.p50)];
}

export default async function searchBench(): Promise<BenchSection[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-search-'));
  const workdir = path.join(root, 'supabase');
  cpSync(path.join(import.meta.dirname, '..', 'supabase'), workdir, { recursive: true });
  const stack = await startStack({ workdir, port: 0, quiet: true, memory: true, env: {} });
  try {
    const admin = clientFor(stack.url, stack.keys.serviceRoleKey).auth.admin;
    for (const email of [EMAIL, READS_ALL]) {
      const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true });
      if (created.error) throw created.error;
    }
    await stack.db.exec(SEED);
    await stack.db.exec(`
      insert into public.notebook_members (notebook_id, user_id, role)
      select n.id, (select id from auth.users where email = '${READS_ALL}'), 'viewer'
      from public.notebooks n where n.owner_id <> (select id from auth.users where email = '${READS_ALL}');
      analyze;`);
    const sessions = new Map<string, { token: string; id: string }>();
    for (const email of [EMAIL, READS_ALL]) {
      const signIn = () =>
        clientFor(stack.url, stack.keys.anonKey, { fetch: retrying }).auth.signInWithPassword({
          email,
          password: PASSWORD,
        });
      const signed = await signIn();
      if (signed.error) throw signed.error;
      sessions.set(email, { token: signed.data.session.access_token, id: signed.data.user.id });
    }
    const typed = prefixes(WORDS);
    const opts = { iterations: typed.length * 4, warmup: 20 };
    const bench1 = sessions.get(EMAIL)!;
    const caller = (id: string) => ({
      role: 'authenticated',
      claims: { sub: id, role: 'authenticated', aud: 'authenticated', aal: 'aal1' },
    });
    const sql = 'select id from public.search_notes($1, 20)';
    const results: Record<string, Stats> = {};
    for (const [label, email] of [
      ['reads 1,100 notes', EMAIL],
      ['reads 100,000 notes', READS_ALL],
    ] as const) {
      const { id, token } = sessions.get(email)!;
      const client = clientFor(stack.url, stack.keys.anonKey, { token, fetch: retrying });
      results[`db ${label}`] = await measure(
        (i) =>
          asCaller(stack.db, caller(id), (tx) =>
            tx.query(sql, [typed[Math.abs(i) % typed.length]]),
          ),
        opts,
      );
      results[`rest ${label}`] = await measure(async (i) => {
        const { error } = await client.rpc('search_notes', {
          query: typed[Math.abs(i) % typed.length],
          max_results: 20,
        });
        if (error) throw error;
      }, opts);
    }
    const client = clientFor(stack.url, stack.keys.anonKey, {
      token: bench1.token,
      fetch: retrying,
    });
    const oneRow = await measure(async () => {
      const { error } = await client.from('profiles').select('id').eq('id', bench1.id).single();
      if (error) throw error;
    }, opts);

    const browser = await measureSearch({
      stack,
      email: EMAIL,
      password: PASSWORD,
      token: bench1.token,
      workDir: root,
      words: WORDS,
      rounds: 3,
    });

    return [
      {
        title: 'Search as you type: search_notes over 100,000 notes',
        body: [
          `Every prefix of ${WORDS.map((w) => `"${w}"`).join(', ')} (${typed.length} queries, each`,
          `${opts.iterations / typed.length}×), best 20 hits ranked, with snippets; prefix and accent-insensitive`,
          '("cafe" finds "café"). The reader of every notebook sees all 100,000 notes through RLS.',
          '',
          table(
            ['path', 'p50', 'p95', 'p50 vs one-row REST read'],
            [
              row('one-row REST read (GET profiles?id=eq.…) — baseline', oneRow, oneRow),
              row(
                'search_notes as the caller in the database, reads 1,100',
                results['db reads 1,100 notes']!,
                oneRow,
              ),
              row(
                'search_notes over REST (supabase-js rpc), reads 1,100',
                results['rest reads 1,100 notes']!,
                oneRow,
              ),
              row(
                'search_notes as the caller in the database, reads 100,000',
                results['db reads 100,000 notes']!,
                oneRow,
              ),
              row(
                'search_notes over REST (supabase-js rpc), reads 100,000',
                results['rest reads 100,000 notes']!,
                oneRow,
              ),
            ],
          ),
        ].join('\n'),
      },
      {
        title: 'Search as you type in Chromium: keystroke to results',
        body: [
          `The command palette of the real app (production build, \`vite preview\`, headless Chromium),`,
          `bench1 (reads 1,100 of the 100,000 notes) typing the same words one key every 120 ms, ${browser.keystrokes}`,
          'keystrokes over 3 rounds (the page reloaded between rounds: no cached results). Timed in',
          'the page from the key going down to the frame after results for that query are in the DOM.',
          'Baseline: a bare page on the same server that, on each keystroke, calls search_notes with',
          '`fetch` and lists the hits — the floor for any search box over this API. Goal: p95 ≤ 100 ms.',
          '',
          table(
            ['page', 'p50', 'p95', 'p95 vs baseline'],
            [
              [
                'bare page + fetch — baseline',
                ms(browser.baseline.p50),
                ms(browser.baseline.p95),
                '1.00×',
              ],
              [
                'the app’s command palette',
                ms(browser.app.p50),
                ms(browser.app.p95),
                ratio(browser.app.p95, browser.baseline.p95),
              ],
            ],
          ),
        ].join('\n'),
      },
    ];
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
