// Shared helpers for the auth integration tests: raw fetch against /auth/v1 and the inbox.
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientFor, type TestStack } from '../support/stack.ts';

export interface Raw {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A raw request to /auth/v1 with the anon key (or the given key / bearer). */
export async function raw(
  stack: TestStack,
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    bearer?: string;
    key?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Raw> {
  const key = options.key ?? stack.keys.anonKey;
  const res = await fetch(`${stack.url}/auth/v1${path}`, {
    method,
    redirect: 'manual',
    headers: {
      apikey: key,
      authorization: `Bearer ${options.bearer ?? key}`,
      'content-type': 'application/json',
      ...options.headers,
    },
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

export interface InboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  code: string | null;
  link: string | null;
  kind: string;
  channel: string;
}

export async function inbox(stack: TestStack, to: string): Promise<InboxMessage[]> {
  const res = await fetch(`${stack.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: InboxMessage[] }).messages;
}

export async function latest(stack: TestStack, to: string): Promise<InboxMessage> {
  const [m] = await inbox(stack, to);
  if (!m) throw new Error(`no message for ${to}`);
  return m;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

/** A supabase-js client without session persistence (anon key unless `key` is given). */
export function client(
  stack: TestStack,
  key: string = stack.keys.anonKey,
  flowType: 'implicit' | 'pkce' = 'implicit',
): SupabaseClient {
  return clientFor(stack.url, key, { flowType });
}

export const service = (stack: TestStack) => client(stack, stack.keys.serviceRoleKey);
