// The RLS matrix for Sheaf's tables through the REST API with supabase-js, as the app calls it:
// every table × every actor × select / insert / update / delete. Writes are sent with
// `Prefer: tx=rollback`, so every case starts from the same world.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DRIVERS, clientFor, type TestStack } from '../support/stack.ts';
import { tokenFor, startSheafStack, type Outcome, type TestUser } from './support/sheaf-stack.ts';
import { ACTORS, buildWorld, type ActorName, type World } from './support/world.ts';

type Op = 'select' | 'insert' | 'update' | 'delete';
type Row = Record<string, unknown>;

interface TableSpec {
  /** Identifies the target row. */
  match: (w: World) => Row;
  insert: (w: World) => Row;
  patch: Row;
  allowed: Record<Op, ActorName[]>;
}

const MEMBERS: ActorName[] = ['viewer', 'commenter', 'editor', 'owner'];
const WRITERS: ActorName[] = ['editor', 'owner'];

const TABLES: Record<string, TableSpec> = {
  profiles: {
    match: (w) => ({ id: w.owner.id }),
    insert: (w) => ({ id: w.ghost.id, display_name: 'ghost' }),
    patch: { display_name: 'changed' },
    allowed: { select: MEMBERS, insert: [], update: ['owner'], delete: [] },
  },
  notebooks: {
    match: (w) => ({ id: w.notebookId }),
    insert: () => ({ name: 'Mine' }),
    patch: { name: 'Renamed' },
    allowed: {
      select: MEMBERS,
      insert: ['stranger', 'viewer', 'commenter', 'editor', 'owner'],
      update: ['owner'],
      // Deleted for good only from the trash, by its owner (notebook-trash.test.ts).
      delete: [],
    },
  },
  notebook_members: {
    match: (w) => ({ notebook_id: w.notebookId, user_id: w.viewer.id }),
    insert: (w) => ({ notebook_id: w.notebookId, user_id: w.outsider.id, role: 'viewer' }),
    patch: { role: 'editor' },
    allowed: { select: MEMBERS, insert: [], update: ['owner'], delete: ['viewer', 'owner'] },
  },
  notes: {
    match: (w) => ({ id: w.noteId }),
    insert: (w) => ({ notebook_id: w.notebookId, title: 'New', tags: ['a'] }),
    patch: { body: 'edited' },
    // A note is deleted for good only from the trash (trash-versions-pins.test.ts).
    allowed: { select: MEMBERS, insert: WRITERS, update: WRITERS, delete: [] },
  },
  attachments: {
    match: (w) => ({ id: w.attachmentId }),
    insert: (w) => ({
      note_id: w.noteId,
      notebook_id: w.notebookId,
      path: `${w.notebookId}/${w.noteId}/new.txt`,
      file_name: 'new.txt',
      size_bytes: 3,
      mime_type: 'text/plain',
    }),
    patch: { file_name: 'renamed.pdf' },
    allowed: { select: MEMBERS, insert: WRITERS, update: WRITERS, delete: WRITERS },
  },
  invitations: {
    match: (w) => ({ id: w.invitationId }),
    insert: (w) => ({ notebook_id: w.notebookId, email: 'new@example.com', role: 'editor' }),
    patch: { role: 'editor' },
    allowed: { select: ['owner'], insert: [], update: ['owner'], delete: ['owner'] },
  },
};

const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

const CASES = Object.entries(TABLES).flatMap(([table, spec]) =>
  OPS.flatMap((op) =>
    ACTORS.map((actor) => ({
      table,
      op,
      actor,
      expected: (spec.allowed[op].includes(actor) ? 'allowed' : 'refused') as Outcome,
    })),
  ),
);

/** Adds tx=rollback to every request's Prefer header. */
const rollbackFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  const prefer = headers.get('Prefer');
  headers.set('Prefer', prefer ? `${prefer},tx=rollback` : 'tx=rollback');
  return fetch(input, { ...init, headers });
};

