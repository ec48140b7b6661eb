import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from '../../src/config/config.ts';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, anonClient, createUser, serviceClient } from './helpers.ts';

const POLICIES = `
create policy "own folder" on storage.objects for all to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text);
`;

async function signToken(
  claims: Record<string, unknown>,
  expiresIn: number,
  secret = DEFAULT_JWT_SECRET,
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(secret));
}

describe.each(DRIVERS)('storage signed URLs on %s', (driver) => {
  let stack: TestStack;
  const files = () => serviceClient(stack).storage.from('private');
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: STORAGE_CONFIG,
      migrations: { '20240101000000_policies.sql': POLICIES },
    });
    await files().upload('docs/a.txt', 'signed A', { contentType: 'text/plain' });
    await files().upload('docs/b.txt', 'signed B', { contentType: 'text/plain' });
  });
  afterAll(() => stack?.close());

  it('signs a download URL that works without any key until it expires', async () => {
    const { data, error } = await files().createSignedUrl('docs/a.txt', 60);
    expect(error).toBeNull();
    expect(data?.signedUrl).toMatch(/\/storage\/v1\/object\/sign\/private\/docs\/a\.txt\?token=/);
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed A');
    expect(res.headers.get('expires')).toBeTruthy();
    const attachment = await files().createSignedUrl('docs/a.txt', 60, { download: 'a.txt' });
    const dl = await fetch(attachment.data!.signedUrl);
    expect(dl.headers.get('content-disposition')).toContain('filename=a.txt');
  });

  it('downloads a file under exactly its name, however awkward, once encoded on the URL', async () => {
    const name = 'résumé #1 (final) 😀 <b>.txt';
    const { data } = await files().createSignedUrl('docs/a.txt', 60);
    const res = await fetch(`${data!.signedUrl}&download=${encodeURIComponent(name)}`);
    expect(await res.text()).toBe('signed A');
    const header = res.headers.get('content-disposition')!;
    // As hosted Storage: encoded once, in filename* and in the ASCII filename.
    const encoded = encodeURIComponent(name);
    expect(header).toBe(`attachment; filename=${encoded}; filename*=UTF-8''${encoded};`);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+);$/.exec(header)![1]!)).toBe(name);
  });

  it('handles keys with spaces and punctuation through upload, sign and download', async () => {
    const key = "docs/my file (v2) & notes, it's+1.txt";
    expect((await files().upload(key, 'odd name', { contentType: 'text/plain' })).error).toBeNull();
    const { data } = await files().createSignedUrl(key, 60);
    expect(await (await fetch(data!.signedUrl)).text()).toBe('odd name');
    expect(await (await files().download(key)).data?.text()).toBe('odd name');
    const listed = await files().list('docs');
    expect(listed.data?.map((e) => e.name)).toContain("my file (v2) & notes, it's+1.txt");
  });

  it('signs many URLs at once, reporting the ones that do not exist', async () => {
    const { data, error } = await files().createSignedUrls(['docs/a.txt', 'docs/none.txt'], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ path: 'docs/a.txt', error: null });
    expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('signed A');
    expect(data![1]).toEqual({
      path: 'docs/none.txt',
      error: 'Either the object does not exist or you do not have access to it',
      signedURL: null,
      signedUrl: null,
    });
  });

  it('refuses expired tokens', async () => {
    const token = await signToken({ url: 'private/docs/a.txt', scope: 'download' }, -10);
    const res = await fetch(
      `${stack.url}/storage/v1/object/sign/private/docs/a.txt?token=${token}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: 'jwt expired',
    });
  });

  it('refuses tampered tokens: other path, other secret, edited payload', async () => {
    const { data } = await files().createSignedUrl('docs/a.txt', 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const otherPath = await fetch(
      `${stack.url}/storage/v1/object/sign/private/docs/b.txt?token=${token}`,
    );
    expect(await otherPath.json()).toMatchObject({ code: 'InvalidSignature' });

    const forged = await signToken(
      { url: 'private/docs/b.txt', scope: 'download' },
      60,
      'not-the-project-secret-but-long-enough-to-sign',
    );
    const wrongSecret = await fetch(
      `${stack.url}/storage/v1/object/sign/private/docs/b.txt?token=${forged}`,
    );
    expect(await wrongSecret.json()).toMatchObject({
      code: 'InvalidJWT',
      message: 'invalid signature',
    });

    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ url: 'private/docs/b.txt', scope: 'download', exp: 9999999999 }),
    ).toString('base64url');
    const edited = await fetch(
      `${stack.url}/storage/v1/object/sign/private/docs/b.txt?token=${header}.${payload}.${signature}`,
    );
    expect(edited.status).toBe(400);
    expect(await edited.json()).toMatchObject({ code: 'InvalidJWT' });

    const uploadScoped = await signToken(
      { url: 'private/docs/a.txt', scope: 'upload', upsert: false },
      60,
    );
    const wrongScope = await fetch(
      `${stack.url}/storage/v1/object/sign/private/docs/a.txt?token=${uploadScoped}`,
    );
    expect(await wrongScope.json()).toMatchObject({ code: 'InvalidSignature' });
  });

  it('signs upload URLs only for callers allowed to write, and uploads through them', async () => {
    const user = await createUser(stack);
    const mine = user.client.storage.from('private');
    const signed = await mine.createSignedUploadUrl(`${user.id}/via-url.txt`);
    expect(signed.error).toBeNull();
    expect(signed.data?.path).toBe(`${user.id}/via-url.txt`);
    const up = await anonClient(stack)
      .storage.from('private')
      .uploadToSignedUrl(`${user.id}/via-url.txt`, signed.data!.token, 'through a signed URL', {
        contentType: 'text/plain',
      });
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe(`private/${user.id}/via-url.txt`);
    expect(await (await mine.download(`${user.id}/via-url.txt`)).data?.text()).toBe(
      'through a signed URL',
    );
    const { rows } = await stack.db.query<{ owner_id: string }>(
      'select owner_id from storage.objects where name = $1',
      [`${user.id}/via-url.txt`],
    );
    expect(rows[0]?.owner_id).toBe(user.id);

    const again = await anonClient(stack)
      .storage.from('private')
      .uploadToSignedUrl(`${user.id}/via-url.txt`, signed.data!.token, 'again');
    expect(again.error).toMatchObject({ statusCode: '409' });

    const denied = await mine.createSignedUploadUrl('someone-else/x.txt');
    expect(denied.error).toMatchObject({ statusCode: '403' });

    const otherKey = await anonClient(stack)
      .storage.from('private')
      .uploadToSignedUrl(`${user.id}/other.txt`, signed.data!.token, 'x');
    expect(otherKey.error).toMatchObject({ statusCode: '400' });
  });
});
