// Links between notes are kept and guarded by Postgres: note_links follows notes.body (a
// trigger), and a link — or a "Linked from" entry — shows only to a reader of both notes. Run as
// each caller through the role, claims and policies the REST API uses, on PGlite and on a
// Postgres server, and once through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller } from '../../src/db/as-caller.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { attempt, clientAs, startSheafStack } from './support/sheaf-stack.ts';
import { ACTORS, actorCaller, buildWorld, type ActorName, type World } from './support/world.ts';

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
});