describe.each(DRIVERS)('Sheaf table policies (REST API) on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  const clients = new Map<ActorName, SupabaseClient>();

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    const users: Record<ActorName, [TestUser | null, 'aal1' | 'aal2']> = {
      anon: [null, 'aal1'],
      stranger: [world.stranger, 'aal1'],
      viewer: [world.viewer, 'aal1'],
      commenter: [world.commenter, 'aal1'],
      editor: [world.editor, 'aal1'],
      owner: [world.owner, 'aal2'],
      'owner-aal1': [world.owner, 'aal1'],
    };
    for (const actor of ACTORS) {
      const [user, aal] = users[actor];
      const headers: Record<string, string> = user
        ? { Authorization: `Bearer ${await tokenFor(stack, user, aal)}` }
        : {};
      clients.set(
        actor,
        clientFor(stack.url, stack.keys.anonKey, { headers, fetch: rollbackFetch }),
      );
    }
  });
  afterAll(() => stack?.close());

  async function run(table: string, op: Op, actor: ActorName): Promise<Outcome> {
    const spec = TABLES[table]!;
    const from = clients.get(actor)!.from(table);
    const match = spec.match(world);
    const result =
      op === 'select'
        ? await from.select('*').match(match)
        : op === 'insert'
          ? await from.insert(spec.insert(world)).select()
          : op === 'update'
            ? await from.update(spec.patch).match(match).select()
            : await from.delete().match(match).select();
    if (result.error) {
      // Refusals are insufficient_privilege (grants or RLS WITH CHECK); anything else is a bug.
      expect(result.error.code).toBe('42501');
      return 'refused';
    }
    return (result.data?.length ?? 0) > 0 ? 'allowed' : 'refused';
  }

  it.each(CASES)('$table: $actor $op is $expected', async ({ table, op, actor, expected }) => {
    expect(await run(table, op, actor)).toBe(expected);
  });

  it('rolled every write back: the world is as it was built', async () => {
    const { rows } = await stack.db.query(
      `select (select count(*)::int from public.notebooks where owner_id <> $2) as notebooks,
              (select count(*)::int from public.notes where notebook_id = $1) as notes,
              (select count(*)::int from public.notebook_members where notebook_id = $1) as members`,
      // (the seed's demo notebook aside)
      [world.notebookId, 'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10'],
    );
    expect(rows[0]).toEqual({ notebooks: 1, notes: 1, members: 4 });
  });

  it('does not let users look up accounts by email or read the cleanup queue', async () => {
    for (const actor of ['anon', 'stranger', 'owner'] as const) {
      const client = clients.get(actor)!;
      const lookup = await client.rpc('user_id_by_email', { address: world.viewer.email });
      expect(lookup.data).toBeNull();
      expect(lookup.error?.code).toBe('42501');
      const queue = await client.from('storage_cleanup').select('*');
      expect(queue.error?.code).toBe('42501');
    }
  });

  it('finds notes by full-text search across every readable notebook', async () => {
    const viewer = clients.get('viewer')!;
    const { data, error } = await viewer
      .from('notes')
      .select('id, title')
      .textSearch('search', 'worlds', { type: 'websearch', config: 'english' });
    expect(error).toBeNull();
    expect(data).toEqual([{ id: world.noteId, title: 'First note' }]);
    const stranger = await clients
      .get('stranger')!
      .from('notes')
      .select('id')
      .textSearch('search', 'world', { type: 'websearch', config: 'english' });
    expect(stranger.data).toEqual([]);
  });
});

describe.each(DRIVERS)('Sheaf embedding through the REST API on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(() => stack?.close());

  it('lists a notebook’s members with their display names and notes with their author', async () => {
    const viewer = clientFor(stack.url, stack.keys.anonKey, {
      token: await tokenFor(stack, world.viewer),
    });
    const members = await viewer
      .from('notebook_members')
      .select('role, profiles(display_name)')
      .eq('notebook_id', world.notebookId)
      .eq('role', 'owner');
    expect(members.error).toBeNull();
    expect(members.data).toEqual([{ role: 'owner', profiles: { display_name: 'Olivia Owner' } }]);
    const notes = await viewer
      .from('notes')
      .select('title, author:profiles!notes_author_profile_fkey(display_name)')
      .eq('id', world.noteId);
    expect(notes.error).toBeNull();
    expect(notes.data).toEqual([{ title: 'First note', author: { display_name: 'Olivia Owner' } }]);
  });
});
