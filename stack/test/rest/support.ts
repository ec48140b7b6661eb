// Helpers for the REST suites: the fixture stack, user clients with self-signed access tokens,
// and raw fetch with the anon key.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { clientFor, startTestStack, type Driver, type TestStack } from '../support/stack.ts';

/** A supabase-js client for the stack with the given key and optional bearer token. */
export function clientWith(stack: TestStack, key: string, token?: string): SupabaseClient {
  return clientFor(stack.url, key, { token });
}

export const anonClient = (stack: TestStack) => clientWith(stack, stack.keys.anonKey);
export const serviceClient = (stack: TestStack) => clientWith(stack, stack.keys.serviceRoleKey);

export function startRestStack(driver: Driver): Promise<TestStack> {
  return startTestStack({ driver, fixture: 'rest' });
}

export interface TestUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

/** A signed-in user: a fresh uid and an ES256 access token from the stack's own keys. */
export async function makeUser(
  stack: TestStack,
  claims: Record<string, unknown> = {},
): Promise<TestUser> {
  const id = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const token = await stack.keys.signAccessToken({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
    ...claims,
  });
  const client = clientWith(stack, stack.keys.anonKey, token);
  return { id, token, client };
}

/** Raw request to /rest/v1 with the anon key (and an optional bearer token). */
export function rest(
  stack: TestStack,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.keys.anonKey);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  return fetch(`${stack.url}/rest/v1${path}`, { ...init, headers });
}

export const ERROR_SHAPE = {
  code: expect.any(String),
  message: expect.any(String),
  details: expect.toSatisfy(
    (v: unknown) => v === null || typeof v === 'string' || typeof v === 'object',
  ),
  hint: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
};
