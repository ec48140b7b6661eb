import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, serviceClient, storageFetch } from './helpers.ts';

/** How Supabase Storage writes a timestamp in JSON: a JavaScript Date, serialised. */
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(DRIVERS)('storage JSON as Supabase Storage sends it on %s', (driver) => {
  let stack: TestStack;
  const files = () => serviceClient(stack).storage.from('private');
  /** The column as the database holds it, in milliseconds. */
  const dbTime = async (sql: string, params: unknown[]) =>
    new Date((await stack.db.query<{ t: string }>(sql, params)).rows[0]!.t).getTime();

  beforeAll(async () => {
    stack = await startTestStack({ driver, config: STORAGE_CONFIG });
    await files().upload('dir/plain.txt', 'plain', { contentType: 'text/plain' });
  });
  afterAll(() => stack?.close());

  it('writes bucket timestamps in ISO 8601 with T and Z', async () => {
    const { data } = await serviceClient(stack).storage.getBucket('private');
    expect(data?.created_at).toMatch(ISO);
    expect(data?.updated_at).toMatch(ISO);
    const created = await dbTime(
      `select created_at::text as t from storage.buckets where id = $1`,
      ['private'],
    );
    expect(Math.abs(new Date(data!.created_at).getTime() - created)).toBeLessThan(1);
    const list = await serviceClient(stack).storage.listBuckets();
    for (const bucket of list.data!) expect(bucket.updated_at).toMatch(ISO);
  });

  it('writes object timestamps in ISO 8601 in listings, info and removals', async () => {
    const listed = await files().list('dir');
    const file = listed.data!.find((e) => e.name === 'plain.txt')!;
    for (const column of ['created_at', 'updated_at', 'last_accessed_at'] as const)
      expect(file[column]).toMatch(ISO);
    const folder = (await files().list()).data!.find((e) => e.name === 'dir')!;
    expect(folder.created_at).toBeNull();

    const info = await storageFetch(stack, '/object/info/private/dir/plain.txt');
    const body = await info.json();
    expect(body.created_at).toMatch(ISO);
    expect(body.last_modified).toMatch(ISO);
    const updated = await dbTime(
      `select updated_at::text as t from storage.objects where name = $1`,
      ['dir/plain.txt'],
    );
    expect(new Date(body.last_modified).getTime()).toBe(Math.floor(updated));

    await files().upload('dir/gone.txt', 'x', { contentType: 'text/plain' });
    const removed = await files().remove(['dir/gone.txt']);
    expect(removed.data![0]!.created_at).toMatch(ISO);
  });

  it('gives metadata {} in info for objects uploaded without user metadata', async () => {
    const info = await files().info('dir/plain.txt');
    expect(info.data?.metadata).toEqual({});
    await stack.db.query(
      `update storage.objects set user_metadata = null where name = 'dir/plain.txt'`,
    );
    expect((await files().info('dir/plain.txt')).data?.metadata).toEqual({});
  });
});
