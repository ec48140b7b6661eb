import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/storage/routes.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG } from './helpers.ts';

/** A concrete URL path for a route pattern. */
const pathOf = (pattern: string) =>
  pattern.replace(/:\w+/g, 'avatars').replace('*', 'folder/file.txt');

describe('the storage route table', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver: 'pglite', config: STORAGE_CONFIG });
  });
  afterAll(() => stack?.close());

  // The gateway opens paths, not methods: a caller route on the same path as an open one (POST
  // /object/sign/… beside GET /object/sign/…) is reachable without a key, and then acts as anon.
  const openPaths = new Set(ROUTES.filter((r) => r.guard.open).map((r) => r.path));
  const samePathAsOpen = (path: string) =>
    [...openPaths].some((open) => open.replace('/*', '') === path.replace('/*', ''));

  it('lists guards that agree with what the gateway lets through without an API key', async () => {
    for (const route of ROUTES.filter((r) => r.guard.open || !samePathAsOpen(r.path))) {
      const res = await fetch(`${stack.url}/storage/v1${pathOf(route.path)}`, {
        method: route.method,
      });
      await res.body?.cancel();
      const refusedByGateway = res.status === 401;
      expect({ route: `${route.method} ${route.path}`, refusedByGateway }).toEqual({
        route: `${route.method} ${route.path}`,
        refusedByGateway: !route.guard.open,
      });
    }
  });
});
