// Opening and closing channels, and what closing one undoes: its audience, its presence (a
// leave diff to the others), its Postgres Changes subscriptions, its token timer; and closing a
// private channel whose read access is gone, once a delivery finds its decision stale
// (authorization.ts asks the policies).
import type { RealtimeDeps } from '../deps.ts';
import type { JsonObject } from '../protocol/frames.ts';
import type { PresenceDiff } from '../presence/tracker.ts';
import { SHUTDOWN } from '../errors.ts';
import { askRead, readsAreStale, readVerdict, setReads } from './authorization.ts';
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

/**
 * After a delivery to a private channel: when its read decision is older than the TTL, asks
 * again in the background (one question at a time per channel) and closes the channel, with
 * Realtime's message, when read access is gone. A policy that fails closes it as unreadable.
 */
export function recheckReads(deps: RealtimeDeps, channel: Channel): void {
  if (!channel.private || channel.closed || channel.readCheck) return;
  if (!readsAreStale(deps, channel)) return;
  const identity = channel.identity;
  channel.readCheck = askRead(deps, channel, identity)
    .then((decisions) => {
      // A new token while this was asked: its own check decides.
      if (channel.closed || channel.identity !== identity) return;
      const verdict = readVerdict(channel, decisions);
      if (verdict) {
        deps.log.warn(`ChannelShutdown: ${verdict}`);
        closeChannel(deps, channel, { kind: 'shutdown', reason: verdict });
      } else setReads(channel, decisions);
    })
    .catch((error: unknown) => {
      deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
      if (!channel.closed)
        closeChannel(deps, channel, {
          kind: 'shutdown',
          reason: SHUTDOWN.readDenied(channel.subTopic),
        });
    })
    .finally(() => {
      channel.readCheck = undefined;
    });
}
