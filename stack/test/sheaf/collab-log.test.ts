// The collaborative document log (note_updates) and its functions, through supabase-js as the
// app calls them and at the SQL level for the policy matrix: who reads and appends, numbering,
// the body written only forwards, seeding, compaction, and a note moving between notebooks.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import {
  ACTORS,
  actorCaller,
  buildWorld,
  type ActorName,
  type World,
  worldClients,
} from './support/world.ts';
import { attempt, clientAs, startSheafStack } from './support/sheaf-stack.ts';
import { b64, frames, sha256Hex, type DocumentReply } from './support/collab.ts';

const READERS: ActorName[] = ['viewer', 'commenter', 'editor', 'owner'];
const WRITERS: ActorName[] = ['editor', 'owner'];

describe.each(DRIVERS)('the collaborative document log on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let owner: SupabaseClient;
  let editor: SupabaseClient;
  let viewer: SupabaseClient;
  let stranger: SupabaseClient;

  /** A new note in the shared notebook, written by the owner. */
  async function newNote(body = ''): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, 'Shared', $3) returning id`,
      [world.notebookId, world.owner.id, body],
    );
    return rows[0]!.id;
  }

  async function append(client: SupabaseClient, note: string, bytes: number[], extra = {}) {
    return client.rpc('append_note_update', { note, doc_update: b64(bytes), ...extra });
  }

  async function load(client: SupabaseClient, note: string, after = 0) {
    return client.rpc('note_document', { note, after_seq: after });
  }

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    ({ owner, editor, viewer, stranger } = await worldClients(stack, world));
  });
  afterAll(() => stack?.close());

  describe('policies', () => {
    let note: string;
    beforeAll(async () => {
      note = await newNote();
      expect((await append(editor, note, [1, 2, 3])).error).toBeNull();
    });
    const cases: { op: string; sql: string; allowed: ActorName[] }[] = [
      { op: 'read', sql: 'select 1 from public.note_updates where note_id = $1', allowed: READERS },
      {
        op: 'append',
        sql: `insert into public.note_updates (note_id, notebook_id, data) values ($1, $2, '\\x01')`,
        allowed: WRITERS,
      },
      {
        op: 'rewrite',
        sql: `update public.note_updates set data = '\\x09' where note_id = $1`,
        allowed: [],
      },
      { op: 'delete', sql: 'delete from public.note_updates where note_id = $1', allowed: [] },
    ];
    it.each(cases.flatMap((c) => ACTORS.map((actor) => ({ ...c, actor }))))(
      '$actor may $op: $allowed',
      async ({ actor, sql, allowed }) => {
        const params = sql.includes('$2') ? [note, world.notebookId] : [note];
        const outcome = await attempt(stack.db, actorCaller(world, actor), sql, params);
        expect(outcome).toBe(allowed.includes(actor) ? 'allowed' : 'refused');
      },
    );
  });

  it('numbers appends 1, 2, 3 and stamps the author and kind, whatever the client sends', async () => {
    const note = await newNote();
    for (const n of [1, 2, 3]) {
      const { data, error } = await append(editor, note, [n]);
      expect(error).toBeNull();
      expect((data as { seq: number }).seq).toBe(n);
    }
    const { error } = await editor.from('note_updates').insert({
      note_id: note,
      notebook_id: world.notebookId,
      seq: 99,
      kind: 'snapshot',
      created_by: world.owner.id,
      data: '\\x04',
    });
    expect(error).toBeNull();
    const { data: rows } = await viewer
      .from('note_updates')
      .select('seq, kind, created_by')
      .eq('note_id', note)
      .order('seq');
    expect(rows).toEqual(
      [1, 2, 3, 4].map((seq) => ({ seq, kind: 'update', created_by: world.editor.id })),
    );
  });

  it('refuses a viewer’s and a stranger’s forged appends, by table and by function', async () => {
    const note = await newNote();
    for (const client of [viewer, stranger]) {
      const direct = await client
        .from('note_updates')
        .insert({ note_id: note, notebook_id: world.notebookId, data: '\\x01' });
      expect(direct.error?.code).toBe('42501');
      const rpc = await append(client, note, [1]);
      expect(rpc.error?.code).toBe(client === viewer ? '42501' : 'P0002');
    }
    const { data } = await load(owner, note);
    expect((data as DocumentReply).stored).toBe(0);
  });

  it('lets members read the document and tells a stranger the note does not exist', async () => {
    const note = await newNote();
    await append(editor, note, [7, 7]);
    await append(owner, note, [8]);
    const { data, error } = await load(viewer, note);
    expect(error).toBeNull();
    const doc = data as DocumentReply;
    expect(frames(doc.frames)).toEqual([[7, 7], [8]]);
    expect(doc).toMatchObject({ count: 2, last_seq: 2, stored: 2, seed: null });
    const after = (await load(viewer, note, 1)).data as DocumentReply;
    expect(frames(after.frames)).toEqual([[8]]);
    expect(after.last_seq).toBe(2);
    const refused = await load(stranger, note);
    expect(refused.error?.code).toBe('P0002');
    expect((await stranger.from('note_updates').select('seq').eq('note_id', note)).data).toEqual(
      [],
    );
  });

  it('returns the rows stored since the client’s last one, and writes the body only when it has them all', async () => {
    const note = await newNote();
    const first = (await append(editor, note, [1], { after_seq: 0, new_body: 'a' })).data;
    expect(first).toMatchObject({ seq: 1, count: 0, frames: '', body_saved: true });
    await append(owner, note, [2]);
    const third = (await append(editor, note, [3], { after_seq: 1, new_body: 'abc?' })).data;
    expect(third).toMatchObject({ seq: 3, count: 1, body_saved: false });
    expect(frames((third as { frames: string }).frames)).toEqual([[2]]);
    expect(
      (await editor.rpc('set_note_body', { note, new_body: 'abc', through_seq: 3 })).data,
    ).toBe(true);
    // A slower client's older text never replaces a newer one.
    expect((await owner.rpc('set_note_body', { note, new_body: 'ab', through_seq: 2 })).data).toBe(
      false,
    );
    const { data: row } = await viewer
      .from('notes')
      .select('body, body_seq')
      .eq('id', note)
      .single();
    expect(row).toEqual({ body: 'abc', body_seq: 3 });
    const future = await editor.rpc('set_note_body', { note, new_body: 'x', through_seq: 4 });
    expect(future.error?.code).toBe('22023');
    const byViewer = await viewer.rpc('set_note_body', { note, new_body: 'x', through_seq: 3 });
    expect(byViewer.error?.code).toBe('42501');
  });

  it('refuses writing the body beside the document once the note has one, but not before', async () => {
    const note = await newNote('plain');
    const early = await editor.from('notes').update({ body: 'still plain' }).eq('id', note);
    expect(early.error).toBeNull();
    await append(editor, note, [1]);
    const late = await editor.from('notes').update({ body: 'overwritten' }).eq('id', note);
    expect(late.error?.code).toBe('55000');
    const forged = await editor.from('notes').update({ body_seq: 1000 }).eq('id', note);
    expect(forged.error).toBeNull();
    const renamed = await editor.from('notes').update({ title: 'Renamed' }).eq('id', note);
    expect(renamed.error).toBeNull();
    const { data } = await owner
      .from('notes')
      .select('title, body, body_seq')
      .eq('id', note)
      .single();
    expect(data).toEqual({ title: 'Renamed', body: 'still plain', body_seq: 0 });
  });

  it('stores a seed only while the note has no document and the body is the one it came from', async () => {
    const note = await newNote('from the body');
    const seedOf = (await load(editor, note)).data as DocumentReply;
    expect(seedOf.seed).toBe('from the body');
    const stale = await append(editor, note, [1], { seed_sha256: sha256Hex('an older body') });
    expect(stale.data).toEqual({ seed_conflict: true });
    const seeded = await append(editor, note, [1], { seed_sha256: sha256Hex('from the body') });
    expect(seeded.data).toMatchObject({ seq: 1 });
    const again = await append(owner, note, [1], { seed_sha256: sha256Hex('from the body') });
    expect(again.data).toEqual({ seed_conflict: true });
    expect(((await load(editor, note)).data as DocumentReply).seed).toBeNull();
  });

  it('compacts the rows it merged into one snapshot, once, keeping later rows and numbers', async () => {
    const note = await newNote();
    for (const n of [1, 2, 3, 4, 5]) await append(editor, note, [n]);
    const refused = await viewer.rpc('compact_note_updates', {
      note,
      through_seq: 3,
      snapshot: b64([1, 2, 3]),
    });
    expect(refused.error?.code).toBe('42501');
    const done = await editor.rpc('compact_note_updates', {
      note,
      through_seq: 3,
      snapshot: b64([1, 2, 3]),
      new_body: 'merged',
    });
    expect(done.data).toBe(true);
    const older = await owner.rpc('compact_note_updates', {
      note,
      through_seq: 2,
      snapshot: b64([1, 2]),
    });
    expect(older.data).toBe(false);
    const { data: rows } = await viewer
      .from('note_updates')
      .select('seq, kind')
      .eq('note_id', note)
      .order('seq');
    expect(rows).toEqual([
      { seq: 3, kind: 'snapshot' },
      { seq: 4, kind: 'update' },
      { seq: 5, kind: 'update' },
    ]);
    // A reader that had row 1 gets the snapshot (which holds 2 and 3) and the rest.
    expect(frames(((await load(viewer, note, 1)).data as DocumentReply).frames)).toEqual([
      [1, 2, 3],
      [4],
      [5],
    ]);
    // One that had row 4 gets only row 5.
    expect(frames(((await load(viewer, note, 4)).data as DocumentReply).frames)).toEqual([[5]]);
    expect((await append(editor, note, [6])).data).toMatchObject({ seq: 6 });
    const { data: body } = await viewer.from('notes').select('body').eq('id', note).single();
    expect(body).toEqual({ body: 'merged' });
    const beyond = await editor.rpc('compact_note_updates', {
      note,
      through_seq: 9,
      snapshot: b64([1]),
    });
    expect(beyond.error?.code).toBe('22023');
  });

  it('keeps the append when the merged body is over the size limit', async () => {
    const note = await newNote();
    const big = 'x'.repeat(1048577);
    const { data, error } = await append(editor, note, [1], { after_seq: 0, new_body: big });
    expect(error).toBeNull();
    expect(data).toMatchObject({ seq: 1, body_saved: false, body_error: 'too_large' });
    expect(((await load(editor, note)).data as DocumentReply).stored).toBe(1);
  });

  it('follows a note moved to another notebook: its new members read the log, the old ones do not', async () => {
    const note = await newNote();
    await append(editor, note, [1]);
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Elsewhere', $1) returning id`,
      [world.stranger.id],
    );
    const elsewhere = rows[0]!.id;
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor')`,
      [elsewhere, world.owner.id],
    );
    const moved = await owner.from('notes').update({ notebook_id: elsewhere }).eq('id', note);
    expect(moved.error).toBeNull();
    expect((await load(stranger, note)).error).toBeNull();
    expect((await load(viewer, note)).error?.code).toBe('P0002');
    expect((await append(stranger, note, [2])).data).toMatchObject({ seq: 2 });
    expect((await append(editor, note, [3])).error?.code).toBe('P0002');
  });

  it('refuses the owner at aal1 while a verified factor asks for aal2', async () => {
    const note = await newNote();
    const aal1 = await clientAs(stack, world.owner, 'aal1');
    expect((await append(aal1, note, [1])).error?.code).toBe('P0002');
    expect((await aal1.from('note_updates').select('seq').eq('note_id', note)).data).toEqual([]);
  });

  it('numbers concurrent appends without gaps or repeats', async () => {
    const note = await newNote();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => append(i % 2 ? editor : owner, note, [i + 1])),
    );
    const seqs = results.map((r) => (r.data as { seq: number }).seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
