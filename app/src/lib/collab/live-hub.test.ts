import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveHandlers } from './live-changes.ts';

const watched: { handlers: LiveHandlers; stopped: boolean }[] = [];
vi.mock('./live-changes.ts', () => ({
  watchLive: (_client: unknown, _user: string, handlers: LiveHandlers) => {
    const entry = { handlers, stopped: false };
    watched.push(entry);
    return async () => {
      entry.stopped = true;
    };
  },
}));

const { subscribeLive } = await import('./live-hub.ts');
const client = {} as SupabaseClient;

describe('the live hub', () => {
  beforeEach(() => {
    watched.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('joins one channel for every screen of a user and hands each change to all of them', () => {
    const a = vi.fn();
    const b = vi.fn();
    const stopA = subscribeLive(client, 'u1', { change: a });
    const stopB = subscribeLive(client, 'u1', { change: b, resync: b });
    expect(watched).toHaveLength(1);
    const change = { table: 'notes', eventType: 'INSERT', new: { id: 'n' }, old: {} } as const;
    watched[0]!.handlers.change(change);
    watched[0]!.handlers.resync();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    stopA();
    stopB();
  });

  it('leaves the channel once the last screen has gone, but not while one replaces another', () => {
    const stop = subscribeLive(client, 'u2', {});
    stop();
    const again = subscribeLive(client, 'u2', {});
    vi.advanceTimersByTime(2000);
    expect(watched).toHaveLength(1);
    expect(watched[0]!.stopped).toBe(false);
    again();
    vi.advanceTimersByTime(2000);
    expect(watched[0]!.stopped).toBe(true);
  });
});
