// Links between notes are kept and guarded by Postgres: note_links follows notes.body (a
// trigger), and a link — or a "Linked from" entry — shows only to a reader of both notes. Run as
// each caller through the role, claims and policies the REST API uses, on PGlite and on a
// Postgres server, and through supabase-js. Moving a note to another notebook (its attachments
// and links follow) is here too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller } from '../../src/db/as-caller.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { attempt, clientAs, startSheafStack } from './support/sheaf-stack.ts';
import {
  ACTORS,
  actorCaller,
  buildWorld,
  worldClients,
  type ActorName,
  type World,
} from './support/world.ts';

const link = (id: string, title = 'a note') => `[${title}](sheaf:note/${id})`;

describe.each(DRIVERS)('Sheaf links between notes on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  /** A notebook of the stranger's own, which nobody of the world can read. */
  let privateNotebook: string;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    const nb = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Diary', $1) returning id`,
      [world.stranger.id],
    );
    privateNotebook = nb.rows[0]!.id;
  });
  afterAll(() => stack?.close());

  async function newNote(title: string, body = '', notebookId = world.notebookId): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, $3, $4) returning id`,
      [notebookId, world.owner.id, title, body],
    );
    return rows[0]!.id;
  }

  async function targetsOf(source: string): Promise<string[]> {
    const { rows } = await stack.db.query<{ target_note_id: string }>(
      `select target_note_id from public.note_links where source_note_id = $1 order by 1`,
      [source],
    );
    return rows.map((r) => r.target_note_id);
  }

  function as<T>(actor: ActorName, sql: string, params: unknown[] = []) {
    return asCaller(stack.db, actorCaller(world, actor), (tx) => tx.query<T>(sql, params));
  }

  async function backlinkTitles(actor: ActorName, target: string): Promise<string[] | 'refused'> {
    try {
      const { rows } = await as<{ title: string }>(
        actor,
        `select title from public.note_backlinks($1)`,
        [target],
      );
      return rows.map((r) => r.title);
    } catch {
      return 'refused';
    }
  }

  it('keeps the link rows equal to the links in the body, through every edit', async () => {
    const a = await newNote('Alpha');
    const b = await newNote('Beta');
    const source = await newNote(
      'Index',
      `See ${link(a)} and ${link(b, 'B')} and ${link(a, 'again')}; ${link(a.toUpperCase())}.`,
    );
    expect(await targetsOf(source)).toEqual([a, b].sort());
    await as('editor', `update public.notes set body = $2 where id = $1`, [source, link(b)]);
    expect(await targetsOf(source)).toEqual([b]);
    // A title change alone leaves the links as they are; an empty body has none.
    await as('editor', `update public.notes set title = 'Renamed' where id = $1`, [source]);
    expect(await targetsOf(source)).toEqual([b]);
    await as('editor', `update public.notes set body = '' where id = $1`, [source]);
    expect(await targetsOf(source)).toEqual([]);
  });

  it('records no link to an id that is no note, nor a note to itself, nor text that only looks like one', async () => {
    const source = await newNote('Self');
    await stack.db.query(`update public.notes set body = $2 where id = $1`, [
      source,
      [
        link(source),
        link('00000000-0000-4000-8000-000000000000'),
        `sheaf:note/${world.noteId}`,
        `[x](sheaf:note/${world.noteId.slice(0, 30)})`,
      ].join('\n'),
    ]);
    expect(await targetsOf(source)).toEqual([]);
  });

  it('drops the rows of a note deleted for good', async () => {
    const target = await newNote('Short-lived');
    const source = await newNote('Pointer', link(target));
    expect(await targetsOf(source)).toEqual([target]);
    await stack.db.query(`delete from public.notes where id = $1`, [target]);
    expect(await targetsOf(source)).toEqual([]);
  });

  it('lets nobody write link rows directly', async () => {
    const a = await newNote('Write target');
    const b = await newNote('Write source');
    const insert = `insert into public.note_links (source_note_id, source_notebook_id, target_note_id, target_notebook_id)
                    values ($1, $3, $2, $3) returning 1`;
    for (const actor of ACTORS)
      expect(
        await attempt(stack.db, actorCaller(world, actor), insert, [b, a, world.notebookId]),
      ).toBe('refused');
    await newNote('Linked', link(a));
    for (const actor of ACTORS)
      expect(
        await attempt(
          stack.db,
          actorCaller(world, actor),
          `delete from public.note_links where target_note_id = $1 returning 1`,
          [a],
        ),
      ).toBe('refused');
  });

  it('shows a link inside the notebook to its members only', async () => {
    const target = await newNote('Shared target');
    const source = await newNote('Shared source', link(target));
    const expected: Record<ActorName, string[] | 'refused'> = {
      anon: 'refused',
      stranger: [],
      viewer: ['Shared source'],
      commenter: ['Shared source'],
      editor: ['Shared source'],
      owner: ['Shared source'],
      'owner-aal1': [],
    };
    for (const actor of ACTORS) {
      expect(await backlinkTitles(actor, target), actor).toEqual(expected[actor]);
      const rows = await attempt(
        stack.db,
        actorCaller(world, actor),
        `select 1 from public.note_links where source_note_id = $1`,
        [source],
      );
      expect(rows, actor).toBe(
        Array.isArray(expected[actor]) && expected[actor].length ? 'allowed' : 'refused',
      );
    }
  });

  it('never shows a stranger a backlink from a note they cannot read', async () => {
    // The stranger's diary links to the world's note; the world's note links to nothing of theirs.
    const secret = await newNote('Secret plans', link(world.noteId), privateNotebook);
    const theirs = await newNote('Public reply', link(secret));
    expect(await targetsOf(secret)).toEqual([world.noteId]);
    // Members of the world's notebook cannot read the diary: no backlink, no row.
    for (const actor of ['viewer', 'editor', 'owner'] as const) {
      expect(await backlinkTitles(actor, world.noteId), actor).not.toContain('Secret plans');
      expect(
        await attempt(
          stack.db,
          actorCaller(world, actor),
          `select 1 from public.note_links where source_note_id = $1 or target_note_id = $1`,
          [secret],
        ),
        actor,
      ).toBe('refused');
    }
    // The stranger owns the diary but cannot read the world's notes: neither direction shows.
    expect(await backlinkTitles('stranger', secret)).toEqual([]);
    expect(await backlinkTitles('stranger', world.noteId)).toEqual([]);
    expect(
      await attempt(stack.db, actorCaller(world, 'stranger'), `select 1 from public.note_links`),
    ).toBe('refused');
    // Once a member of both, the link shows.
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'viewer')`,
      [privateNotebook, world.viewer.id],
    );
    expect(await backlinkTitles('viewer', world.noteId)).toContain('Secret plans');
    expect(await backlinkTitles('viewer', secret)).toEqual(['Public reply']);
    expect(theirs).toBeTruthy();
    await stack.db.query(
      `delete from public.notebook_members where notebook_id = $1 and user_id = $2`,
      [privateNotebook, world.viewer.id],
    );
    expect(await backlinkTitles('viewer', world.noteId)).not.toContain('Secret plans');
  });

  it('leaves notes in the trash out of "Linked from", and brings them back with a restore', async () => {
    const target = await newNote('Trash target');
    const source = await newNote('Trashed source', link(target));
    await as('editor', `update public.notes set deleted_at = now() where id = $1`, [source]);
    expect(await backlinkTitles('viewer', target)).toEqual([]);
    await as('editor', `update public.notes set deleted_at = null where id = $1`, [source]);
    expect(await backlinkTitles('viewer', target)).toEqual(['Trashed source']);
  });

  it('answers "Linked from" through the REST API with the source notebook, and nothing to anon', async () => {
    const target = await newNote('REST target');
    const source = await newNote('REST source', `Read ${link(target, 'this')}`);
    const viewer = await clientAs(stack, world.viewer);
    const { data, error } = await viewer.rpc('note_backlinks', { note: target });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        id: source,
        notebook_id: world.notebookId,
        notebook_name: 'Research',
        title: 'REST source',
      }),
    ]);
    const stranger = await clientAs(stack, world.stranger);
    expect((await stranger.rpc('note_backlinks', { note: target })).data).toEqual([]);
    const anon = await clientAs(stack, null);
    const denied = await anon.rpc('note_backlinks', { note: target });
    expect(denied.data).toBeNull();
    expect(denied.error?.code).toBe('42501');
  });

  describe('moving a note', () => {
    /** The editor's own notebook: the world's editor owns it, the world's owner is not in it. */
    let lab: string;
    beforeAll(async () => {
      const nb = await stack.db.query<{ id: string }>(
        `insert into public.notebooks (name, owner_id) values ('Lab', $1) returning id`,
        [world.editor.id],
      );
      lab = nb.rows[0]!.id;
    });

    async function moveAs(actor: ActorName, note: string, to: string): Promise<string> {
      try {
        await as(actor, `select public.move_note($1, $2)`, [note, to]);
        return 'moved';
      } catch (error) {
        return (error as { code?: string }).code ?? 'error';
      }
    }

    async function notebookOf(note: string): Promise<string> {
      const { rows } = await stack.db.query<{ notebook_id: string }>(
        `select notebook_id from public.notes where id = $1`,
        [note],
      );
      return rows[0]!.notebook_id;
    }

    it('lets only an editor of both notebooks move a note, and not one in the trash', async () => {
      const note = await newNote('To move');
      for (const actor of ['anon', 'stranger', 'viewer', 'owner', 'owner-aal1'] as const)
        expect(await moveAs(actor, note, lab), actor).not.toBe('moved');
      // The owner of the notebook it is in, but not a member of Lab: refused.
      expect(await moveAs('owner', note, lab)).toBe('42501');
      expect(await notebookOf(note)).toBe(world.notebookId);
      // Nor through a plain update (the notes policy asks the same).
      expect(
        await attempt(
          stack.db,
          actorCaller(world, 'owner'),
          `update public.notes set notebook_id = $2 where id = $1 returning 1`,
          [note, lab],
        ),
      ).toBe('refused');
      await as('editor', `update public.notes set deleted_at = now() where id = $1`, [note]);
      expect(await moveAs('editor', note, lab)).toBe('55000');
      await as('editor', `update public.notes set deleted_at = null where id = $1`, [note]);
      expect(await moveAs('editor', note, lab)).toBe('moved');
      expect(await notebookOf(note)).toBe(lab);
      // The world's owner no longer reads it; its new notebook's owner does.
      expect(
        await attempt(
          stack.db,
          actorCaller(world, 'owner'),
          `select 1 from public.notes where id = $1`,
          [note],
        ),
      ).toBe('refused');
    });

    it('takes the links along: a backlink shows only to readers of both notebooks', async () => {
      const target = await newNote('Link target to move');
      const source = await newNote('Source that stays', link(target));
      expect(await backlinkTitles('viewer', target)).toEqual(['Source that stays']);
      expect(await moveAs('editor', target, lab)).toBe('moved');
      // The body still names the note by id: the link and its row follow the move.
      expect(await targetsOf(source)).toEqual([target]);
      // The editor reads both notebooks; the viewer and the owner no longer read the target.
      expect(await backlinkTitles('editor', target)).toEqual(['Source that stays']);
      expect(
        await attempt(
          stack.db,
          actorCaller(world, 'viewer'),
          `select 1 from public.note_links where source_note_id = $1`,
          [source],
        ),
      ).toBe('refused');
      expect(await moveAs('editor', target, world.notebookId)).toBe('moved');
      expect(await backlinkTitles('viewer', target)).toEqual(['Source that stays']);
    });

    it('moves the attachments: rows now, files through the Storage API, readable only in the new notebook', async () => {
      const clients = await worldClients(stack, world);
      const note = await newNote('With a file');
      const oldPath = `${world.notebookId}/${note}/abc-report.txt`;
      const upload = await clients.editor.storage
        .from('attachments')
        .upload(oldPath, new Blob(['field notes'], { type: 'text/plain' }));
      expect(upload.error).toBeNull();
      const row = await clients.editor.from('attachments').insert({
        note_id: note,
        notebook_id: world.notebookId,
        path: oldPath,
        file_name: 'report.txt',
        size_bytes: 11,
        mime_type: 'text/plain',
      });
      expect(row.error).toBeNull();

      const moved = await clients.editor.rpc('move_note', { note, to_notebook: lab });
      expect(moved.error).toBeNull();
      const newPath = `${lab}/${note}/abc-report.txt`;
      expect(moved.data).toEqual({ notebook_id: lab, files: [{ from: oldPath, to: newPath }] });
      const rows = await stack.db.query<{ path: string; notebook_id: string }>(
        `select path, notebook_id from public.attachments where note_id = $1`,
        [note],
      );
      expect(rows.rows).toEqual([{ path: newPath, notebook_id: lab }]);

      // Renaming a file someone else moved is refused to whoever is not an editor of both.
      const refused = await clients.viewer.storage.from('attachments').move(oldPath, newPath);
      expect(refused.error).not.toBeNull();
      const renamed = await clients.editor.storage.from('attachments').move(oldPath, newPath);
      expect(renamed.error).toBeNull();
      const read = await clients.editor.storage.from('attachments').download(newPath);
      expect(await read.data?.text()).toBe('field notes');
      // The world's owner and viewer are not in Lab: the file is no longer theirs to read.
      for (const reader of [clients.owner, clients.viewer, clients.stranger]) {
        expect((await reader.storage.from('attachments').download(newPath)).data).toBeNull();
        expect((await reader.storage.from('attachments').download(oldPath)).data).toBeNull();
      }
    });
  });
});
