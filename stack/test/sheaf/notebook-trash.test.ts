// Notebook trash is enforced by Postgres: only the owner moves a notebook to the trash, restores
// it or deletes it for good; while it is there nobody reaches it or its notes (lists, search,
// files), and after 30 days it is purged. Run as each caller through the same role, claims and
// policies the REST API uses, and through the REST and Storage APIs, on PGlite and Postgres.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller } from '../../src/db/as-caller.ts';
import { isPgError } from '../../src/db/adapter.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction } from './support/functions.ts';
import { attempt, startSheafStack } from './support/sheaf-stack.ts';
import {
  ACTORS,
  actorCaller,
  buildWorld,
  worldClients,
  type ActorName,
  type World,
} from './support/world.ts';

describe.each(DRIVERS)('Sheaf notebook trash on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let clients: Awaited<ReturnType<typeof worldClients>>;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    clients = await worldClients(stack, world);
  });
  afterAll(() => stack?.close());

  interface Book {
    id: string;
    noteId: string;
    trashedNoteId: string;
    path: string;
  }

  /** A notebook of the world's owner with the editor and the viewer in it, a live note (with a
   * file, in Storage too) and a note already in the trash on its own. */
  async function newBook(word: string): Promise<Book> {
    const nb = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ($1, $2) returning id`,
      [`Book ${word}`, world.owner.id],
    );
    const id = nb.rows[0]!.id;
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor'), ($1, $3, 'viewer')`,
      [id, world.editor.id, world.viewer.id],
    );
    const notes = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body)
       values ($1, $2, $3, 'live'), ($1, $2, 'Already trashed', 'old') returning id`,
      [id, world.owner.id, `Note about ${word}`],
    );
    const [noteId, trashedNoteId] = notes.rows.map((r) => r.id) as [string, string];
    await stack.db.query(
      `update public.notes set deleted_at = now(), deleted_by = $2 where id = $1`,
      [trashedNoteId, world.owner.id],
    );
    // The viewer's pin and a pending invitation, to see them go and come back with it.
    await stack.db.query(
      `insert into public.note_pins (user_id, note_id, notebook_id) values ($1, $2, $3)`,
      [world.viewer.id, noteId, id],
    );
    await stack.db.query(
      `insert into public.invitations (notebook_id, email, role, invited_by) values ($1, $2, 'viewer', $3)`,
      [id, `${word}@example.com`, world.owner.id],
    );
    const path = `${id}/${noteId}/${word}.txt`;
    await stack.db.query(
      `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes, mime_type, created_by)
       values ($1, $2, $3, $4, 4, 'text/plain', $5)`,
      [noteId, id, path, `${word}.txt`, world.owner.id],
    );
    const uploaded = await stack
      .service()
      .storage.from('attachments')
      .upload(path, new Blob(['data'], { type: 'text/plain' }));
    expect(uploaded.error).toBeNull();
    return { id, noteId, trashedNoteId, path };
  }

  function as<T>(actor: ActorName, sql: string, params: unknown[] = []) {
    return asCaller(stack.db, actorCaller(world, actor), (tx) => tx.query<T>(sql, params));
  }

  async function errorCode(run: Promise<unknown>): Promise<string | undefined> {
    try {
      await run;
      return undefined;
    } catch (error) {
      if (isPgError(error)) return error.code;
      throw error;
    }
  }

  const trash = `update public.notebooks set deleted_at = now() where id = $1`;
  const restore = `update public.notebooks set deleted_at = null where id = $1`;
  const remove = `delete from public.notebooks where id = $1`;

  async function backdate(id: string, interval: string) {
    await stack.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `update public.notebooks set deleted_at = now() - $2::interval where id = $1`,
        [id, interval],
      );
    });
  }

  async function visible(actor: ActorName, book: Book) {
    const read = (sql: string) =>
      as<{ n: number }>(actor, sql, [book.id]).then((r) => Number(r.rows[0]!.n));
    return {
      notebooks: await read(`select count(*) as n from public.notebooks where id = $1`),
      notes: await read(`select count(*) as n from public.notes where notebook_id = $1`),
      attachments: await read(
        `select count(*) as n from public.attachments where notebook_id = $1`,
      ),
      members: await read(
        `select count(*) as n from public.notebook_members where notebook_id = $1`,
      ),
      pins: await read(`select count(*) as n from public.note_pins where notebook_id = $1`),
      invitations: await read(
        `select count(*) as n from public.invitations where notebook_id = $1`,
      ),
    };
  }

  it('stamps who moved a notebook to the trash and when, whatever time the client sends', async () => {
    const book = await newBook('stamp');
    await as('owner', `update public.notebooks set deleted_at = '2000-01-01' where id = $1`, [
      book.id,
    ]);
    const { rows } = await stack.db.query<{ recent: boolean; deleted_by: string }>(
      `select deleted_at > now() - interval '1 minute' as recent, deleted_by from public.notebooks where id = $1`,
      [book.id],
    );
    expect(rows[0]).toEqual({ recent: true, deleted_by: world.owner.id });
    // Its notes are untouched: the live one stays live, the trashed one keeps its own time.
    const notes = await stack.db.query<{ id: string; trashed: boolean }>(
      `select id, deleted_at is not null as trashed from public.notes where notebook_id = $1 order by trashed`,
      [book.id],
    );
    expect(notes.rows).toEqual([
      { id: book.noteId, trashed: false },
      { id: book.trashedNoteId, trashed: true },
    ]);
    // A notebook in the trash cannot be renamed until it is restored.
    expect(
      await errorCode(
        as('owner', `update public.notebooks set name = 'Renamed' where id = $1`, [book.id]),
      ),
    ).toBe('55000');
  });

  it('lets only the owner move a notebook to the trash', async () => {
    const book = await newBook('only');
    for (const actor of ['anon', 'stranger', 'viewer', 'editor', 'owner-aal1'] as const)
      expect(await attempt(stack.db, actorCaller(world, actor), trash, [book.id])).toBe('refused');
    expect(await attempt(stack.db, actorCaller(world, 'owner'), trash, [book.id])).toBe('allowed');
  });

  it('lets only the owner restore it or delete it for good, and a live notebook is not deleted', async () => {
    const book = await newBook('forever');
    // Deleting is only "delete forever", from the trash.
    expect(await attempt(stack.db, actorCaller(world, 'owner'), remove, [book.id])).toBe('refused');
    await as('owner', trash, [book.id]);
    for (const actor of ['anon', 'stranger', 'viewer', 'editor', 'owner-aal1'] as const) {
      const caller = actorCaller(world, actor);
      expect(await attempt(stack.db, caller, restore, [book.id])).toBe('refused');
      expect(await attempt(stack.db, caller, remove, [book.id])).toBe('refused');
    }
    expect(await attempt(stack.db, actorCaller(world, 'owner'), restore, [book.id])).toBe(
      'allowed',
    );
    expect(await attempt(stack.db, actorCaller(world, 'owner'), remove, [book.id])).toBe('allowed');
  });

  it('hides a trashed notebook, its notes, files, members, pins and invitations from everyone; a restore brings them back as they were', async () => {
    const book = await newBook('hidden');
    const before = {
      owner: await visible('owner', book),
      editor: await visible('editor', book),
      viewer: await visible('viewer', book),
    };
    expect(before.viewer).toEqual({
      notebooks: 1,
      notes: 2,
      attachments: 1,
      members: 3,
      pins: 1,
      invitations: 0,
    });
    expect(before.owner).toMatchObject({ pins: 0, invitations: 1 });
    await as('owner', trash, [book.id]);
    // The owner still reads the notebook's own row (the trash page); nothing inside it.
    expect(await visible('owner', book)).toEqual({
      notebooks: 1,
      notes: 0,
      attachments: 0,
      members: 0,
      pins: 0,
      invitations: 0,
    });
    for (const actor of ['editor', 'viewer', 'stranger', 'owner-aal1'] as const)
      expect(await visible(actor, book)).toEqual({
        notebooks: 0,
        notes: 0,
        attachments: 0,
        members: 0,
        pins: 0,
        invitations: 0,
      });
    expect(
      await errorCode(as('anon', `select 1 from public.notebooks where id = $1`, [book.id])),
    ).toBe('42501');
    // Nobody writes into it meanwhile: not a note, not a file.
    expect(
      await attempt(
        stack.db,
        actorCaller(world, 'owner'),
        `update public.notes set title = 'changed' where id = $1`,
        [book.noteId],
      ),
    ).toBe('refused');
    expect(
      await attempt(
        stack.db,
        actorCaller(world, 'editor'),
        `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'new')`,
        [book.id, world.editor.id],
      ),
    ).toBe('refused');

    await as('owner', restore, [book.id]);
    expect(await visible('owner', book)).toEqual(before.owner);
    expect(await visible('editor', book)).toEqual(before.editor);
    expect(await visible('viewer', book)).toEqual(before.viewer);
    // The note trashed on its own before is still in the trash.
    const { rows } = await as<{ id: string }>(
      'viewer',
      `select id from public.notes where notebook_id = $1 and deleted_at is null`,
      [book.id],
    );
    expect(rows.map((r) => r.id)).toEqual([book.noteId]);
  });

  it('keeps members, their lists and search away from a trashed notebook through the REST API', async () => {
    const book = await newBook('pelican');
    const word = 'pelican';
    const search = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('search_notes', { query: word, max_results: 20 });
      expect(error).toBeNull();
      return (data as { id: string }[]).map((n) => n.id);
    };
    const lists = async (client: SupabaseClient) => {
      const { data, error } = await client
        .from('notebooks')
        .select('id')
        .is('deleted_at', null)
        .eq('id', book.id);
      expect(error).toBeNull();
      return data!.length;
    };
    for (const client of [clients.owner, clients.editor, clients.viewer]) {
      expect(await search(client)).toEqual([book.noteId]);
      expect(await lists(client)).toBe(1);
    }
    const trashed = await clients.owner
      .from('notebooks')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', book.id)
      .select('id, deleted_at, deleted_by')
      .single();
    expect(trashed.error).toBeNull();
    expect(trashed.data!.deleted_by).toBe(world.owner.id);
    for (const client of [clients.owner, clients.editor, clients.viewer, clients.stranger]) {
      expect(await search(client)).toEqual([]);
      expect(await lists(client)).toBe(0);
      const note = await client.from('notes').select('id').eq('id', book.noteId);
      expect(note.data).toEqual([]);
    }
    // Nor its files: a member's download is refused while it is in the trash.
    for (const client of [clients.editor, clients.viewer]) {
      const file = await client.storage.from('attachments').download(book.path);
      expect(file.data).toBeNull();
    }
    // Not even the note's Realtime topic reaches it.
    const topic = await as<{ role: string | null }>(
      'editor',
      `select public.sheaf_topic_role($1) as role`,
      [`note:${book.noteId}`],
    );
    expect(topic.rows[0]!.role).toBeNull();

    const restored = await clients.owner
      .from('notebooks')
      .update({ deleted_at: null })
      .eq('id', book.id)
      .select('deleted_at, deleted_by')
      .single();
    expect(restored.data).toEqual({ deleted_at: null, deleted_by: null });
    for (const client of [clients.owner, clients.editor, clients.viewer]) {
      expect(await search(client)).toEqual([book.noteId]);
      expect(await lists(client)).toBe(1);
    }
    const file = await clients.viewer.storage.from('attachments').download(book.path);
    expect(await file.data?.text()).toBe('data');
  });

  it('lists the owner’s trashed notebooks with their live note counts and files, for the owner alone', async () => {
    const book = await newBook('listed');
    await as('owner', trash, [book.id]);
    for (const actor of ACTORS) {
      const call = as<{ id: string; name: string; note_count: number }>(
        actor,
        `select id, name, note_count from public.trashed_notebooks() where id = $1`,
        [book.id],
      );
      if (actor === 'anon') {
        expect(await errorCode(call)).toBe('42501');
        continue;
      }
      const { rows } = await call;
      expect(rows).toEqual(
        actor === 'owner' ? [{ id: book.id, name: 'Book listed', note_count: 1 }] : [],
      );
    }
    // The files helpers answer the owner (at aal2) alone, and nobody signed out.
    for (const actor of ACTORS) {
      // Each asked when awaited: a refusal made while another is awaited would be unhandled.
      const files = () =>
        as<{ path: string }>(actor, `select public.trashed_notebook_files($1) as path`, [book.id]);
      const owns = () =>
        as<{ yes: boolean }>(actor, `select public.trashed_attachment_object($1) as yes`, [
          book.path,
        ]);
      if (actor === 'anon') {
        expect(await errorCode(files())).toBe('42501');
        expect(await errorCode(owns())).toBe('42501');
        continue;
      }
      expect((await files()).rows).toEqual(actor === 'owner' ? [{ path: book.path }] : []);
      // (At aal1 the owner's storage requests are refused by the buckets' aal2 policy.)
      expect((await owns()).rows[0]!.yes).toBe(actor === 'owner' || actor === 'owner-aal1');
    }
    const { data, error } = await clients.owner.rpc('trashed_notebooks');
    expect(error).toBeNull();
    expect((data as { id: string }[]).map((r) => r.id)).toContain(book.id);
  });

  it('lets only the owner remove a trashed notebook’s files, then delete it for good', async () => {
    const book = await newBook('files');
    // While it is live, the owner's files call answers nothing.
    const live = await clients.owner.rpc('trashed_notebook_files', { notebook: book.id });
    expect(live.data).toEqual([]);
    await as('owner', trash, [book.id]);
    for (const client of [clients.editor, clients.viewer, clients.stranger]) {
      const files = await client.rpc('trashed_notebook_files', { notebook: book.id });
      expect(files.data).toEqual([]);
      const removed = await client.storage.from('attachments').remove([book.path]);
      expect(removed.data ?? []).toEqual([]);
    }
    const files = await clients.owner.rpc('trashed_notebook_files', { notebook: book.id });
    expect(files.data).toEqual([book.path]);
    const removed = await clients.owner.storage.from('attachments').remove([book.path]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([book.path]);
    const gone = await clients.owner.from('notebooks').delete().eq('id', book.id).select('id');
    expect(gone.data).toEqual([{ id: book.id }]);
    const rows = await stack.db.query(`select 1 from public.notes where notebook_id = $1`, [
      book.id,
    ]);
    expect(rows.rows).toEqual([]);
    const listed = await stack
      .service()
      .storage.from('attachments')
      .list(`${book.id}/${book.noteId}`);
    expect(listed.data).toEqual([]);
  });

  it('purges notebooks past their 30 days, with their notes; hides them from the owner before that', async () => {
    const old = await newBook('expired');
    const recent = await newBook('recent');
    await as('owner', trash, [old.id]);
    await as('owner', trash, [recent.id]);
    await backdate(old.id, '31 days');
    // Past 30 days the owner can neither see nor restore it, even before any purge.
    expect(await visible('owner', old)).toMatchObject({ notebooks: 0 });
    expect(await attempt(stack.db, actorCaller(world, 'owner'), restore, [old.id])).toBe('refused');
    const purged = await clients.editor.rpc('purge_trash');
    expect(purged.error).toBeNull();
    expect(purged.data).toBeGreaterThanOrEqual(1);
    const left = await stack.db.query<{ id: string }>(
      `select id from public.notebooks where id = any($1::uuid[])`,
      [[old.id, recent.id]],
    );
    expect(left.rows).toEqual([{ id: recent.id }]);
    const notes = await stack.db.query(`select 1 from public.notes where notebook_id = $1`, [
      old.id,
    ]);
    expect(notes.rows).toEqual([]);
    // Its files are queued for removal through the Storage API, like any deleted notebook's.
    const queued = await stack.db.query<{ path: string }>(
      `select path from public.storage_cleanup where path = $1`,
      [`${old.id}/`],
    );
    expect(queued.rows).toHaveLength(1);
    expect(await errorCode(as('anon', `select public.purge_trash()`))).toBe('42501');
  });

  it('refuses to share a notebook in the trash', async () => {
    const book = await newBook('share');
    await as('owner', trash, [book.id]);
    const res = await callFunction(stack, 'share-notebook', world.owner, {
      body: { notebook_id: book.id, email: 'later@example.com', role: 'viewer' },
      aal: 'aal2',
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'notebook_in_trash',
    );
    const added = await stack.service().rpc('add_notebook_member', {
      notebook: book.id,
      member: world.outsider.id,
      member_role: 'viewer',
      actor: world.owner.id,
    });
    expect(added.error?.code).toBe('55000');
    const invited = await stack.service().rpc('add_notebook_invitation', {
      notebook: book.id,
      address: 'later@example.com',
      member_role: 'viewer',
      actor: world.owner.id,
    });
    expect(invited.error?.code).toBe('55000');
  });
});
