// Issue 13's benchmarks of collaborative notes. Opening a note whose log holds 10,000 stored
// updates (one per keystroke of a ~10,000-character text, as an uncompacted note would), with
// the app's sync engine through supabase-js: cold (a device with no copy: the whole log is
// fetched as frames and applied), after compaction (one snapshot row), and warm (the device's
// copy is current: only the rows after its cursor are asked for). The baseline, in the same
// run, is opening a plain note of the same text: one REST read of its row. The stack runs on
// PGlite with the repository's real supabase/ folder. The Chromium benchmarks (keystroke to the
// other screen, typing in a 1 MB note) are in collab-browser.ts.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import { startStack } from '../stack/src/index.ts';
import { clientFor } from '../stack/test/support/stack.ts';
import { NoteSync } from '../app/src/lib/collab/note-sync.ts';
import { compactNote } from '../app/src/lib/collab/compaction.ts';
import { supabaseDocumentStore } from '../app/src/lib/collab/supabase-store.ts';
import { MemoryDevice } from '../app/src/lib/collab/testing/memory-local.ts';
import { measureCollabBrowser, type CollabBrowserTimings } from './collab-browser.ts';
import type { Percentiles } from './browser-lib.ts';
import { measure, ms, ratio, table, type BenchSection, type Stats } from './lib.ts';

const UPDATES = 10_000;
const OPENS = 30;
const EMAIL = 'collab-bench@example.com';
const PASSWORD = 'Collab-bench-passw0rd';
const PEER = 'collab-bench-peer@example.com';
const KEYS = 60;
/** About 1 MB of markdown (under notes.body's 1,048,576-byte limit). */
const BIG = '- a line of a long shared note, typed by many people over the years\n'.repeat(14_500);

const silent = { open: () => undefined, send: () => false, close: async () => undefined };

/** One update per keystroke of a text typed from start to end (every 50th a backspace). */
function keystrokes(count: number): { updates: Uint8Array[]; text: string } {
  const doc = new Y.Doc();
  const text = doc.getText('body');
  const updates: Uint8Array[] = [];
  doc.on('update', (u: Uint8Array) => updates.push(u));
  const words = 'the quick brown fox jumps over a lazy dog while notes sync live ';
  for (let i = 0; updates.length < count; i += 1) {
    if (i % 50 === 49) text.delete(text.length - 1, 1);
    else text.insert(text.length, words[i % words.length]!);
  }
  return { updates, text: text.toString() };
}

