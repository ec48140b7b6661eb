import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, serviceClient, storageFetch } from './helpers.ts';

// Hosted Storage keys bytes in S3 as `<20-character ref>/<bucket>/<name>/<36-character version>`
// and S3 takes at most 1024 bytes: in `private`, names of up to 1024 - 59 - 7 = 958 bytes.
const LONGEST_IN_PRIVATE = 958;

const KEY_TOO_LONG = {
  statusCode: '400',
  code: 'S3Error',
  error: 'Your key is too long',
  message: 'KeyTooLongError',
};

/** A supabase-js error carrying KEY_TOO_LONG. */
function expectKeyTooLong(error: { message: string } | null) {
  expect(error?.message).toBe('KeyTooLongError');
  expect(error).toMatchObject({ statusCode: '400', code: 'S3Error' });
}

describe.each(DRIVERS)('storage limits on copy, move and long names on %s', (driver) => {
  let stack: TestStack;
  const files = () => serviceClient(stack).storage.from('private');
  const rowsNamed = async (bucket: string, name: string) =>
    (
      await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        bucket,
        name,
      ])
    ).rows.length;

  beforeAll(async () => {
    stack = await startTestStack({ driver, config: STORAGE_CONFIG });
    await files().upload('page.html', '<script>alert(1)</script>', { contentType: 'text/html' });
    const big = new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'image/png' });
    await files().upload('big.bin', big);
    await files().upload('small.png', 'png', { contentType: 'image/png' });
  });
  afterAll(() => stack?.close());

  it('refuses to copy or move a file whose type the destination bucket does not allow', async () => {
    const copied = await files().copy('page.html', 'page.html', { destinationBucket: 'avatars' });
    expect(copied.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/html is not supported',
    });
    const moved = await files().move('page.html', 'page.html', { destinationBucket: 'avatars' });
    expect(moved.error).toMatchObject({ statusCode: '415' });
    expect(await rowsNamed('avatars', 'page.html')).toBe(0);
    expect(await rowsNamed('private', 'page.html')).toBe(1);
  });

  it('refuses to copy or move a file over the destination bucket size limit', async () => {
    const copied = await files().copy('big.bin', 'big.png', { destinationBucket: 'avatars' });
    expect(copied.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const moved = await files().move('big.bin', 'big.png', { destinationBucket: 'avatars' });
    expect(moved.error).toMatchObject({ statusCode: '413' });
    expect(await rowsNamed('avatars', 'big.png')).toBe(0);
    expect(await (await files().download('big.bin')).data?.size).toBe(2 * 1024 * 1024);
  });

  it('copies and moves what the destination bucket takes', async () => {
    const copied = await files().copy('small.png', 'copied.png', { destinationBucket: 'avatars' });
    expect(copied.error).toBeNull();
    const moved = await files().move('small.png', 'moved.png', { destinationBucket: 'avatars' });
    expect(moved.error).toBeNull();
    const avatars = serviceClient(stack).storage.from('avatars');
    expect(await (await avatars.download('moved.png')).data?.text()).toBe('png');
  });

  it('takes names up to what fits in hosted Storage and refuses longer ones as hosted does', async () => {
    const longest = 'a'.repeat(LONGEST_IN_PRIVATE);
    expect((await files().upload(longest, 'x', { contentType: 'text/plain' })).error).toBeNull();
    for (const length of [LONGEST_IN_PRIVATE + 1, 1025, 10_000]) {
      const res = await storageFetch(stack, `/object/private/${'b'.repeat(length)}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(KEY_TOO_LONG);
    }
    const { rows } = await stack.db.query(`select 1 from storage.objects where length(name) > $1`, [
      LONGEST_IN_PRIVATE,
    ]);
    expect(rows).toEqual([]);
  });

  it('refuses copies, moves and signed uploads to a name too long for hosted Storage', async () => {
    const tooLong = 'c'.repeat(1025);
    await files().upload('source.txt', 'x', { contentType: 'text/plain' });
    expectKeyTooLong((await files().copy('source.txt', tooLong)).error);
    expectKeyTooLong((await files().move('big.bin', tooLong)).error);
    const signed = await files().createSignedUploadUrl(tooLong);
    const up = await files().uploadToSignedUrl(tooLong, signed.data!.token, 'x', {
      contentType: 'text/plain',
    });
    expectKeyTooLong(up.error);
    expect(await rowsNamed('private', tooLong)).toBe(0);
  });
});
