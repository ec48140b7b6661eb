// Issue 7's notes benchmarks: with 100,000 notes across 1,000 users (one notebook each, the
// measured user also a viewer of 10 others), the first page of a notebook's notes list (keyset
// order, 50 rows) and a full-text search across every readable notebook, p50/p95 through the
// REST API with supabase-js. Baselines from the same run: the same SQL straight on the database
// (no HTTP, no RLS), and through asCaller (RLS, no HTTP), so the ratios show what RLS and the API
// add. The stack runs on PGlite with the repository's real supabase/ folder. Then the same first
// page in the real app in Chromium (notes-browser.ts): time to first note shown, next to a
// static page on the same server making the same REST requests with fetch.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../stack/src/index.ts';
import { asCaller } from '../stack/src/db/as-caller.ts';
import { clientFor } from '../stack/test/support/stack.ts';
import { measure, ms, ratio, table, time, type BenchSection, type Stats } from './lib.ts';
import { measureNotesPage, notesPageSection } from './notes-browser.ts';
import { EMAIL, NOTES_PER_USER, PASSWORD, SEED, SHARED_WITH_USER, USERS } from './notes-seed.ts';

const PAGE_LOADS = 15;

const PAGE_SQL = `select id, title, updated_at, tags from public.notes
  where notebook_id = $1 order by updated_at desc, id desc limit 50`;
const SEARCH_SQL = `select id, title, updated_at from public.notes
  where search @@ websearch_to_tsquery('english', $1) order by updated_at desc, id desc limit 50`;

function row(label: string, s: Stats, baseline: Stats): string[] {
  return [label, ms(s.p50), ms(s.p95), ratio(s.p50, baseline.p50)];
}

export default async function notesBench(): Promise<BenchSection[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-notes-'));
  const workdir = path.join(root, 'supabase');
  cpSync(path.join(import.meta.dirname, '..', 'supabase'), workdir, { recursive: true });
  const stack = await startStack({ workdir, port: 0, quiet: true, memory: true, env: {} });
  try {
    const created = await clientFor(stack.url, stack.keys.serviceRoleKey).auth.admin.createUser({
      email: EMAIL,
      password: PASSWORD,
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const seedMs = await time(() => stack.db.exec(SEED));
    const { rows } = await stack.db.query<{ id: string; notebook_id: string }>(
      `select u.id, n.id as notebook_id from auth.users u join public.notebooks n on n.owner_id = u.id
       where u.email = $1`,
      [EMAIL],
    );
    const user = rows[0]!;
    const claims = { sub: user.id, role: 'authenticated', aud: 'authenticated', aal: 'aal1' };
    const session = await clientFor(stack.url, stack.keys.anonKey).auth.signInWithPassword({
      email: EMAIL,
      password: PASSWORD,
    });
    if (session.error) throw session.error;
    const token = session.data.session.access_token;
    const client = clientFor(stack.url, stack.keys.anonKey, { token });
    const caller = { role: 'authenticated', claims };
    const must = (r: { error: unknown; data: unknown[] | null }) => {
      if (r.error || !r.data?.length) throw new Error(`REST: ${JSON.stringify(r.error)}`);
    };
    const opts = { iterations: 200, warmup: 20 };
    const queries = ['tomatoes', 'quantum', 'meeting kubernetes'];

    const pageDirect = await measure(() => stack.db.query(PAGE_SQL, [user.notebook_id]), opts);
    const pageRls = await measure(
      () => asCaller(stack.db, caller, (tx) => tx.query(PAGE_SQL, [user.notebook_id])),
      opts,
    );
    const pageRest = await measure(async () => {
      must(
        await client
          .from('notes')
          .select('id, title, updated_at, tags')
          .eq('notebook_id', user.notebook_id)
          .order('updated_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(50),
      );
    }, opts);

    const searchDirect = await measure(
      (i) => stack.db.query(SEARCH_SQL, [queries[Math.abs(i) % queries.length]]),
      opts,
    );
    const searchRls = await measure(
      (i) =>
        asCaller(stack.db, caller, (tx) =>
          tx.query(SEARCH_SQL, [queries[Math.abs(i) % queries.length]]),
        ),
      opts,
    );
    const searchRest = await measure(async (i) => {
      must(
        await client
          .from('notes')
          .select('id, title, updated_at')
          .textSearch('search', queries[Math.abs(i) % queries.length]!, {
            type: 'websearch',
            config: 'english',
          })
          .order('updated_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(50),
      );
    }, opts);

    const browser = await measureNotesPage({
      stack,
      email: EMAIL,
      password: PASSWORD,
      notebookId: user.notebook_id,
      userId: user.id,
      token,
      workDir: root,
      loads: PAGE_LOADS,
    });

    const headers = ['path', 'p50', 'p95', 'p50 vs direct SQL'];
    return [
      {
        title: 'Notes: first page of a notebook (100,000 notes, 1,000 users)',
        body: [
          `Seeded ${USERS * NOTES_PER_USER} notes in ${(seedMs / 1000).toFixed(1)} s (PGlite, generated search vector + GIN).`,
          `50 newest notes of one notebook, keyset order (updated_at desc, id desc), ${opts.iterations} calls.`,
          '',
          table(headers, [
            row('direct SQL (no RLS, no HTTP) — baseline', pageDirect, pageDirect),
            row('asCaller (RLS, no HTTP)', pageRls, pageDirect),
            row('REST API via supabase-js', pageRest, pageDirect),
          ]),
        ].join('\n'),
      },
      {
        title: 'Notes: full-text search across readable notebooks',
        body: [
          `websearch queries (${queries.map((q) => `"${q}"`).join(', ')}) over every note; the caller`,
          `reads ${SHARED_WITH_USER + 1} notebooks (RLS keeps the rest out), newest 50 hits.`,
          '',
          table(headers, [
            row('direct SQL over all notes (no RLS) — baseline', searchDirect, searchDirect),
            row('asCaller (RLS, no HTTP)', searchRls, searchDirect),
            row('REST API via supabase-js', searchRest, searchDirect),
          ]),
        ].join('\n'),
      },
      notesPageSection(browser, pageRest, stack.url),
    ];
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
