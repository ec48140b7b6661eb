// Calling Sheaf's edge functions over HTTP as a user, and reading ZIP archives they return.
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

/** The entries of a ZIP archive with stored (uncompressed) entries: name → bytes. */
export function readZip(buffer: ArrayBuffer): Map<string, Uint8Array> {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  let end = buffer.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip archive');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('bad central directory');
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0) throw new Error(`entry ${name} is compressed`);
    const dataStart =
      local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.set(name, bytes.slice(dataStart, dataStart + size));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}
