// Shared helpers for the Edge Functions suites: the fixture stack, supabase-js clients and a
// raw fetch with the usual headers.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type Driver, type TestStack, type WorkdirSpec } from '../support/stack.ts';

/** Realtime is never used here; Node 20 has no global WebSocket, so realtime-js gets a stand-in. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in functions tests');
  }
}

export function client(stack: TestStack, key: string = stack.keys.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
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
