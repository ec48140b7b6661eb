// One live channel per signed-in user, shared by every screen that wants to hear what changes
// (the sidebar's notebooks, a notebook's notes, a note's attachments, the open note's access):
// each subscribes with the handlers it needs; the user's channel (live-changes.ts) is joined
// while at least one screen listens, and left when the last one goes.
import type { SupabaseClient } from '@supabase/supabase-js';
import { watchLive, type LiveHandlers } from './live-changes.ts';

interface Hub {
  listeners: Set<Partial<LiveHandlers>>;
  stop: (() => Promise<void>) | null;
}

const hubs = new WeakMap<SupabaseClient, Map<string, Hub>>();

function hubFor(client: SupabaseClient, userId: string): Hub {
  let byUser = hubs.get(client);
  if (!byUser) hubs.set(client, (byUser = new Map()));
  let hub = byUser.get(userId);
  if (!hub) byUser.set(userId, (hub = { listeners: new Set(), stop: null }));
  return hub;
}

/** Listens to the user's live changes until the returned function is called. */
export function subscribeLive(
  client: SupabaseClient,
  userId: string,
  handlers: Partial<LiveHandlers>,
): () => void {
  const hub = hubFor(client, userId);
  hub.listeners.add(handlers);
  if (!hub.stop) {
    const each = (fn: (h: Partial<LiveHandlers>) => void) => {
      for (const listener of [...hub.listeners]) fn(listener);
    };
    hub.stop = watchLive(client, userId, {
      change: (change) => each((h) => h.change?.(change)),
      access: (change) => each((h) => h.access?.(change)),
      pins: (change) => each((h) => h.pins?.(change)),
      notifications: () => each((h) => h.notifications?.()),
      resync: () => each((h) => h.resync?.()),
    });
  }
  return () => {
    hub.listeners.delete(handlers);
    // Left a moment later: a screen replacing another (a route change) keeps the channel.
    setTimeout(() => {
      if (hub.listeners.size > 0 || !hub.stop) return;
      const stop = hub.stop;
      hub.stop = null;
      void stop();
    }, 1000);
  };
}
