import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import {
  STORAGE_CONFIG,
  anonClient,
  createUser,
  serviceClient,
  storageFetch,
  type TestUser,
} from './helpers.ts';

// Policies as a hosted project writes them: users manage files under their own <uid>/ folder.
const POLICIES = `
create policy "own folder: read" on storage.objects for select to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder: write" on storage.objects for insert to authenticated
  with check (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder: update" on storage.objects for update to authenticated
  using (bucket_id = 'private' and owner_id = auth.uid()::text);
create policy "own folder: delete" on storage.objects for delete to authenticated
  using (bucket_id = 'private' and owner_id = auth.uid()::text);
create policy "public avatars are readable" on storage.objects for select to anon, authenticated
  using (bucket_id = 'avatars');
`;

describe.each(DRIVERS)('storage row-level security on %s', (driver) => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: STORAGE_CONFIG,
      migrations: { '20240101000000_storage_policies.sql': POLICIES },
    });
    alice = await createUser(stack);
    bob = await createUser(stack);
  });
  afterAll(() => stack?.close());

  it('lets a user upload into their own folder and records them as owner', async () => {
    const up = await alice.client.storage
      .from('private')
      .upload(`${alice.id}/note.txt`, 'mine', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    const { rows } = await stack.db.query<{ owner: string; owner_id: string }>(
      `select owner, owner_id from storage.objects where name = $1`,
      [`${alice.id}/note.txt`],
    );
    expect(rows[0]).toEqual({ owner: alice.id, owner_id: alice.id });
    const down = await alice.client.storage.from('private').download(`${alice.id}/note.txt`);
    expect(await down.data?.text()).toBe('mine');
  });

  // The bucket's limits and the policies are asked in one round trip; the answer is still the
  // first check that fails, in Storage's order: the bucket, its types and size, the policies.
  it('answers a refused upload with the first check it fails: bucket, type, size, then RLS', async () => {
    const bucket = (name: string) => bob.client.storage.from(name);
    const missing = await bucket('no-such-bucket').upload('x.txt', 'x', {
      contentType: 'text/plain',
    });
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    // avatars takes images and text only, and has no insert policy for users.
    const wrongType = await bucket('avatars').upload(`${bob.id}/x.pdf`, 'x', {
      contentType: 'application/pdf',
    });
    expect(wrongType.error).toMatchObject({ statusCode: '415' });
    // A body that says its size up front is measured before the policies are asked.
    const tooLarge = await storageFetch(stack, `/object/avatars/${bob.id}/big.txt`, {
      method: 'POST',
      bearer: bob.token,
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(await tooLarge.json()).toMatchObject({ statusCode: '413' });
    const refused = await bucket('avatars').upload(`${bob.id}/x.txt`, 'x', {
      contentType: 'text/plain',
    });
    expect(refused.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const { rows } = await stack.db.query(`select 1 from storage.objects where owner_id = $1`, [
      bob.id,
    ]);
    expect(rows).toEqual([]);
  });

  it("denies uploads into another user's folder with 403", async () => {
    const up = await bob.client.storage
      .from('private')
      .upload(`${alice.id}/evil.txt`, 'nope', { contentType: 'text/plain' });
    expect(up.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const { rows } = await stack.db.query(`select 1 from storage.objects where name = $1`, [
      `${alice.id}/evil.txt`,
    ]);
    expect(rows).toEqual([]);
  });

  it("hides other users' files: not found, not listed, not signable", async () => {
    const priv = bob.client.storage.from('private');
    expect((await priv.download(`${alice.id}/note.txt`)).error).toMatchObject({ status: 400 });
    expect((await priv.exists(`${alice.id}/note.txt`)).data).toBe(false);
    expect((await priv.list(alice.id)).data).toEqual([]);
    expect((await priv.createSignedUrl(`${alice.id}/note.txt`, 60)).error).toMatchObject({
      statusCode: '404',
    });
    const removed = await priv.remove([`${alice.id}/note.txt`]);
    expect(removed.data).toEqual([]);
    expect((await alice.client.storage.from('private').list(alice.id)).data?.length).toBe(1);
  });

  it('denies anon everything on the private bucket and allows reading avatars', async () => {
    const anon = anonClient(stack).storage;
    const up = await anon.from('private').upload('x.txt', 'x', { contentType: 'text/plain' });
    expect(up.error).toMatchObject({ statusCode: '403' });
    expect((await anon.from('private').list()).data).toEqual([]);
    await serviceClient(stack).storage.from('avatars').upload('pic.txt', 'p', {
      contentType: 'text/plain',
    });
    expect(await (await anon.from('avatars').download('pic.txt')).data?.text()).toBe('p');
    const anonUpload = await anon
      .from('avatars')
      .upload('a.txt', 'a', { contentType: 'text/plain' });
    expect(anonUpload.error).toMatchObject({ statusCode: '403' });
  });

  it('requires select and update policies to upsert, as Supabase does', async () => {
    const path = `${alice.id}/upsert.txt`;
    const priv = alice.client.storage.from('private');
    expect((await priv.upload(path, 'v1', { contentType: 'text/plain' })).error).toBeNull();
    const replaced = await priv.upload(path, 'v2', { contentType: 'text/plain', upsert: true });
    expect(replaced.error).toBeNull();
    expect(await (await priv.download(path)).data?.text()).toBe('v2');
    const byBob = await bob.client.storage
      .from('private')
      .upload(path, 'bob', { contentType: 'text/plain', upsert: true });
    expect(byBob.error).toMatchObject({ statusCode: '403' });
    expect(await (await priv.download(path)).data?.text()).toBe('v2');
  });

  it('lets the service key bypass row-level security', async () => {
    const service = serviceClient(stack).storage.from('private');
    expect(await (await service.download(`${alice.id}/note.txt`)).data?.text()).toBe('mine');
    const list = await service.list(alice.id);
    expect(list.data?.map((e) => e.name)).toContain('note.txt');
  });

  it('rejects an invalid or expired user token as AccessDenied', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await stack.keys.signAccessToken({
      sub: alice.id,
      role: 'authenticated',
      iat: now - 7200,
      exp: now - 3600,
    });
    const res = await fetch(`${stack.url}/storage/v1/object/private/${alice.id}/note.txt`, {
      headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'jwt expired',
    });
  });
});
