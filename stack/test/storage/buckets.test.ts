import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, anonClient, createUser, serviceClient, storageFetch } from './helpers.ts';

describe.each(DRIVERS)('storage buckets on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: STORAGE_CONFIG });
  });
  afterAll(() => stack?.close());

  it('creates the buckets declared in config.toml', async () => {
    const { data, error } = await serviceClient(stack).storage.getBucket('avatars');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: 'avatars',
      name: 'avatars',
      public: true,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ['image/*', 'text/plain'],
    });
    const list = await serviceClient(stack).storage.listBuckets();
    expect(list.data?.map((b) => b.id).sort()).toEqual(['avatars', 'private']);
  });

  it('creates, updates, empties and deletes a bucket with the service key', async () => {
    const storage = serviceClient(stack).storage;
    const created = await storage.createBucket('docs', {
      public: false,
      fileSizeLimit: '2MB',
      allowedMimeTypes: ['application/pdf'],
    });
    expect(created).toEqual({ data: { name: 'docs' }, error: null });
    const got = await storage.getBucket('docs');
    expect(got.data).toMatchObject({ public: false, file_size_limit: 2_000_000 });

    const updated = await storage.updateBucket('docs', { public: true, fileSizeLimit: 1000 });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await storage.getBucket('docs')).data).toMatchObject({
      public: true,
      file_size_limit: 1000,
      allowed_mime_types: ['application/pdf'],
    });

    const up = await storage
      .from('docs')
      .upload('a.pdf', 'hello', { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    const notEmpty = await storage.deleteBucket('docs');
    expect(notEmpty.error).toMatchObject({
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
    expect((await storage.emptyBucket('docs')).error).toBeNull();
    expect((await storage.from('docs').list()).data).toEqual([]);
    expect(await storage.deleteBucket('docs')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    });
    const gone = await storage.getBucket('docs');
    expect(gone.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('answers duplicate, invalid and over-limit buckets in Storage error shape', async () => {
    const storage = serviceClient(stack).storage;
    const dup = await storageFetch(stack, '/bucket', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'avatars' }),
    });
    expect(dup.status).toBe(400);
    expect(await dup.json()).toEqual({
      statusCode: '409',
      code: 'BucketAlreadyExists',
      error: 'Duplicate',
      message: 'The resource already exists',
    });
    const invalid = await storage.createBucket('bad/name');
    expect(invalid.error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    const tooBig = await storage.createBucket('huge', { public: false, fileSizeLimit: '1GB' });
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const badMime = await storage.createBucket('mimes', {
      public: false,
      allowedMimeTypes: ['not a mime'],
    });
    expect(badMime.error).toMatchObject({ statusCode: '415' });
  });

  it('leaves bucket management to policies: anon and users cannot create or see private buckets', async () => {
    const anon = await anonClient(stack).storage.createBucket('anon-bucket');
    expect(anon.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const user = await createUser(stack);
    expect((await user.client.storage.listBuckets()).data).toEqual([]);
    expect((await user.client.storage.getBucket('private')).error).toMatchObject({
      statusCode: '404',
    });
  });
});

describe.each(DRIVERS)('storage bucket seeding on %s', (driver) => {
  it('uploads the files of objects_path at start, skipping what the bucket refuses', async () => {
    const stack = await startTestStack({
      driver,
      config: `
[storage.buckets.seeded]
public = true
allowed_mime_types = ["image/*", "text/plain"]
objects_path = "./seed-files"
`,
      files: {
        'seed-files/readme.txt': 'seeded text',
        'seed-files/img/logo.png': 'not really a png',
        'seed-files/refused.pdf': '%PDF',
      },
    });
    try {
      const seeded = serviceClient(stack).storage.from('seeded');
      expect(await (await seeded.download('readme.txt')).data?.text()).toBe('seeded text');
      const info = await seeded.info('img/logo.png');
      expect(info.data).toMatchObject({ contentType: 'image/png', size: 16 });
      expect((await seeded.exists('refused.pdf')).data).toBe(false);
    } finally {
      await stack.close();
    }
  });
});
