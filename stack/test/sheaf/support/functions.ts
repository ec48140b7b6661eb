// Calling Sheaf's edge functions over HTTP as a user, and reading ZIP archives they return.
import { unzipSync } from 'fflate';
import type { TestStack } from '../../support/stack.ts';
import { tokenFor, type Aal, type TestUser } from './sheaf-stack.ts';

export async function callFunction(
  stack: TestStack,
  name: string,
  user: TestUser | null,
  init: { method?: string; body?: unknown; aal?: Aal; query?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { apikey: stack.keys.anonKey };
  headers.Authorization = `Bearer ${user ? await tokenFor(stack, user, init.aal ?? 'aal1') : stack.keys.anonKey}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${stack.url}/functions/v1/${name}${init.query ?? ''}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The entries of a ZIP archive (stored or deflated): name → bytes, in archive order. */
export function readZip(buffer: ArrayBuffer): Map<string, Uint8Array> {
  return new Map(Object.entries(unzipSync(new Uint8Array(buffer))));
}
