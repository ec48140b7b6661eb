// Opening and closing channels, and what closing one undoes: its audience, its presence (a
// leave diff to the others), its Postgres Changes subscriptions, its token timer.
import type { RealtimeDeps } from '../deps.ts';
import type { JsonObject } from '../protocol/frames.ts';
import type { PresenceDiff } from '../presence/tracker.ts';
import { recheckReads } from './authorization.ts';
import type { Channel } from './channel.ts';

export const canReadBroadcast = (channel: Channel) =>
  !channel.private || channel.policies.broadcast.read === true;

export const canReadPresence = (channel: Channel) =>
  !channel.private || channel.policies.presence.read === true;

/** Sends a presence diff to the audience, counted for `sender` (who tracked, left or closed). */
export function publishPresenceDiff(
  deps: RealtimeDeps,
  audience: string,
  diff: PresenceDiff,
  sender: string,
) {
  const reached = deps.hub.fanout(
    audience,
    {
      kind: 'message',
      joinRef: null,
      ref: null,
      topic: `realtime:${audience.slice(audience.indexOf(':') + 1)}`,
      event: 'presence_diff',
      // PresenceDiff is an interface (no index signature), which TypeScript will not widen to JSON.
      payload: diff as unknown as JsonObject,
    },
    { accept: canReadPresence },
  );
  deps.limits.count('presence', sender, reached.length);
  for (const channel of reached) recheckReads(deps, channel);
}

export function openChannel(deps: RealtimeDeps, channel: Channel): void {
  const host = channel.socket;
  host.channels.set(channel.topic, channel);
  deps.hub.add(channel);
  deps.limits.users.add(host);
  host.channelsChanged();
}

export type CloseHow =
  /** The client left: it has its reply; phx_close follows, as Phoenix sends it. */
  | { kind: 'leave' }
  /** The service ends the channel: a system error says why, then phx_close. */
  | { kind: 'shutdown'; reason: string }
  /** The socket is gone: nothing can be sent. */
  | { kind: 'socket' };

export function closeChannel(deps: RealtimeDeps, channel: Channel, how: CloseHow): void {
  if (channel.closed) return;
  const host = channel.socket;
  if (how.kind === 'shutdown') channel.system('system', 'error', how.reason);
  if (how.kind !== 'socket')
    channel.socket.send({
      kind: 'message',
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: 'phx_close',
      payload: {},
    });
  channel.closed = true;
  clearTimeout(channel.tokenTimer);
  deps.hub.remove(channel);
  deps.changes.removeChannel(channel);
  const diff = deps.presence.untrack(channel);
  if (diff) publishPresenceDiff(deps, channel.audience, diff, channel.sender);
  if (host.channels.get(channel.topic) === channel) host.channels.delete(channel.topic);
  if (host.channels.size === 0) deps.limits.users.delete(host);
  host.channelsChanged();
}
