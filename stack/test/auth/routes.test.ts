// The route table says which auth routes the gateway leaves open (no API key needed); the
// gateway (server.ts) must agree, route by route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/auth/routes.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

describe('the auth route table', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver: 'pglite' });
  });
  afterAll(() => stack?.close());

  it('marks open exactly the routes the gateway lets through without an API key', async () => {
    const mismatches: string[] = [];
    for (const route of ROUTES) {
      const path = route.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const res = await fetch(`${stack.url}/auth/v1${path}`, {
        method: String(route.methods),
        redirect: 'manual',
      });
      const body = await res.text();
      const refusedByGateway = res.status === 401 && body.includes('No API key found');
      if (refusedByGateway === route.open)
        mismatches.push(`${String(route.methods)} ${route.path}`);
    }
    expect(mismatches).toEqual([]);
  });
});
