// The RLS matrix for Sheaf's tables at the SQL level: every table × every actor × select /
// insert / update / delete, run as the caller through asCaller — the same role, claims and
// policies the REST API uses. Each attempt is rolled back, so cases are independent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { attempt, startSheafStack, type Outcome } from './support/sheaf-stack.ts';
import { ACTORS, actorCaller, buildWorld, type ActorName, type World } from './support/world.ts';

type Op = 'select' | 'insert' | 'update' | 'delete';

interface Case {
  sql: string;
  params: (w: World) => unknown[];
  allowed: ActorName[];
}

const MEMBERS: ActorName[] = ['viewer', 'commenter', 'editor', 'owner'];
const WRITERS: ActorName[] = ['editor', 'owner'];

const MATRIX: Record<string, Record<Op, Case>> = {
  profiles: {
    select: {
      sql: 'select 1 from public.profiles where id = $1',
      params: (w) => [w.owner.id],
      allowed: MEMBERS,
    },
    insert: {
      sql: `insert into public.profiles (id, display_name) values ($1, 'ghost')`,
      params: (w) => [w.ghost.id],
      allowed: [],
    },
    update: {
      sql: `update public.profiles set display_name = 'changed' where id = $1`,
      params: (w) => [w.owner.id],
      allowed: ['owner'],
    },
    delete: {
      sql: 'delete from public.profiles where id = $1',
      params: (w) => [w.owner.id],
      allowed: [],
    },
  },
  notebooks: {
    select: {
      sql: 'select 1 from public.notebooks where id = $1',
      params: (w) => [w.notebookId],
      allowed: MEMBERS,
    },
    insert: {
      // Anyone signed in creates their own notebooks; RETURNING needs the row to be readable.
      sql: `insert into public.notebooks (name, owner_id) values ('Mine', auth.uid()) returning id`,
      params: () => [],
      allowed: ['stranger', 'viewer', 'commenter', 'editor', 'owner'],
    },
    update: {
      sql: `update public.notebooks set name = 'Renamed' where id = $1`,
      params: (w) => [w.notebookId],
      allowed: ['owner'],
    },
    delete: {
      // Only a notebook in the trash is deleted, by its owner (notebook-trash.test.ts).
      sql: 'delete from public.notebooks where id = $1',
      params: (w) => [w.notebookId],
      allowed: [],
    },
  },
  notebook_members: {
    select: {
      sql: 'select 1 from public.notebook_members where notebook_id = $1',
      params: (w) => [w.notebookId],
      allowed: MEMBERS,
    },
    insert: {
      // Only share-notebook adds people (it knows their address and tells them).
      sql: `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'viewer')`,
      params: (w) => [w.notebookId, w.outsider.id],
      allowed: [],
    },
    update: {
      sql: `update public.notebook_members set role = 'editor' where notebook_id = $1 and user_id = $2`,
      params: (w) => [w.notebookId, w.viewer.id],
      allowed: ['owner'],
    },
    delete: {
      // The owner removes the viewer; the viewer may leave.
      sql: 'delete from public.notebook_members where notebook_id = $1 and user_id = $2',
      params: (w) => [w.notebookId, w.viewer.id],
      allowed: ['viewer', 'owner'],
    },
  },
  notes: {
    select: {
      sql: 'select 1 from public.notes where id = $1',
      params: (w) => [w.noteId],
      allowed: MEMBERS,
    },
    insert: {
      sql: `insert into public.notes (notebook_id, title) values ($1, 'New') returning id`,
      params: (w) => [w.notebookId],
      allowed: WRITERS,
    },
    update: {
      sql: `update public.notes set body = 'edited' where id = $1`,
      params: (w) => [w.noteId],
      allowed: WRITERS,
    },
    delete: {
      // A note is deleted for good only from the trash (trash-versions-pins.test.ts).
      sql: 'delete from public.notes where id = $1',
      params: (w) => [w.noteId],
      allowed: [],
    },
  },
  attachments: {
    select: {
      sql: 'select 1 from public.attachments where id = $1',
      params: (w) => [w.attachmentId],
      allowed: MEMBERS,
    },
    insert: {
      sql: `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes, mime_type)
            values ($1, $2, $3, 'new.txt', 3, 'text/plain') returning id`,
      params: (w) => [w.noteId, w.notebookId, `${w.notebookId}/${w.noteId}/new.txt`],
      allowed: WRITERS,
    },
    update: {
      sql: `update public.attachments set file_name = 'renamed.pdf' where id = $1`,
      params: (w) => [w.attachmentId],
      allowed: WRITERS,
    },
    delete: {
      sql: 'delete from public.attachments where id = $1',
      params: (w) => [w.attachmentId],
      allowed: WRITERS,
    },
  },
  invitations: {
    select: {
      sql: 'select 1 from public.invitations where id = $1',
      params: (w) => [w.invitationId],
      allowed: ['owner'],
    },
    insert: {
      sql: `insert into public.invitations (notebook_id, email, role) values ($1, 'New@Example.com', 'editor') returning id`,
      params: (w) => [w.notebookId],
      allowed: [],
    },
    update: {
      sql: `update public.invitations set role = 'editor' where id = $1`,
      params: (w) => [w.invitationId],
      allowed: ['owner'],
    },
    delete: {
      sql: 'delete from public.invitations where id = $1',
      params: (w) => [w.invitationId],
      allowed: ['owner'],
    },
  },
};

