// Helpers for the Realtime integration tests: supabase-js clients that connect over `ws`, a
// subscribe that waits for the outcome, and inboxes that collect what callbacks receive so a
// test can wait for the next item. "Receives nothing" is shown by order, never by waiting: a
// later event the same subscriber must see arrives first (delivery is in order per channel).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { RealtimeClientOptions } from '@supabase/realtime-js';
import { clientFor, type TestStack } from '../support/stack.ts';

export interface RealtimeTestOptions {
  key?: string;
  /** The access token, or a function giving the current one (a refresh changes its answer). */
  token?: string | (() => string);
  vsn?: '1.0.0' | '2.0.0';
  realtime?: Omit<RealtimeClientOptions, 'transport'>;
}

/** A client whose Realtime connects over ws, acting with `token` when one is given. */
export function realtimeClient(
  stack: TestStack,
  options: RealtimeTestOptions = {},
): SupabaseClient {
  const { token } = options;
  return clientFor(stack.url, options.key ?? stack.keys.anonKey, {
    accessToken:
      token === undefined ? undefined : async () => (typeof token === 'function' ? token() : token),
    realtime: { vsn: options.vsn, ...options.realtime },
  });
}

/** An access token for a user of the stack (exp in seconds from now; negative: expired). */
export async function userToken(
  stack: TestStack,
  sub: string,
  extra: { exp?: number; role?: string; [claim: string]: unknown } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { exp = 3600, role = 'authenticated', ...claims } = extra;
  return stack.keys.signAccessToken({
    sub,
    role,
    aud: 'authenticated',
    iat: now,
    exp: now + exp,
    ...claims,
  });
}

export interface Outcome {
  status: string;
  error?: Error;
}

/**
 * Subscribes and resolves with the first status: SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT or CLOSED.
 * The client's token is fetched first, as Supabase's docs tell apps to (`await
 * supabase.realtime.setAuth()`): a join sent before it would act as the API key.
 */
export async function subscribe(channel: RealtimeChannel, timeout = 10_000): Promise<Outcome> {
  await channel.socket.setAuth();
  return new Promise((resolve) => {
    let settled = false;
    channel.subscribe((status, error) => {
      if (settled) return;
      settled = true;
      resolve({ status, error });
    }, timeout);
  });
}

/** Subscribes and fails the test unless the channel joins. */
export async function joined(channel: RealtimeChannel): Promise<RealtimeChannel> {
  const outcome = await subscribe(channel);
  if (outcome.status !== 'SUBSCRIBED')
    throw new Error(`expected SUBSCRIBED, got ${outcome.status}: ${outcome.error?.message ?? ''}`);
  return channel;
}

/** Collects items pushed by callbacks; take() waits for the next ones. */
export class Inbox<T> {
  readonly items: T[] = [];
  private taken = 0;
  private waiters: (() => void)[] = [];

  push = (item: T): void => {
    this.items.push(item);
    for (const wake of this.waiters.splice(0)) wake();
  };

  /** The next `count` items not taken yet (waits up to `timeout` ms for them). */
  async take(count = 1, timeout = 10_000): Promise<T[]> {
    const deadline = Date.now() + timeout;
    while (this.items.length < this.taken + count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `expected ${count} more item(s), got ${this.items.length - this.taken}: ${JSON.stringify(this.items.slice(this.taken))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const out = this.items.slice(this.taken, this.taken + count);
    this.taken += count;
    return out;
  }

  async next(timeout?: number): Promise<T> {
    return (await this.take(1, timeout))[0]!;
  }
}

/** Polls until fn returns a truthy value (or throws after `timeout` ms). */
export async function until<T>(fn: () => T | Promise<T>, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Removes every channel of every client and closes their sockets. */
export async function closeAll(...clients: SupabaseClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
}
