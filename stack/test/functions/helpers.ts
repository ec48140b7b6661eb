// Shared helpers for the Edge Functions suites: the fixture stack, supabase-js clients and a
// raw fetch with the usual headers.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  clientFor,
  startTestStack,
  type Driver,
  type TestStack,
  type WorkdirSpec,
} from '../support/stack.ts';

export function client(stack: TestStack, key: string = stack.keys.anonKey): SupabaseClient {
  return clientFor(stack.url, key);
}

export const service = (stack: TestStack) => client(stack, stack.keys.serviceRoleKey);

/** The functions fixture (stack/test/fixtures/functions) with extra files if given. */
export function startFunctionsStack(driver: Driver, extra: WorkdirSpec = {}): Promise<TestStack> {
  return startTestStack({ driver, fixture: 'functions', ...extra });
}

/** fetch /functions/v1/<path>, with the anon key as apikey and bearer unless headers say otherwise. */
export function callFunction(
  stack: TestStack,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.keys.anonKey,
      authorization: `Bearer ${stack.keys.anonKey}`,
      ...init.headers,
    },
  });
}

/** Waits until `check` is true (polling), for log lines that arrive asynchronously. */
export async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
