import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, serviceClient, storageFetch } from './helpers.ts';

describe.each(DRIVERS)('storage objects on %s', (driver) => {
  let stack: TestStack;
  const files = () => serviceClient(stack).storage.from('private');
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: STORAGE_CONFIG });
  });
  afterAll(() => stack?.close());

  it('uploads a string body and downloads it back with its content type', async () => {
    const up = await files().upload('notes/hello.txt', 'hello world', {
      contentType: 'text/plain',
      cacheControl: '60',
    });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'notes/hello.txt', fullPath: 'private/notes/hello.txt' });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);
    const down = await files().download('notes/hello.txt');
    expect(await down.data?.text()).toBe('hello world');
    const raw = await storageFetch(stack, '/object/private/notes/hello.txt');
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('text/plain');
    expect(raw.headers.get('cache-control')).toBe('max-age=60');
    expect(raw.headers.get('content-length')).toBe('11');
    expect(raw.headers.get('etag')).toBe('"5eb63bbbe01eeed093cb22bb8f5acdc3"');
  });

  it('uploads a Blob as a multipart form with user metadata', async () => {
    const blob = new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'application/octet-stream' });
    const up = await files().upload('bin/data.bin', blob, { metadata: { kind: 'test' } });
    expect(up.error).toBeNull();
    const info = await files().info('bin/data.bin');
    expect(info.data).toMatchObject({
      name: 'bin/data.bin',
      bucketId: 'private',
      size: 4,
      contentType: 'application/octet-stream',
      cacheControl: 'max-age=3600',
      metadata: { kind: 'test' },
    });
    const down = await files().download('bin/data.bin');
    expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
  });

  it('refuses to overwrite without upsert (409) and replaces with upsert and update', async () => {
    await files().upload('replace.txt', 'one', { contentType: 'text/plain' });
    const again = await files().upload('replace.txt', 'two', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect(await (await files().download('replace.txt')).data?.text()).toBe('one');
    const upsert = await files().upload('replace.txt', 'three', {
      contentType: 'text/plain',
      upsert: true,
    });
    expect(upsert.error).toBeNull();
    expect(await (await files().download('replace.txt')).data?.text()).toBe('three');
    const updated = await files().update('replace.txt', 'four', { contentType: 'text/plain' });
    expect(updated.error).toBeNull();
    expect(await (await files().download('replace.txt')).data?.text()).toBe('four');
    expect(upsert.data?.id).toBe(updated.data?.id);
  });

  it('serves Range requests with 206 and rejects bad ranges with 416', async () => {
    await files().upload('range.txt', '0123456789', { contentType: 'text/plain' });
    const part = await storageFetch(stack, '/object/private/range.txt', {
      headers: { range: 'bytes=2-5' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    const suffix = await storageFetch(stack, '/object/authenticated/private/range.txt', {
      headers: { range: 'bytes=-3' },
    });
    expect(await suffix.text()).toBe('789');
    const bad = await storageFetch(stack, '/object/private/range.txt', {
      headers: { range: 'bytes=20-30' },
    });
    expect(bad.status).toBe(416);
    expect(await bad.json()).toMatchObject({ statusCode: '416', code: 'InvalidRange' });
  });

  it('sets Content-Disposition for the download query and answers 304 for a matching ETag', async () => {
    await files().upload('report.txt', 'data', { contentType: 'text/plain' });
    const bare = await storageFetch(stack, '/object/private/report.txt?download');
    expect(bare.headers.get('content-disposition')).toBe('attachment;');
    const named = await storageFetch(stack, '/object/private/report.txt?download=my%20file.txt');
    expect(named.headers.get('content-disposition')).toBe(
      `attachment; filename=my%20file.txt; filename*=UTF-8''my%20file.txt;`,
    );
    const etag = named.headers.get('etag')!;
    const cached = await storageFetch(stack, '/object/private/report.txt', {
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
  });

  it('reports existence, and missing objects as not_found in Storage shape', async () => {
    expect((await files().exists('report.txt')).data).toBe(true);
    expect((await files().exists('nope.txt')).data).toBe(false);
    const missing = await storageFetch(stack, '/object/private/nope.txt');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    const head = await storageFetch(stack, '/object/private/report.txt', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('4');
  });

  it('lists folders and files one level deep with limit, offset, sort and search', async () => {
    const list = serviceClient(stack).storage.from('avatars');
    for (const name of ['b.txt', 'a.txt', 'dir/one.txt', 'dir/sub/two.txt', 'Cat.txt'])
      await list.upload(`lst/${name}`, name, { contentType: 'text/plain' });
    const top = await list.list('lst');
    expect(top.error).toBeNull();
    expect(top.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['a.txt', false],
      ['b.txt', false],
      ['Cat.txt', false],
      ['dir', true],
    ]);
    const file = top.data!.find((e) => e.name === 'a.txt')!;
    expect(file.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });
    expect(file).toHaveProperty('created_at');
    expect((await list.list('lst/dir')).data?.map((e) => e.name)).toEqual(['one.txt', 'sub']);
    const paged = await list.list('lst', { limit: 2, offset: 1 });
    expect(paged.data?.map((e) => e.name)).toEqual(['b.txt', 'Cat.txt']);
    const desc = await list.list('lst', { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.map((e) => e.name)).toEqual(['dir', 'Cat.txt', 'b.txt', 'a.txt']);
    const newest = await list.list('lst', { sortBy: { column: 'created_at', order: 'desc' } });
    expect(newest.data?.map((e) => e.name)).toEqual(['dir', 'Cat.txt', 'a.txt', 'b.txt']);
    const search = await list.list('lst', { search: 'c' });
    expect(search.data?.map((e) => e.name)).toEqual(['Cat.txt']);
    const root = await list.list();
    expect(root.data?.map((e) => e.name)).toEqual(['lst']);
  });

  it('moves and copies objects, within and across buckets', async () => {
    await files().upload('mv/src.txt', 'move me', { contentType: 'text/plain' });
    const moved = await files().move('mv/src.txt', 'mv/dst.txt');
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ message: 'Successfully moved', Key: 'mv/dst.txt' });
    expect((await files().exists('mv/src.txt')).data).toBe(false);
    expect(await (await files().download('mv/dst.txt')).data?.text()).toBe('move me');

    const copied = await files().copy('mv/dst.txt', 'mv/copy.txt');
    expect(copied).toEqual({ data: { path: 'private/mv/copy.txt' }, error: null });
    await files().remove(['mv/dst.txt']);
    expect(await (await files().download('mv/copy.txt')).data?.text()).toBe('move me');

    const across = await files().copy('mv/copy.txt', 'from-private.txt', {
      destinationBucket: 'avatars',
    });
    expect(across.error).toBeNull();
    const pub = await fetch(`${stack.url}/storage/v1/object/public/avatars/from-private.txt`);
    expect(await pub.text()).toBe('move me');
    const missing = await files().move('mv/none.txt', 'mv/x.txt');
    expect(missing.error).toMatchObject({ statusCode: '404' });
    const clash = await files().copy('mv/copy.txt', 'replace.txt');
    expect(clash.error).toMatchObject({ statusCode: '409' });
  });

  it('removes many objects at once and returns what was removed', async () => {
    await files().upload('rm/1.txt', '1', { contentType: 'text/plain' });
    await files().upload('rm/2.txt', '2', { contentType: 'text/plain' });
    const removed = await files().remove(['rm/1.txt', 'rm/2.txt', 'rm/none.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['rm/1.txt', 'rm/2.txt']);
    expect((await files().list('rm')).data).toEqual([]);
  });

  it('serves public buckets without a key and refuses private ones', async () => {
    const { data } = serviceClient(stack).storage.from('avatars').getPublicUrl('lst/a.txt');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('a.txt');
    const priv = await fetch(`${stack.url}/storage/v1/object/public/private/report.txt`);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const info = await storageFetch(stack, '/object/info/public/avatars/lst/a.txt', { bearer: '' });
    expect(await info.json()).toMatchObject({ name: 'lst/a.txt', size: 5 });
  });
});
