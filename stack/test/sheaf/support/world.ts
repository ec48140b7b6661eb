// A small shared world for Sheaf's access tests: one notebook owned by a user with MFA on, an
// editor, a commenter and a viewer in it, a stranger, and one row of every table.
import type { Queryable } from '../../../src/db/adapter.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from '../../support/stack.ts';
import { callerFor, clientAs, createUser, type Aal, type TestUser } from './sheaf-stack.ts';
import type { Caller } from '../../../src/db/as-caller.ts';

export interface World {
  owner: TestUser;
  editor: TestUser;
  commenter: TestUser;
  viewer: TestUser;
  stranger: TestUser;
  /** A user who is in no notebook, to be added by tests. */
  outsider: TestUser;
  /** A user whose profile row was removed, so inserting it tests the insert policy alone. */
  ghost: TestUser;
  notebookId: string;
  noteId: string;
  attachmentId: string;
  attachmentPath: string;
  invitationId: string;
}

export type ActorName =
  'anon' | 'stranger' | 'viewer' | 'commenter' | 'editor' | 'owner' | 'owner-aal1';

export const ACTORS: ActorName[] = [
  'anon',
  'stranger',
  'viewer',
  'commenter',
  'editor',
  'owner',
  'owner-aal1',
];

/** The caller for an actor: the owner has a verified TOTP factor, so only aal2 admits them. */
export function actorCaller(world: World, actor: ActorName): Caller {
  const pick: Record<ActorName, [TestUser | null, Aal]> = {
    anon: [null, 'aal1'],
    stranger: [world.stranger, 'aal1'],
    viewer: [world.viewer, 'aal1'],
    commenter: [world.commenter, 'aal1'],
    editor: [world.editor, 'aal1'],
    owner: [world.owner, 'aal2'],
    'owner-aal1': [world.owner, 'aal1'],
  };
  const [user, aal] = pick[actor];
  return callerFor(user, aal);
}

export async function buildWorld(db: Queryable): Promise<World> {
  const owner = await createUser(db, 'owner', { mfa: true, displayName: 'Olivia Owner' });
  const editor = await createUser(db, 'editor');
  const viewer = await createUser(db, 'viewer');
  const commenter = await createUser(db, 'commenter');
  const stranger = await createUser(db, 'stranger');
  const outsider = await createUser(db, 'outsider');
  const ghost = await createUser(db, 'ghost');
  await db.query('delete from public.profiles where id = $1', [ghost.id]);
  const nb = await db.query<{ id: string }>(
    `insert into public.notebooks (name, owner_id) values ('Research', $1) returning id`,
    [owner.id],
  );
  const notebookId = nb.rows[0]!.id;
  await db.query(
    `insert into public.notebook_members (notebook_id, user_id, role)
     values ($1, $2, 'editor'), ($1, $3, 'viewer'), ($1, $4, 'commenter')`,
    [notebookId, editor.id, viewer.id, commenter.id],
  );
  const note = await db.query<{ id: string }>(
    `insert into public.notes (notebook_id, author_id, title, body, tags)
     values ($1, $2, 'First note', 'Hello **world**', '{intro}') returning id`,
    [notebookId, owner.id],
  );
  const noteId = note.rows[0]!.id;
  const attachmentPath = `${notebookId}/${noteId}/paper.pdf`;
  const att = await db.query<{ id: string }>(
    `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes, mime_type, created_by)
     values ($1, $2, $3, 'paper.pdf', 1234, 'application/pdf', $4) returning id`,
    [noteId, notebookId, attachmentPath, owner.id],
  );
  const inv = await db.query<{ id: string }>(
    `insert into public.invitations (notebook_id, email, role, invited_by)
     values ($1, 'pending@example.com', 'viewer', $2) returning id`,
    [notebookId, owner.id],
  );
  return {
    owner,
    editor,
    commenter,
    viewer,
    stranger,
    outsider,
    ghost,
    notebookId,
    noteId,
    attachmentId: att.rows[0]!.id,
    attachmentPath,
    invitationId: inv.rows[0]!.id,
  };
}

/** supabase-js clients for the world's people: the owner at aal2 (the notebook asks for it),
 * the others at aal1. */
export async function worldClients(stack: TestStack, world: World) {
  const [owner, editor, commenter, viewer, stranger]: SupabaseClient[] = await Promise.all([
    clientAs(stack, world.owner, 'aal2'),
    clientAs(stack, world.editor),
    clientAs(stack, world.commenter),
    clientAs(stack, world.viewer),
    clientAs(stack, world.stranger),
  ]);
  return {
    owner: owner!,
    editor: editor!,
    commenter: commenter!,
    viewer: viewer!,
    stranger: stranger!,
  };
}
