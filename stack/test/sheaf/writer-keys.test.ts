// Writers' keys (20261127140000_sheaf_writer_keys.sql), through supabase-js as the app calls the
// functions, on both drivers: anyone signed in registers a public key of their own (stamped with
// them, private parts refused); a member of a note's notebook learns whose a key is and whether
// that person may edit the note now — and no longer once their role is lowered; a stranger and
// anon learn nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { buildWorld, type World, worldClients } from './support/world.ts';
import { plainClient, startSheafStack } from './support/sheaf-stack.ts';

async function publicKey(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  return crypto.subtle.exportKey('jwk', pair.publicKey);
}

describe.each(DRIVERS)('writers’ keys on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let owner: SupabaseClient;
  let editor: SupabaseClient;
  let viewer: SupabaseClient;
  let stranger: SupabaseClient;

  const lookup = (client: SupabaseClient, keyId: string, note = world.noteId) =>
    client.rpc('note_writer_key', { key_id: keyId, note });

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    ({ owner, editor, viewer, stranger } = await worldClients(stack, world));
  });
  afterAll(() => stack?.close());

  it('registers a public key for whoever is signed in, and only a public one', async () => {
    const jwk = await publicKey();
    const { data: id, error } = await editor.rpc('register_writer_key', { public_key: jwk });
    expect(error).toBeNull();
    const { rows } = await stack.db.query<{ user_id: string; public_key: JsonWebKey }>(
      'select user_id, public_key from public.writer_keys where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({
      user_id: world.editor.id,
      public_key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
    });
    const secret = await editor.rpc('register_writer_key', {
      public_key: { ...jwk, d: 'private part' },
    });
    expect(secret.error?.code).toBe('22023');
    const rsa = await editor.rpc('register_writer_key', { public_key: { kty: 'RSA', n: 'x' } });
    expect(rsa.error?.code).toBe('22023');
    const anon = plainClient(stack, stack.keys.anonKey);
    expect((await anon.rpc('register_writer_key', { public_key: jwk })).error).not.toBeNull();
    // Nobody reads the table itself.
    expect((await editor.from('writer_keys').select('id')).error?.code).toBe('42501');
  });

  it('tells members whose a key is and whether they may edit the note now', async () => {
    const { data: editorKey } = await editor.rpc('register_writer_key', {
      public_key: await publicKey(),
    });
    const { data: viewerKey } = await viewer.rpc('register_writer_key', {
      public_key: await publicKey(),
    });
    for (const member of [owner, editor, viewer]) {
      const asked = await lookup(member, editorKey as string);
      expect(asked.data).toEqual([
        expect.objectContaining({ user_id: world.editor.id, may_write: true }),
      ]);
      const theirs = await lookup(member, viewerKey as string);
      expect(theirs.data).toEqual([
        expect.objectContaining({ user_id: world.viewer.id, may_write: false }),
      ]);
    }
    // A stranger, and anyone asking about a note they cannot read, learn nothing.
    expect((await lookup(stranger, editorKey as string)).data).toEqual([]);
    expect((await lookup(editor, crypto.randomUUID())).data).toEqual([]);
  });

  it('answers that a writer lowered to viewer may no longer edit, at once', async () => {
    const { data: key } = await editor.rpc('register_writer_key', {
      public_key: await publicKey(),
    });
    await stack.db.query(
      `update public.notebook_members set role = 'viewer' where notebook_id = $1 and user_id = $2`,
      [world.notebookId, world.editor.id],
    );
    try {
      expect((await lookup(owner, key as string)).data).toEqual([
        expect.objectContaining({ user_id: world.editor.id, may_write: false }),
      ]);
    } finally {
      await stack.db.query(
        `update public.notebook_members set role = 'editor' where notebook_id = $1 and user_id = $2`,
        [world.notebookId, world.editor.id],
      );
    }
  });
});