export default async function collabBench(): Promise<BenchSection[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-collab-'));
  const workdir = path.join(root, 'supabase');
  cpSync(path.join(import.meta.dirname, '..', 'supabase'), workdir, { recursive: true });
  const stack = await startStack({ workdir, port: 0, quiet: true, memory: true, env: {} });
  try {
    const admin = clientFor(stack.url, stack.keys.serviceRoleKey);
    const created = await admin.auth.admin.createUser({
      email: EMAIL,
      password: PASSWORD,
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const userId = created.data.user.id;
    const session = await clientFor(stack.url, stack.keys.anonKey).auth.signInWithPassword({
      email: EMAIL,
      password: PASSWORD,
    });
    if (session.error) throw session.error;
    const client = clientFor(stack.url, stack.keys.anonKey, {
      token: session.data.session.access_token,
    });

    const { updates, text } = keystrokes(UPDATES);
    const nb = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Bench', $1) returning id`,
      [userId],
    );
    const notebookId = nb.rows[0]!.id;
    const note = async (body: string) =>
      (
        await stack.db.query<{ id: string }>(
          `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, 'Bench', $3) returning id`,
          [notebookId, userId, body],
        )
      ).rows[0]!.id;
    const plain = await note(text);
    const logged = await note('');
    const compacted = await note('');
    for (const id of [logged, compacted])
      await stack.db.query(
        `insert into public.note_updates (note_id, notebook_id, data)
         select $1, $2, u from unnest($3::bytea[]) with ordinality t(u, i) order by i`,
        [id, notebookId, updates.map((u) => Buffer.from(u))],
      );
    // The first request after the long insert may meet a keep-alive socket the server just
    // closed ("fetch failed"); the app's saver retries such failures, and so does this.
    const compact = () => compactNote(supabaseDocumentStore(client, compacted));
    if (!(await compact().catch(compact))) throw new Error('compaction did not happen');

    const open = async (noteId: string, device = new MemoryDevice()) => {
      const sync = new NoteSync({
        userId,
        store: supabaseDocumentStore(client, noteId),
        channel: silent,
        local: device.open(),
        access: 'read',
      });
      await sync.start();
      if (sync.text.length !== text.length) throw new Error('opened to the wrong text');
      await sync.stop({ abrupt: true });
    };
    const warmDevice = new MemoryDevice();
    await open(logged, warmDevice);

    const opts = { iterations: OPENS, warmup: 3 };
    const baseline = await measure(async () => {
      const r = await client.from('notes').select('id, title, body').eq('id', plain).single();
      if (r.error || (r.data as { body: string }).body.length !== text.length) throw r.error;
    }, opts);
    const cold = await measure(() => open(logged), opts);
    const snapshot = await measure(() => open(compacted), opts);
    const warm = await measure(() => open(logged, warmDevice), opts);

    const browser = await browserBench(stack, root, admin, userId, notebookId);

    const row = (label: string, s: Stats) => [
      label,
      ms(s.p50),
      ms(s.p95),
      ratio(s.p50, baseline.p50),
    ];
    return [
      {
        title: 'Collaboration: opening a note with 10,000 stored updates',
        body: `A ${text.length.toLocaleString('en')}-character note whose log holds ${UPDATES.toLocaleString('en')} rows (one per keystroke), opened ${OPENS} times with the app's sync engine (\`NoteSync.start()\`: \`note_document\` through supabase-js, frames decoded, rows applied to a Yjs document) on PGlite, next to reading a plain note of the same text (\`notes?id=eq.…\`, one row) in the same run.

${table(
  ['open', 'p50', 'p95', 'p50 vs plain note'],
  [
    row('plain note, one REST read — baseline', baseline),
    row('10,000 stored updates, no copy on the device', cold),
    row('after compaction (one snapshot row), no copy on the device', snapshot),
    row('10,000 stored updates, device copy current (rows after its cursor only)', warm),
  ],
)}

The log is read in one call as one base64 value of length-prefixed rows, not 10,000 JSON objects. An editor who opens a note with more than 200 stored rows compacts it in the background, so the 10,000-row case is what a note looks like only until its first editor opens it; the device's copy makes every later open on that device cost one small read.`,
      },
      browserSection(browser),
    ];
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Two people in Chromium (collab-browser.ts): a second account shares the notebook. */
async function browserBench(
  stack: Awaited<ReturnType<typeof startStack>>,
  root: string,
  admin: ReturnType<typeof clientFor>,
  userId: string,
  notebookId: string,
): Promise<CollabBrowserTimings> {
  const peer = await admin.auth.admin.createUser({
    email: PEER,
    password: PASSWORD,
    email_confirm: true,
  });
  if (peer.error) throw peer.error;
  await stack.db.query(
    `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor')`,
    [notebookId, peer.data.user.id],
  );
  const note = async (title: string, body: string) =>
    (
      await stack.db.query<{ id: string }>(
        `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, $3, $4) returning id`,
        [notebookId, userId, title, body],
      )
    ).rows[0]!.id;
  return measureCollabBrowser({
    stack,
    workDir: root,
    people: [
      { email: EMAIL, password: PASSWORD },
      { email: PEER, password: PASSWORD },
    ],
    notebookId,
    noteId: await note('Shared', 'Typed together: '),
    bigNoteId: await note('Big', BIG),
    bigText: BIG,
    keys: KEYS,
  });
}

function browserSection(t: CollabBrowserTimings): BenchSection {
  const row = (label: string, s: Percentiles, base: Percentiles) => [
    label,
    ms(s.p50),
    ms(s.p95),
    ratio(s.p50, base.p50),
  ];
  return {
    title: 'Collaboration in Chromium: keystroke to the other screen, typing in a 1 MB note',
    body: `The app built and served, two people signed in in two browser contexts with one note open (collab-browser.ts). ${KEYS} keys typed ${120} ms apart; each key timed from its keydown in the first page to the frame its character shows in the second page's editor. Baseline in the same run: a bare broadcast between the same two pages through the same Realtime (plain WebSocket, public channel, JSON).

${table(
  ['keystroke', 'p50', 'p95', 'p50 vs baseline'],
  [
    row('bare broadcast A → B — baseline', t.broadcast, t.broadcast),
    row('key in the shared editor → shown on the other screen', t.keystroke, t.broadcast),
  ],
)}

Typing at the end of a ${(BIG.length / 1_000_000).toFixed(2)} MB note in the app's shared editor (CodeMirror bound to the note's Yjs text), keydown to the frame after it was handled, next to a plain \`<textarea>\` holding the same text in the same browser:

${table(
  ['typing', 'p50', 'p95', 'p50 vs textarea'],
  [
    row('plain textarea, same text — baseline', t.textarea, t.textarea),
    row('shared editor, 1 MB note', t.bigNote, t.textarea),
  ],
)}`,
  };
}
