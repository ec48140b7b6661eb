// The delete-account edge function in real Deno: with { confirm: true } (and aal2 when MFA is
// on) the user, their profile, the notebooks they own and every file of theirs are gone;
// notes they wrote in other people's notebooks stay without an author.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction } from './support/functions.ts';
import { plainClient } from './support/sheaf-stack.ts';
import { startSheafStack } from './support/sheaf-stack.ts';
import { buildWorld, type World } from './support/world.ts';

describe.each(DRIVERS)('delete-account on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    const service = plainClient(stack, stack.keys.serviceRoleKey);
    const file = (s: string, type: string) => new Blob([s], { type });
    for (const [bucket, path, type] of [
      ['attachments', world.attachmentPath, 'application/pdf'],
      ['attachments', `${world.notebookId}/${world.noteId}/nested-without-row.txt`, 'text/plain'],
      ['avatars', `${world.owner.id}/avatar.png`, 'image/png'],
      ['avatars', `${world.editor.id}/avatar.png`, 'image/png'],
    ] as const)
      expect((await service.storage.from(bucket).upload(path, file('x', type))).error).toBeNull();
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'kept')`,
      [world.notebookId, world.editor.id],
    );
  });
  afterAll(() => stack?.close());

  const objects = async (prefix: string) =>
    (
      await stack.db.query<{ bucket_id: string; name: string }>(
        `select bucket_id, name from storage.objects where name like $1 || '%' order by 1, 2`,
        [prefix],
      )
    ).rows;

  it('needs { confirm: true } and, with MFA on, aal2', async () => {
    const missing = await callFunction(stack, 'delete-account', world.owner, {
      body: {},
      aal: 'aal2',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: { code: 'confirmation_required', message: expect.any(String) },
    });
    const weak = await callFunction(stack, 'delete-account', world.owner, {
      body: { confirm: true },
      aal: 'aal1',
    });
    expect(weak.status).toBe(403);
    expect(((await weak.json()) as { error: { code: string } }).error.code).toBe(
      'insufficient_aal',
    );
    const anon = await callFunction(stack, 'delete-account', null, { body: { confirm: true } });
    expect(anon.status).toBe(401);
    const still = await stack.db.query('select 1 from auth.users where id = $1', [world.owner.id]);
    expect(still.rows).toHaveLength(1);
  });

  it('deletes the user, their profile, owned notebooks and all their files', async () => {
    const res = await callFunction(stack, 'delete-account', world.owner, {
      body: { confirm: true },
      aal: 'aal2',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'deleted' });
    const gone = async (sql: string, params: unknown[]) => (await stack.db.query(sql, params)).rows;
    expect(await gone('select 1 from auth.users where id = $1', [world.owner.id])).toEqual([]);
    expect(await gone('select 1 from public.profiles where id = $1', [world.owner.id])).toEqual([]);
    expect(await gone('select 1 from public.notebooks where id = $1', [world.notebookId])).toEqual(
      [],
    );
    expect(
      await gone('select 1 from public.notes where notebook_id = $1', [world.notebookId]),
    ).toEqual([]);
    expect(await objects(world.notebookId)).toEqual([]);
    expect(await objects(world.owner.id)).toEqual([]);
    expect(await objects(world.editor.id)).toEqual([
      { bucket_id: 'avatars', name: `${world.editor.id}/avatar.png` },
    ]);
    expect(
      await gone('select 1 from public.storage_cleanup where owner_id = $1', [world.owner.id]),
    ).toEqual([]);
  });

  it('keeps notes a deleted user wrote in someone else’s notebook, without an author', async () => {
    const host = world.stranger;
    const nb = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Shared', $1) returning id`,
      [host.id],
    );
    const notebookId = nb.rows[0]!.id;
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor')`,
      [notebookId, world.viewer.id],
    );
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'guest note')`,
      [notebookId, world.viewer.id],
    );
    const res = await callFunction(stack, 'delete-account', world.viewer, {
      body: { confirm: true },
    });
    expect(res.status).toBe(200);
    const notes = await stack.db.query(
      'select title, author_id from public.notes where notebook_id = $1',
      [notebookId],
    );
    expect(notes.rows).toEqual([{ title: 'guest note', author_id: null }]);
  });
});
