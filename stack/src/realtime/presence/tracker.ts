// Presence as Phoenix.Presence keeps it: per audience, each key (a user, a device …) holds one
// meta per tracking channel, tagged with a `phx_ref`. Tracking again replaces the channel's
// meta (the diff leaves the old one and joins the new, which names it in `phx_ref_prev`);
// untracking or a closed channel leaves it.
import { randomBytes } from 'node:crypto';
import type { JsonObject } from '../protocol/frames.ts';
import type { Channel } from '../socket/channel.ts';

export type Meta = JsonObject & { phx_ref: string };
/** `{key: {metas: [...]}}`, the shape of presence_state and of each side of presence_diff. */
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

function newRef(): string {
  return randomBytes(9).toString('base64url');
}

function add(map: PresenceMap, key: string, meta: Meta): void {
  (map[key] ??= { metas: [] }).metas.push(meta);
}

export class PresenceTracker {
  /** audience → key → channel → meta */
  private audiences = new Map<string, Map<string, Map<Channel, Meta>>>();

  /** Tracks `payload` under `key` for the channel; returns the diff to broadcast. */
  track(channel: Channel, key: string, payload: JsonObject): PresenceDiff {
    let keys = this.audiences.get(channel.audience);
    if (!keys) this.audiences.set(channel.audience, (keys = new Map()));
    let metas = keys.get(key);
    if (!metas) keys.set(key, (metas = new Map()));
    const diff: PresenceDiff = { joins: {}, leaves: {} };
    const previous = metas.get(channel);
    const meta: Meta = { ...payload, phx_ref: newRef() };
    if (previous) {
      meta.phx_ref_prev = previous.phx_ref;
      add(diff.leaves, key, previous);
    }
    metas.set(channel, meta);
    add(diff.joins, key, meta);
    return diff;
  }

  /** Removes every meta of the channel; undefined when it tracked nothing. */
  untrack(channel: Channel): PresenceDiff | undefined {
    const keys = this.audiences.get(channel.audience);
    if (!keys) return undefined;
    const diff: PresenceDiff = { joins: {}, leaves: {} };
    let left = false;
    for (const [key, metas] of keys) {
      const meta = metas.get(channel);
      if (!meta) continue;
      metas.delete(channel);
      add(diff.leaves, key, meta);
      left = true;
      if (metas.size === 0) keys.delete(key);
    }
    if (keys.size === 0) this.audiences.delete(channel.audience);
    return left ? diff : undefined;
  }

  state(audience: string): PresenceMap {
    const state: PresenceMap = {};
    for (const [key, metas] of this.audiences.get(audience) ?? [])
      for (const meta of metas.values()) add(state, key, meta);
    return state;
  }
}
