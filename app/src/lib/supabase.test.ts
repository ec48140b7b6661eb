import { describe, expect, it, vi } from 'vitest';
import { withDataClient, type Supabase } from './supabase.ts';

const client = {} as Supabase;

describe('withDataClient', () => {
  it('starts once the data client has loaded and stops on clean-up', async () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const cleanUp = withDataClient(async () => client, start);
    await vi.waitFor(() => expect(start).toHaveBeenCalledWith(client));
    cleanUp();
    expect(stop).toHaveBeenCalledOnce();
  });

  it('never starts when cleaned up before the client has loaded', async () => {
    let loaded = (_: Supabase) => undefined as void;
    const start = vi.fn(() => () => undefined);
    const cleanUp = withDataClient(() => new Promise((resolve) => (loaded = resolve)), start);
    cleanUp();
    loaded(client);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).not.toHaveBeenCalled();
  });

  it('does nothing when the client cannot load', async () => {
    const start = vi.fn(() => () => undefined);
    const cleanUp = withDataClient(() => Promise.reject(new Error('offline')), start);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).not.toHaveBeenCalled();
    cleanUp();
  });
});
