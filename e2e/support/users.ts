// Accounts for tests, made through the stack's Auth API with supabase-js exactly as the app
// would: sign up, read the code from the inbox, confirm.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { E2E } from './harness.ts';
import { lastMessageId, waitForMessage } from './inbox.ts';

export function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Realtime is never used by these clients; Node 20 has no global WebSocket, so stub it. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in the E2E helpers');
  }
}

export function apiClient(e2e: E2E): SupabaseClient {
  return createClient(e2e.stackUrl, e2e.stack.keys.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
}

/** A confirmed email account; returns a client signed in as it. */
export async function createUser(
  e2e: E2E,
  email: string,
  password: string,
): Promise<SupabaseClient> {
  const client = apiClient(e2e);
  const before = await lastMessageId(e2e.stackUrl, email);
  const { error } = await client.auth.signUp({ email, password });
  if (error) throw error;
  const message = await waitForMessage(e2e.stackUrl, email, { after: before });
  const verified = await client.auth.verifyOtp({ email, token: message.code!, type: 'email' });
  if (verified.error) throw verified.error;
  return client;
}
