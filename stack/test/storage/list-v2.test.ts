import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, serviceClient, storageFetch } from './helpers.ts';

describe.each(DRIVERS)('storage list-v2 on %s', (driver) => {
  let stack: TestStack;
  const files = () => serviceClient(stack).storage.from('private');
  const names = ['docs/c.txt', 'docs/a.txt', 'docs/e.txt', 'docs/b.txt', 'docs/d.txt'];

  beforeAll(async () => {
    stack = await startTestStack({ driver, config: STORAGE_CONFIG });
    // One after the other, so creation order is the order of this list.
    for (const name of [...names, 'docs/sub/x.txt', 'docs/sub/y.txt', 'top.txt'])
      await files().upload(name, name, { contentType: 'text/plain' });
  });
  afterAll(() => stack?.close());

  it('lists full names under a prefix, with folders when delimited', async () => {
    const flat = await files().listV2({ prefix: 'docs/' });
    expect(flat.error).toBeNull();
    expect(flat.data?.folders).toEqual([]);
    expect(flat.data?.objects.map((o) => o.name)).toEqual([
      'docs/a.txt',
      'docs/b.txt',
      'docs/c.txt',
      'docs/d.txt',
      'docs/e.txt',
      'docs/sub/x.txt',
      'docs/sub/y.txt',
    ]);
    const delimited = await files().listV2({ prefix: 'docs/', with_delimiter: true });
    expect(delimited.data?.folders).toEqual([
      expect.objectContaining({ key: 'sub', name: 'docs/sub/', id: null }),
    ]);
    expect(delimited.data?.objects).toHaveLength(5);
    expect(delimited.data?.objects[0]).toMatchObject({
      key: 'a.txt',
      name: 'docs/a.txt',
      metadata: expect.objectContaining({ size: 10 }),
    });
    const root = await files().listV2({ with_delimiter: true });
    expect(root.data?.folders.map((f) => f.name)).toEqual(['docs/']);
    expect(root.data?.objects.map((o) => o.name)).toEqual(['top.txt']);
  });

  it('pages with a cursor in every sort order, each entry once', async () => {
    const sorts = [
      { sortBy: undefined, expected: [...names].sort() },
      { sortBy: { column: 'name', order: 'desc' }, expected: [...names].sort().reverse() },
      { sortBy: { column: 'created_at', order: 'asc' }, expected: names },
      { sortBy: { column: 'updated_at', order: 'desc' }, expected: [...names].reverse() },
    ] as const;
    for (const { sortBy, expected } of sorts) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await files().listV2({
          prefix: 'docs/',
          with_delimiter: true,
          limit: 2,
          ...(cursor ? { cursor } : {}),
          ...(sortBy ? { sortBy } : {}),
        });
        expect(res.error).toBeNull();
        seen.push(...res.data!.objects.map((o) => o.name));
        if (!res.data!.hasNext) break;
        cursor = res.data!.nextCursor;
      }
      expect(seen).toEqual([...expected]);
    }
  });

  it('refuses a forged cursor as an invalid parameter', async () => {
    const forged = Buffer.from('l:docs/a.txt\nc:name"; drop table x; --').toString('base64');
    const res = await storageFetch(stack, '/object/list-v2/private', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: 'docs/', cursor: forged }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'InvalidParameter' });
  });
});
