import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/storage/routes.ts';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG } from './helpers.ts';

/** A concrete URL path for a route pattern. */
const pathOf = (pattern: string) =>
  pattern.replace(/:\w+/g, 'avatars').replace('*', 'folder/file.txt');

describe.each(DRIVERS)('the storage route table on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: STORAGE_CONFIG });
  });
  afterAll(() => stack?.close());

  it('refuses every caller route without credentials as Storage does, and only those', async () => {
    for (const route of ROUTES) {
      const res = await fetch(`${stack.url}/storage/v1${pathOf(route.path)}`, {
        method: String(route.methods),
      });
      const body = res.headers.get('content-type')?.includes('json') ? await res.json() : {};
      // Params are validated before the guard runs (a body-less POST fails validation first).
      const outcome =
        body.message === 'Invalid Compact JWS'
          ? 'refused'
          : ['InvalidRequest', 'InvalidParameter'].includes(body.code)
            ? 'invalid params'
            : 'let through';
      const expected = route.open
        ? ['invalid params', 'let through']
        : ['refused', 'invalid params'];
      expect(expected, `${String(route.methods)} ${route.path}: ${outcome}`).toContain(outcome);
    }
  });

  it('takes a project JWT without an API key, as behind the Supabase CLI gateway', async () => {
    const res = await fetch(`${stack.url}/storage/v1/bucket`, {
      headers: { authorization: `Bearer ${stack.keys.serviceRoleKey}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).map((b: { id: string }) => b.id).sort()).toEqual([
      'avatars',
      'private',
    ]);
  });
});
