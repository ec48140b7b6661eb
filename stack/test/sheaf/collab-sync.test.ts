// The app's sync engine (app/src/lib/collab) against the real stack, on both drivers: clients
// with real sessions, the database functions through supabase-js, private Realtime channels
// over a real socket. Typing at once converges, the body follows, a viewer sees edits live and
// its own are refused, a legacy note is seeded once, a removed member's edits are refused while
// the others carry on, and a compacted log opens to the same text. Assertions wait for final
// states, never for timings.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoteSync, type Access } from '../../../app/src/lib/collab/note-sync.ts';
import { supabaseDocumentStore } from '../../../app/src/lib/collab/supabase-store.ts';
import { supabaseSyncChannel } from '../../../app/src/lib/collab/supabase-channel.ts';
import { compactNote } from '../../../app/src/lib/collab/compaction.ts';
import { MemoryDevice } from '../../../app/src/lib/collab/testing/memory-local.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { closeAll, realtimeClient, until } from '../realtime/support.ts';
import { buildWorld, type World } from './support/world.ts';
import { clientAs, startSheafStack, tokenFor, type TestUser } from './support/sheaf-stack.ts';

describe.each(DRIVERS)('collaborative editing through the stack on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  const clients: SupabaseClient[] = [];
  const syncs: NoteSync[] = [];

  async function open(user: TestUser, note: string, access: Access = 'edit'): Promise<NoteSync> {
    const aal = user === world.owner ? 'aal2' : 'aal1';
    const client = realtimeClient(stack, { token: await tokenFor(stack, user, aal) });
    clients.push(client);
    const sync = new NoteSync({
      userId: user.id,
      store: supabaseDocumentStore(client, note),
      channel: supabaseSyncChannel(client, note),
      local: new MemoryDevice().open(),
      access,
    });
    syncs.push(sync);
    await sync.start();
    await until(() => sync.status.channel === 'joined' || sync.status.channel === 'refused');
    return sync;
  }

  async function newNote(body = ''): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, 'Together', $3) returning id`,
      [world.notebookId, world.owner.id, body],
    );
    return rows[0]!.id;
  }

  const bodyOf = async (note: string) =>
    (await stack.db.query<{ body: string }>('select body from public.notes where id = $1', [note]))
      .rows[0]!.body;

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(async () => {
    for (const sync of syncs) await sync.stop({ abrupt: true });
    await closeAll(...clients);
    await stack?.close();
  });

  it('merges two editors typing at once into one text, on every screen and in the body', async () => {
    const note = await newNote();
    const owner = await open(world.owner, note);
    const editor = await open(world.editor, note);
    const viewer = await open(world.viewer, note, 'read');
    const words = ['alpha ', 'beta ', 'gamma ', 'delta '];
    for (const word of words) {
      owner.text.insert(owner.text.length, word.toUpperCase());
      editor.text.insert(0, word);
    }
    const settled = () =>
      owner.text.toString() === editor.text.toString() &&
      viewer.text.toString() === owner.text.toString() &&
      owner.text.length === 2 * words.join('').length;
    await until(settled);
    await owner.flush();
    await editor.flush();
    const text = owner.text.toString();
    for (const word of words) {
      expect(text).toContain(word);
      expect(text).toContain(word.toUpperCase());
    }
    await until(async () => (await bodyOf(note)) === text);
    const newcomer = await open(world.viewer, note, 'read');
    expect(newcomer.text.toString()).toBe(text);
  });

  it('refuses a viewer’s edits (the store and the channel), and the others never see them', async () => {
    const note = await newNote();
    const editor = await open(world.editor, note);
    // The editor stores the title's seed first: a viewer that loaded before that would seed the
    // title too, and keep that refused update on its device next to the forged one.
    await editor.flush();
    const viewer = await open(world.viewer, note, 'edit'); // a client that believes it may write
    viewer.text.insert(0, 'forged ');
    await until(() => viewer.status.refused === 'forbidden');
    editor.text.insert(0, 'real');
    await until(() => viewer.text.toString().includes('real'));
    await editor.flush();
    expect(editor.text.toString()).toBe('real');
    const fresh = await open(world.owner, note, 'read');
    expect(fresh.text.toString()).toBe('real');
    expect(viewer.status.pending).toBe(1); // kept on the viewer's device, not lost, not stored
  });

  it('seeds a note that has text but no document once, even when two editors open it at once', async () => {
    const note = await newNote('Written before collaboration.');
    const [a, b] = await Promise.all([open(world.owner, note), open(world.editor, note)]);
    await until(() => a.status.pending === 0 && b.status.pending === 0);
    a.text.insert(a.text.length, ' More.');
    await until(() => b.text.toString().endsWith('More.'));
    await a.flush();
    expect(b.text.toString()).toBe('Written before collaboration. More.');
    const fresh = await open(world.viewer, note, 'read');
    expect(fresh.text.toString()).toBe('Written before collaboration. More.');
    await until(async () => (await bodyOf(note)) === 'Written before collaboration. More.');
  });

  it('shows a viewer the body of a note nobody has opened for editing yet', async () => {
    const note = await newNote('Plain text.');
    const viewer = await open(world.viewer, note, 'read');
    expect(viewer.status.documentless).toBe(true);
    expect(viewer.text.toString()).toBe('');
  });

  it('refuses the edits of a member removed while the note is open, and the others carry on', async () => {
    const note = await newNote();
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor')
       on conflict (notebook_id, user_id) do update set role = 'editor'`,
      [world.notebookId, world.outsider.id],
    );
    const leaving = await open(world.outsider, note);
    const staying = await open(world.editor, note);
    leaving.text.insert(0, 'before ');
    await until(() => staying.text.toString() === 'before ');
    await leaving.flush();
    const owner = await clientAs(stack, world.owner, 'aal2');
    await owner
      .from('notebook_members')
      .delete()
      .match({ notebook_id: world.notebookId, user_id: world.outsider.id });
    // The app hears of the removal on the notebook's channel and tells the open note.
    staying.setPeerAccess(world.outsider.id, 'none');
    leaving.text.insert(leaving.text.length, 'after');
    await leaving.flush();
    await until(() => leaving.status.refused === 'gone');
    staying.text.insert(staying.text.length, 'still here');
    await staying.flush();
    const fresh = await open(world.editor, note, 'read');
    expect(fresh.text.toString()).toBe('before still here');
    expect(staying.text.toString()).toBe('before still here');
  });

  it('opens a compacted log to the same text, and keeps appending after it', async () => {
    const note = await newNote();
    const a = await open(world.editor, note);
    for (let i = 0; i < 30; i += 1) {
      a.text.insert(a.text.length, `${i},`);
      await a.flush();
    }
    const editorClient = await clientAs(stack, world.editor);
    expect(await compactNote(supabaseDocumentStore(editorClient, note))).toBe(true);
    a.text.insert(0, '>');
    await a.flush();
    const fresh = await open(world.viewer, note, 'read');
    expect(fresh.text.toString()).toBe(a.text.toString());
    const { rows } = await stack.db.query<{ n: string }>(
      'select count(*) as n from public.note_updates where note_id = $1',
      [note],
    );
    expect(Number(rows[0]!.n)).toBe(2);
  });
});
