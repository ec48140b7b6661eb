// Shared setup for the Storage suites: a stack with storage buckets from config.toml, users
// created by inserting auth.users rows and signing their access tokens directly.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientFor, type TestStack } from '../support/stack.ts';

export const STORAGE_CONFIG = `
[storage]
file_size_limit = "5MiB"

[storage.buckets.avatars]
public = true
file_size_limit = "1MiB"
allowed_mime_types = ["image/*", "text/plain"]

[storage.buckets.private]
public = false
`;

/** A supabase-js client with the given API key and, optionally, a user's access token. */
export function clientWith(stack: TestStack, key: string, token?: string): SupabaseClient {
  return clientFor(stack.url, key, { token });
}

export const anonClient = (stack: TestStack) => clientWith(stack, stack.keys.anonKey);
export const serviceClient = (stack: TestStack) => clientWith(stack, stack.keys.serviceRoleKey);

export interface TestUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

/** Inserts an auth.users row and returns a client carrying that user's access token. */
export async function createUser(stack: TestStack, email?: string): Promise<TestUser> {
  const id = randomUUID();
  await stack.db.query(
    `insert into auth.users (id, aud, role, email, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), now())`,
    [id, email ?? `${id}@example.com`],
  );
  const now = Math.floor(Date.now() / 1000);
  const token = await stack.keys.signAccessToken({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
    aal: 'aal1',
    session_id: randomUUID(),
  });
  return { id, token, client: clientWith(stack, stack.keys.anonKey, token) };
}

/** Raw storage request with the given bearer (service key by default). */
export function storageFetch(
  stack: TestStack,
  path: string,
  init: RequestInit & { bearer?: string } = {},
): Promise<Response> {
  const bearer = init.bearer ?? stack.keys.serviceRoleKey;
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.keys.anonKey);
  if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  return fetch(`${stack.url}/storage/v1${path}`, { ...init, headers });
}
