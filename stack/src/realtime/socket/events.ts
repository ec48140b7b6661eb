// The socket's one event table: every message a client may send, where it is accepted, the
// guards that stand before its handler, and the handler. Anything else is answered as Phoenix
// answers it: an `unmatched topic` error for a topic the socket has not joined, nothing (after
// counting it) for an unknown event on a joined one.
import {
  parseBroadcast,
  sendBroadcast,
  wellFormed,
  withinPayloadLimit,
  withinProjectRate,
  writePolicyAdmits,
} from '../broadcast/push.ts';
import { reply, type Inbound } from '../protocol/frames.ts';
import {
  handlePresence,
  knownEvent,
  parsePresence,
  presenceWriteAdmits,
  trackPayloadIsMap,
  withinClientPresenceRate,
  withinPresenceLimits,
} from '../presence/push.ts';
import {
  isNewToken,
  parseAccessToken,
  refreshToken,
  stillReadable,
  tokenValid,
} from './access-token.ts';
import type { Connection } from './connection.ts';
import { parseJoin } from './join-params.ts';
import {
  join,
  readPolicyAdmits,
  topicNamed,
  underChannelLimit,
  underJoinRate,
  underUserLimit,
  validToken,
} from './join.ts';
import { closeChannel } from './lifecycle.ts';
import { route, type RouteEntry } from './route.ts';
import type { RealtimeDeps } from '../deps.ts';

export const EVENTS: RouteEntry[] = [
  route('heartbeat', 'phoenix').handle(({ conn, message }) => conn.send(reply(message, 'ok'))),
  route('phx_join', 'join', parseJoin)
    .guard(topicNamed)
    .guard(underChannelLimit)
    .guard(underUserLimit)
    .guard(validToken)
    .guard(underJoinRate)
    .guard(readPolicyAdmits)
    .handle(join),
  route('phx_leave', 'channel').handle(({ channel, conn, deps, message }) => {
    conn.send(reply(message, 'ok'));
    closeChannel(deps, channel, { kind: 'leave' });
  }),
  route('access_token', 'channel', parseAccessToken)
    .guard(isNewToken)
    .guard(tokenValid)
    .guard(stillReadable)
    .handle(refreshToken),
  route('broadcast', 'channel', parseBroadcast)
    .guard(wellFormed)
    .guard(writePolicyAdmits)
    .guard(withinPayloadLimit)
    .guard(withinProjectRate)
    .handle(sendBroadcast),
  route('presence', 'channel', parsePresence)
    .guard(withinClientPresenceRate)
    .guard(knownEvent)
    .guard(trackPayloadIsMap)
    .guard(presenceWriteAdmits)
    .guard(withinPresenceLimits)
    .handle(handlePresence),
];

const byScope = (scope: RouteEntry['scope'], event: string) =>
  EVENTS.find((r) => r.scope === scope && r.event === event);

/** Routes one decoded message (see Connection: one topic's messages run in order). */
export function createDispatch(deps: RealtimeDeps) {
  return async function dispatch(conn: Connection, message: Inbound): Promise<void> {
    const event = message.kind === 'push' ? message.event : 'broadcast';
    if (message.topic === 'phoenix') {
      const entry = byScope('phoenix', event);
      if (entry) return entry.run({ deps, conn, message });
    } else if (event === 'phx_join' && message.topic.startsWith('realtime:')) {
      const entry = byScope('join', event);
      if (entry) return entry.run({ deps, conn, message });
    } else {
      const channel = conn.channels.get(message.topic);
      if (channel) {
        const entry = byScope('channel', event);
        if (entry) return entry.run({ deps, conn, message, channel });
        deps.limits.count('events', channel.sender);
        deps.log.info(`Unexpected message from client of type \`${event}\` on ${message.topic}`);
        return;
      }
    }
    conn.send(reply(message, 'error', { reason: 'unmatched topic' }));
  };
}