const CASES = Object.entries(MATRIX).flatMap(([table, ops]) =>
  (Object.entries(ops) as [Op, Case][]).flatMap(([op, c]) =>
    ACTORS.map((actor) => ({
      table,
      op,
      actor,
      expected: (c.allowed.includes(actor) ? 'allowed' : 'refused') as Outcome,
      c,
    })),
  ),
);

describe.each(DRIVERS)('Sheaf table policies (SQL) on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(() => stack?.close());

  it.each(CASES)('$table: $actor $op is $expected', async ({ actor, c, expected }) => {
    const outcome = await attempt(stack.db, actorCaller(world, actor), c.sql, c.params(world));
    expect(outcome).toBe(expected);
  });

  it('nobody can remove the owner membership or grant the owner role', async () => {
    for (const actor of ACTORS) {
      const caller = actorCaller(world, actor);
      expect(
        await attempt(
          stack.db,
          caller,
          'delete from public.notebook_members where notebook_id = $1 and user_id = $2',
          [world.notebookId, world.owner.id],
        ),
      ).toBe('refused');
      expect(
        await attempt(
          stack.db,
          caller,
          `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'owner')`,
          [world.notebookId, world.outsider.id],
        ),
      ).toBe('refused');
      expect(
        await attempt(
          stack.db,
          caller,
          `update public.notebook_members set role = 'owner' where notebook_id = $1 and user_id = $2`,
          [world.notebookId, world.editor.id],
        ),
      ).toBe('refused');
    }
  });

  it('an editor cannot write a note in someone else’s name or create a notebook for someone else', async () => {
    const caller = actorCaller(world, 'editor');
    expect(
      await attempt(
        stack.db,
        caller,
        `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'forged')`,
        [world.notebookId, world.owner.id],
      ),
    ).toBe('refused');
    expect(
      await attempt(
        stack.db,
        caller,
        `insert into public.notebooks (name, owner_id) values ('forged', $1)`,
        [world.owner.id],
      ),
    ).toBe('refused');
  });

  it('an editor cannot leave the owner out by moving the notebook to themselves', async () => {
    expect(
      await attempt(
        stack.db,
        actorCaller(world, 'editor'),
        'update public.notebooks set owner_id = auth.uid() where id = $1',
        [world.notebookId],
      ),
    ).toBe('refused');
  });

  it('members read each other’s profiles, strangers do not, and everyone updates only their own', async () => {
    const viewer = actorCaller(world, 'viewer');
    expect(
      await attempt(stack.db, viewer, 'select 1 from public.profiles where id = $1', [
        world.editor.id,
      ]),
    ).toBe('allowed');
    expect(
      await attempt(
        stack.db,
        actorCaller(world, 'stranger'),
        'select 1 from public.profiles where id = $1',
        [world.viewer.id],
      ),
    ).toBe('refused');
    expect(
      await attempt(
        stack.db,
        actorCaller(world, 'stranger'),
        `update public.profiles set display_name = 'me' where id = auth.uid()`,
      ),
    ).toBe('allowed');
    expect(
      await attempt(
        stack.db,
        viewer,
        `update public.profiles set display_name = 'other' where id = $1`,
        [world.editor.id],
      ),
    ).toBe('refused');
  });

  it('the cleanup queue and the tables are closed to everyone but the service role', async () => {
    for (const actor of ACTORS)
      expect(
        await attempt(stack.db, actorCaller(world, actor), 'select 1 from public.storage_cleanup'),
      ).toBe('refused');
  });

  it('the search vocabulary (every note’s words) is closed to every caller', async () => {
    await stack.db.query(`insert into public.search_vocabulary (word) values ('secretword')
                          on conflict do nothing`);
    for (const actor of ACTORS) {
      const caller = actorCaller(world, actor);
      expect(await attempt(stack.db, caller, 'select 1 from public.search_vocabulary')).toBe(
        'refused',
      );
      expect(
        await attempt(
          stack.db,
          caller,
          `insert into public.search_vocabulary (word) values ('planted') returning word`,
        ),
      ).toBe('refused');
    }
  });
});
