// Sheaf's schema behaviour beyond access: triggers (profiles, owner membership, invitations
// claimed on confirmation, timestamps), constraints, the search vector, and what deleting a
// notebook or an account leaves behind (nothing but queued storage paths to remove).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller } from '../../src/db/as-caller.ts';
import { isPgError } from '../../src/db/adapter.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callerFor, createUser, startSheafStack } from './support/sheaf-stack.ts';

async function pgCode(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (error) {
    if (isPgError(error)) return error.code;
    throw error;
  }
}

describe.each(DRIVERS)('Sheaf schema on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
  });
  afterAll(() => stack?.close());

  async function notebookOf(ownerId: string, name = 'Notebook'): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      'insert into public.notebooks (name, owner_id) values ($1, $2) returning id',
      [name, ownerId],
    );
    return rows[0]!.id;
  }

  it('creates a profile for every new user, named from the metadata or the email', async () => {
    const named = await createUser(stack.db, 'named', { displayName: '  Ada Lovelace ' });
    const plain = await createUser(stack.db, 'plain');
    const { rows } = await stack.db.query<{ id: string; display_name: string }>(
      'select id, display_name from public.profiles where id = any($1::uuid[])',
      [[named.id, plain.id]],
    );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.display_name]));
    expect(byId[named.id]).toBe('Ada Lovelace');
    expect(byId[plain.id]).toBe(plain.email.split('@')[0]);
  });

  it('makes the creator of a notebook its owner member, through RLS too', async () => {
    const user = await createUser(stack.db, 'creator');
    const id = await asCaller(stack.db, callerFor(user), async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.notebooks (name) values ('Mine') returning id`,
      );
      return rows[0]!.id;
    });
    const { rows } = await stack.db.query(
      'select user_id, role from public.notebook_members where notebook_id = $1',
      [id],
    );
    expect(rows).toEqual([{ user_id: user.id, role: 'owner' }]);
  });

  it('claims invitations when the address is confirmed, not before', async () => {
    const owner = await createUser(stack.db, 'inviter');
    const notebookId = await notebookOf(owner.id);
    const email = `invitee.${Date.now()}@example.com`;
    await stack.db.query(
      `insert into public.invitations (notebook_id, email, role, invited_by) values ($1, $2, 'editor', $3)`,
      [notebookId, `  ${email.toUpperCase()} `, owner.id],
    );
    const stored = await stack.db.query(
      'select email from public.invitations where notebook_id = $1',
      [notebookId],
    );
    expect(stored.rows).toEqual([{ email }]);
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, '{}', now(), now()) returning id`,
      [email],
    );
    const userId = rows[0]!.id;
    const members = () =>
      stack.db.query(
        'select role from public.notebook_members where notebook_id = $1 and user_id = $2',
        [notebookId, userId],
      );
    expect((await members()).rows).toEqual([]);
    await stack.db.query('update auth.users set email_confirmed_at = now() where id = $1', [
      userId,
    ]);
    expect((await members()).rows).toEqual([{ role: 'editor' }]);
    const left = await stack.db.query('select 1 from public.invitations where email = $1', [email]);
    expect(left.rows).toEqual([]);
  });

  it('refuses blank names, long titles, oversized bodies and bad tags', async () => {
    const owner = await createUser(stack.db, 'limits');
    const notebookId = await notebookOf(owner.id);
    expect(await pgCode(notebookOf(owner.id, '   '))).toBe('23514');
    expect(await pgCode(notebookOf(owner.id, 'x'.repeat(101)))).toBe('23514');
    const note = (title: string, body: string, tags: string[]) =>
      stack.db.query(
        'insert into public.notes (notebook_id, author_id, title, body, tags) values ($1, $2, $3, $4, $5)',
        [notebookId, owner.id, title, body, tags],
      );
    expect(
      await pgCode(note('x'.repeat(200), 'é'.repeat(524288), ['a'.repeat(50)])),
    ).toBeUndefined();
    expect(await pgCode(note('x'.repeat(201), '', []))).toBe('23514');
    expect(await pgCode(note('t', 'é'.repeat(524289), []))).toBe('23514');
    expect(await pgCode(note('t', '', ['a'.repeat(51)]))).toBe('23514');
    expect(await pgCode(note('t', '', ['']))).toBe('23514');
    expect(
      await pgCode(
        note(
          't',
          '',
          Array.from({ length: 21 }, (_, i) => `t${i}`),
        ),
      ),
    ).toBe('23514');
  });

  it('keeps a weighted search vector over title, tags and body', async () => {
    const owner = await createUser(stack.db, 'searcher');
    const notebookId = await notebookOf(owner.id);
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title, body, tags)
       values ($1, $2, 'Gardening plans', 'Planting tomatoes in spring', '{vegetables}')`,
      [notebookId, owner.id],
    );
    const hit = (q: string) =>
      stack.db.query(
        `select title from public.notes where notebook_id = $1 and search @@ websearch_to_tsquery('english', $2)`,
        [notebookId, q],
      );
    expect((await hit('tomato')).rows).toHaveLength(1);
    expect((await hit('garden')).rows).toHaveLength(1);
    expect((await hit('vegetable')).rows).toHaveLength(1);
    expect((await hit('potatoes')).rows).toHaveLength(0);
  });

  it('moves updated_at on edits but keeps author, creation time, and the order when trashing', async () => {
    const owner = await createUser(stack.db, 'stamps');
    const other = await createUser(stack.db, 'other');
    const notebookId = await notebookOf(owner.id);
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, created_at, updated_at)
       values ($1, $2, 'Old', now() - interval '1 day', now() - interval '1 day') returning id`,
      [notebookId, owner.id],
    );
    const id = rows[0]!.id;
    const read = async () =>
      (
        await stack.db.query<{ author_id: string; fresh: boolean; created_old: boolean }>(
          `select author_id, updated_at > now() - interval '1 hour' as fresh,
                  created_at < now() - interval '1 hour' as created_old from public.notes where id = $1`,
          [id],
        )
      ).rows[0];
    await stack.db.query('update public.notes set deleted_at = now() where id = $1', [id]);
    expect(await read()).toEqual({ author_id: owner.id, fresh: false, created_old: true });
    await stack.db.query('update public.notes set deleted_at = null where id = $1', [id]);
    expect(await read()).toEqual({ author_id: owner.id, fresh: false, created_old: true });
    await stack.db.query(
      `update public.notes set title = 'New', author_id = $2, created_at = now() where id = $1`,
      [id, other.id],
    );
    expect(await read()).toEqual({ author_id: owner.id, fresh: true, created_old: true });
  });

  it('keeps a note to 20 attachments, whoever inserts them', async () => {
    const owner = await createUser(stack.db, 'attacher');
    const notebookId = await notebookOf(owner.id);
    const { rows } = await stack.db.query<{ id: string }>(
      'insert into public.notes (notebook_id, author_id) values ($1, $2) returning id',
      [notebookId, owner.id],
    );
    const noteId = rows[0]!.id;
    const attach = (n: number) =>
      asCaller(stack.db, callerFor(owner), (tx) =>
        tx.query(
          `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes)
           values ($1, $2, $3, $4, 1)`,
          [noteId, notebookId, `${notebookId}/${noteId}/f${n}.txt`, `f${n}.txt`],
        ),
      );
    for (let n = 1; n <= 20; n++) expect(await pgCode(attach(n))).toBeUndefined();
    expect(await pgCode(attach(21))).toBe('23514');
    // Not even the service role's connection gets past it.
    expect(
      await pgCode(
        stack.db.query(
          `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes)
           values ($1, $2, $3, 'x.txt', 1)`,
          [noteId, notebookId, `${notebookId}/${noteId}/x.txt`],
        ),
      ),
    ).toBe('23514');
    await stack.db.query('delete from public.attachments where path = $1', [
      `${notebookId}/${noteId}/f1.txt`,
    ]);
    expect(await pgCode(attach(22))).toBeUndefined();
  });

  it('deleting a notebook for good (from the trash) removes its rows and queues its files for removal', async () => {
    const owner = await createUser(stack.db, 'deleter');
    const notebookId = await notebookOf(owner.id);
    const note = await stack.db.query<{ id: string }>(
      'insert into public.notes (notebook_id, author_id) values ($1, $2) returning id',
      [notebookId, owner.id],
    );
    const noteId = note.rows[0]!.id;
    await stack.db.query(
      `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes)
       values ($1, $2, $3, 'a.txt', 1)`,
      [noteId, notebookId, `${notebookId}/${noteId}/a.txt`],
    );
    await asCaller(stack.db, callerFor(owner), async (tx) => {
      await tx.query('update public.notebooks set deleted_at = now() where id = $1', [notebookId]);
      await tx.query('delete from public.notebooks where id = $1', [notebookId]);
    });
    for (const table of ['notes', 'attachments', 'notebook_members', 'invitations'])
      expect(
        (await stack.db.query(`select 1 from public.${table} where notebook_id = $1`, [notebookId]))
          .rows,
      ).toEqual([]);
    const queued = await stack.db.query<{ bucket_id: string; path: string }>(
      `select bucket_id, path from public.storage_cleanup where path like $1 || '%' order by path`,
      [notebookId],
    );
    expect(queued.rows).toEqual([
      { bucket_id: 'attachments', path: `${notebookId}/` },
      { bucket_id: 'attachments', path: `${notebookId}/${noteId}/a.txt` },
    ]);
  });

  it('deleting an account removes its profile, notebooks and memberships, and keeps shared notes', async () => {
    const leaver = await createUser(stack.db, 'leaver');
    const host = await createUser(stack.db, 'host');
    const own = await notebookOf(leaver.id);
    const shared = await notebookOf(host.id);
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor')`,
      [shared, leaver.id],
    );
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'mine'), ($3, $2, 'shared')`,
      [own, leaver.id, shared],
    );
    await stack.db.query('update public.profiles set avatar_path = $2 where id = $1', [
      leaver.id,
      `${leaver.id}/avatar.png`,
    ]);
    await stack.db.query('delete from auth.users where id = $1', [leaver.id]);
    expect(
      (await stack.db.query('select 1 from public.profiles where id = $1', [leaver.id])).rows,
    ).toEqual([]);
    expect(
      (await stack.db.query('select 1 from public.notebooks where id = $1', [own])).rows,
    ).toEqual([]);
    expect(
      (
        await stack.db.query('select 1 from public.notebook_members where user_id = $1', [
          leaver.id,
        ])
      ).rows,
    ).toEqual([]);
    expect(
      (await stack.db.query('select author_id from public.notes where notebook_id = $1', [shared]))
        .rows,
    ).toEqual([{ author_id: null }]);
    const queued = await stack.db.query<{ bucket_id: string; path: string }>(
      'select bucket_id, path from public.storage_cleanup where owner_id = $1 order by bucket_id, path',
      [leaver.id],
    );
    expect(queued.rows).toEqual([
      { bucket_id: 'attachments', path: `${own}/` },
      { bucket_id: 'avatars', path: `${leaver.id}/` },
    ]);
  });
});
