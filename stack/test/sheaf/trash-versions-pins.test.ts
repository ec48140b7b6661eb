// Trash and pins are enforced by Postgres, not by the app: run as each caller through the same
// role, claims and policies the REST API uses, on PGlite and on a Postgres server. (History has
// its own file: versions-sessions.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller } from '../../src/db/as-caller.ts';
import { isPgError } from '../../src/db/adapter.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { attempt, startSheafStack } from './support/sheaf-stack.ts';
import { actorCaller, buildWorld, type ActorName, type World } from './support/world.ts';

describe.each(DRIVERS)('Sheaf trash, versions and pins on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(() => stack?.close());

  async function newNote(title = 'A note', body = 'Some text'): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, $3, $4) returning id`,
      [world.notebookId, world.owner.id, title, body],
    );
    return rows[0]!.id;
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

  /** Moves a column's time back, past what the triggers allow a client to do. */
  async function backdate(noteId: string, column: 'deleted_at' | 'updated_at', interval: string) {
    await stack.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.notes set ${column} = now() - $2::interval where id = $1`, [
        noteId,
        interval,
      ]);
    });
  }

  describe('trash', () => {
    it('stamps who moved a note to the trash and when, whatever time the client sends', async () => {
      const id = await newNote();
      await as('editor', `update public.notes set deleted_at = '2000-01-01' where id = $1`, [id]);
      const { rows } = await stack.db.query<{ recent: boolean; deleted_by: string }>(
        `select deleted_at > now() - interval '1 minute' as recent, deleted_by from public.notes where id = $1`,
        [id],
      );
      expect(rows[0]).toEqual({ recent: true, deleted_by: world.editor.id });
      // Trashing again does not move the time (nobody can keep a note in the trash longer).
      await backdate(id, 'deleted_at', '5 days');
      await as('owner', `update public.notes set deleted_at = now() where id = $1`, [id]);
      const again = await stack.db.query<{ old: boolean }>(
        `select deleted_at < now() - interval '4 days' as old from public.notes where id = $1`,
        [id],
      );
      expect(again.rows[0]!.old).toBe(true);
    });

    it('lets only editors move a note to the trash or restore it', async () => {
      const id = await newNote();
      const trash = `update public.notes set deleted_at = now() where id = $1`;
      for (const actor of ['anon', 'stranger', 'viewer', 'owner-aal1'] as const)
        expect(await attempt(stack.db, actorCaller(world, actor), trash, [id])).toBe('refused');
      await as('editor', trash, [id]);
      const restore = `update public.notes set deleted_at = null where id = $1`;
      expect(await attempt(stack.db, actorCaller(world, 'viewer'), restore, [id])).toBe('refused');
      expect(await attempt(stack.db, actorCaller(world, 'owner'), restore, [id])).toBe('allowed');
    });

    it('deletes a note for good only once it is in the trash, and only for editors', async () => {
      const id = await newNote();
      const remove = 'delete from public.notes where id = $1';
      expect(await attempt(stack.db, actorCaller(world, 'editor'), remove, [id])).toBe('refused');
      await as('editor', `update public.notes set deleted_at = now() where id = $1`, [id]);
      expect(await attempt(stack.db, actorCaller(world, 'viewer'), remove, [id])).toBe('refused');
      expect(await attempt(stack.db, actorCaller(world, 'stranger'), remove, [id])).toBe('refused');
      expect(await attempt(stack.db, actorCaller(world, 'editor'), remove, [id])).toBe('allowed');
    });

    it('refuses edits to a note in the trash until it is restored', async () => {
      const id = await newNote();
      await as('editor', `update public.notes set deleted_at = now() where id = $1`, [id]);
      expect(
        await errorCode(as('editor', `update public.notes set body = 'x' where id = $1`, [id])),
      ).toBe('55000');
      await as('editor', `update public.notes set deleted_at = null where id = $1`, [id]);
      await as('editor', `update public.notes set body = 'back' where id = $1`, [id]);
      const { rows } = await stack.db.query(
        'select body, deleted_by from public.notes where id = $1',
        [id],
      );
      expect(rows[0]).toEqual({ body: 'back', deleted_by: null });
    });

    it('hides a note 30 days in the trash from everyone, and purge_trash removes it and queues its files', async () => {
      const id = await newNote('Old');
      const path = `${world.notebookId}/${id}/old.txt`;
      await stack.db.query(
        `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes) values ($1, $2, $3, 'old.txt', 1)`,
        [id, world.notebookId, path],
      );
      await as('editor', `update public.notes set deleted_at = now() where id = $1`, [id]);
      await backdate(id, 'deleted_at', '31 days');
      for (const actor of ['viewer', 'editor', 'owner'] as const) {
        const seen = await as(actor, 'select 1 from public.notes where id = $1', [id]);
        expect(seen.rows).toEqual([]);
      }
      expect(
        await attempt(
          stack.db,
          actorCaller(world, 'editor'),
          'update public.notes set deleted_at = null where id = $1',
          [id],
        ),
      ).toBe('refused');
      const purged = await as<{ purge_trash: number }>('viewer', 'select public.purge_trash()');
      expect(purged.rows[0]!.purge_trash).toBeGreaterThanOrEqual(1);
      const left = await stack.db.query('select 1 from public.notes where id = $1', [id]);
      expect(left.rows).toEqual([]);
      const queued = await stack.db.query(
        `select 1 from public.storage_cleanup where bucket_id = 'attachments' and path = $1`,
        [path],
      );
      expect(queued.rows).toHaveLength(1);
      expect(await errorCode(as('anon', 'select public.purge_trash()'))).toBe('42501');
    });
  });

  describe('pins', () => {
    it('are per person: each member sees and removes only their own', async () => {
      const id = await newNote('Pinned by the viewer');
      const pin = `insert into public.note_pins (note_id, notebook_id) values ($1, $2)`;
      expect(
        await attempt(stack.db, actorCaller(world, 'viewer'), pin, [id, world.notebookId]),
      ).toBe('allowed');
      await as('viewer', pin, [id, world.notebookId]);
      const mine = 'select 1 from public.note_pins where note_id = $1';
      expect(await attempt(stack.db, actorCaller(world, 'viewer'), mine, [id])).toBe('allowed');
      expect(await attempt(stack.db, actorCaller(world, 'editor'), mine, [id])).toBe('refused');
      expect(
        await attempt(
          stack.db,
          actorCaller(world, 'owner'),
          'delete from public.note_pins where note_id = $1',
          [id],
        ),
      ).toBe('refused');
      expect(
        await attempt(
          stack.db,
          actorCaller(world, 'editor'),
          `insert into public.note_pins (user_id, note_id, notebook_id) values ($1, $2, $3)`,
          [world.viewer.id, id, world.notebookId],
        ),
      ).toBe('refused');
      expect(
        await attempt(stack.db, actorCaller(world, 'stranger'), pin, [id, world.notebookId]),
      ).toBe('refused');
      expect(
        await attempt(
          stack.db,
          actorCaller(world, 'viewer'),
          'delete from public.note_pins where note_id = $1',
          [id],
        ),
      ).toBe('allowed');
    });

    it('go with the person when they leave the notebook', async () => {
      const id = await newNote('Pinned then left');
      await as('editor', `insert into public.note_pins (note_id, notebook_id) values ($1, $2)`, [
        id,
        world.notebookId,
      ]);
      await stack.db
        .transaction(async (tx) => {
          await tx.query(
            'delete from public.notebook_members where notebook_id = $1 and user_id = $2',
            [world.notebookId, world.editor.id],
          );
          const { rows } = await tx.query('select 1 from public.note_pins where user_id = $1', [
            world.editor.id,
          ]);
          expect(rows).toEqual([]);
          throw new Error('rollback');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || error.message !== 'rollback') throw error;
        });
    });
  });
});
