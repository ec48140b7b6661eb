// The app's live modules (app/src/lib/collab) against the real stack, on both drivers: who is in
// a notebook (presence appearing, moving between notes, leaving), the user's live channel
// (Postgres Changes under RLS, their own access changes), and edits made offline in a note that
// was then closed, stored when the app is back online. IndexedDB is fake-indexeddb.
import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinNotebook, type NotebookPerson } from '../../../app/src/lib/collab/notebook-channel.ts';
import {
  watchLive,
  type PinChange,
  type RowChange,
} from '../../../app/src/lib/collab/live-changes.ts';
import type { MembershipChange } from '../../../app/src/lib/collab/notebook-channel.ts';
import { NoteSync } from '../../../app/src/lib/collab/note-sync.ts';
import { IndexedDbLocalStore } from '../../../app/src/lib/collab/indexeddb-store.ts';
import { flushPendingNotes } from '../../../app/src/lib/collab/flush-pending.ts';
import { listPending } from '../../../app/src/lib/collab/pending-registry.ts';
import { supabaseDocumentStore } from '../../../app/src/lib/collab/supabase-store.ts';
import { StoreError, type DocumentStore } from '../../../app/src/lib/collab/ports.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { Inbox, closeAll, realtimeClient, until } from '../realtime/support.ts';
import { buildWorld, type World } from './support/world.ts';
import { clientAs, startSheafStack, tokenFor, type TestUser } from './support/sheaf-stack.ts';

describe.each(DRIVERS)('live notebooks through the stack on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  const clients: SupabaseClient[] = [];

  async function client(user: TestUser): Promise<SupabaseClient> {
    const aal = user === world.owner ? 'aal2' : 'aal1';
    const c = realtimeClient(stack, { token: await tokenFor(stack, user, aal) });
    clients.push(c);
    return c;
  }

  const me = (user: TestUser, name: string, noteId: string | null = null) => ({
    userId: user.id,
    name,
    avatarUrl: null,
    color: '#3949ab',
    noteId,
    editing: noteId !== null,
  });

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('shows who is in the notebook and in which note, and sees them leave', async () => {
    let seen: NotebookPerson[] = [];
    const watcher = joinNotebook(
      await client(world.owner),
      world.notebookId,
      me(world.owner, 'Olivia'),
      {
        people: (p) => (seen = p),
      },
    );
    const viewer = joinNotebook(
      await client(world.viewer),
      world.notebookId,
      { ...me(world.viewer, 'Vera', world.noteId), editing: false },
      {},
    );
    const editorTab1 = joinNotebook(
      await client(world.editor),
      world.notebookId,
      me(world.editor, 'Eddie', world.noteId),
      {},
    );
    const editorTab2 = joinNotebook(
      await client(world.editor),
      world.notebookId,
      me(world.editor, 'Eddie'),
      {},
    );
    // Each tab's presence arrives on its own: wait for the whole picture, then compare it.
    const expected = [
      ['Eddie', [world.noteId], [world.noteId]],
      ['Olivia', [], []],
      ['Vera', [world.noteId], []],
    ];
    const picture = () => seen.map((p) => [p.name, p.noteIds, p.editingNoteIds]);
    await until(() => JSON.stringify(picture()) === JSON.stringify(expected)).catch(() => null);
    expect(picture()).toEqual(expected);
    await editorTab1.leave();
    await until(() => seen.find((p) => p.name === 'Eddie')?.noteIds.length === 0);
    await editorTab2.leave();
    await viewer.leave();
    await until(() => seen.length === 1);
    await watcher.leave();
  });

  it('delivers changes the user may read, their own access changes and pins', async () => {
    const changes = new Inbox<RowChange>();
    const access = new Inbox<MembershipChange>();
    const pins = new Inbox<PinChange>();
    const stop = watchLive(await client(world.viewer), world.viewer.id, {
      change: changes.push,
      access: access.push,
      pins: pins.push,
      notifications: () => undefined,
      resync: () => undefined,
    });
    await until(async () => {
      // The channel is live once a change made now arrives.
      await stack.db.query(`update public.notebooks set name = name || '' where id = $1`, [
        world.notebookId,
      ]);
      return changes.items.length > 0;
    });
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Not yours', $1) returning id`,
      [world.stranger.id],
    );
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'Hidden')`,
      [rows[0]!.id, world.stranger.id],
    );
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'Shared')`,
      [world.notebookId, world.owner.id],
    );
    await until(() => changes.items.some((c) => c.table === 'notes'));
    const notes = changes.items.filter((c) => c.table === 'notes');
    expect(notes.map((c) => [c.eventType, c.new.title])).toEqual([['INSERT', 'Shared']]);
    const owner = await clientAs(stack, world.owner, 'aal2');
    await owner
      .from('notebook_members')
      .update({ role: 'editor' })
      .match({ notebook_id: world.notebookId, user_id: world.viewer.id });
    expect(await access.next()).toMatchObject({
      role: 'editor',
      previous_role: 'viewer',
      reason: null,
    });
    await owner
      .from('notebook_members')
      .update({ role: 'viewer' })
      .match({ notebook_id: world.notebookId, user_id: world.viewer.id });
    expect(await access.next()).toMatchObject({ role: 'viewer', previous_role: 'editor' });
    const viewer = await clientAs(stack, world.viewer, 'aal1');
    const pin = { note_id: world.noteId, notebook_id: world.notebookId };
    expect((await viewer.from('note_pins').insert(pin)).error).toBeNull();
    expect(await pins.next()).toMatchObject({ ...pin, pinned: true });
    expect((await viewer.from('note_pins').delete().match(pin)).error).toBeNull();
    expect(await pins.next()).toMatchObject({ ...pin, pinned: false });
    await stop();
  });

  it('stores edits made offline in a note that was closed, once the app is online again', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'Train') returning id`,
      [world.notebookId, world.owner.id],
    );
    const note = rows[0]!.id;
    const c = await client(world.editor);
    const real = supabaseDocumentStore(c, note);
    let online = true;
    const flaky: DocumentStore = {
      load: (after) => (online ? real.load(after) : Promise.reject(new StoreError('offline', 'x'))),
      append: (u, o) =>
        online ? real.append(u, o) : Promise.reject(new StoreError('offline', 'x')),
      setText: (s, t) =>
        online ? real.setText(s, t) : Promise.reject(new StoreError('offline', 'x')),
      compact: (s, u, b) =>
        online ? real.compact(s, u, b) : Promise.reject(new StoreError('offline', 'x')),
    };
    const silent = { open: () => undefined, send: () => false, close: async () => undefined };
    const first = new NoteSync({
      userId: world.editor.id,
      store: flaky,
      channel: silent,
      local: new IndexedDbLocalStore({
        userId: world.editor.id,
        noteId: note,
        title: () => 'Train',
      }),
      access: 'edit',
    });
    await first.start();
    online = false;
    first.text.insert(0, 'written on the train');
    await until(() => first.status.pending === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await first.stop({ abrupt: true }); // the tab is closed while offline
    expect((await listPending(world.editor.id)).map((p) => [p.noteId, p.title])).toEqual([
      [note, 'Train'],
    ]);

    const flushed = await flushPendingNotes(c, world.editor.id);
    expect(flushed).toEqual([{ noteId: note, title: 'Train', outcome: 'saved', pending: 0 }]);
    await until(async () => (await listPending(world.editor.id)).length === 0);
    const body = await stack.db.query<{ body: string }>(
      'select body from public.notes where id = $1',
      [note],
    );
    expect(body.rows[0]!.body).toBe('written on the train');
  });
});
