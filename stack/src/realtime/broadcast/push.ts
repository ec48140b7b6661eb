// `broadcast` from a client on a joined channel: a JSON push or v2's binary user broadcast. On
// a private channel the write policy must admit it (asked again once its decision is older than
// the authorisation TTL, or the token changed); a refused one is dropped silently, as Realtime
// does. Then the payload size and the project's message rate (this sender's share). `ack`
// answers ok once it is sent; `self` includes the sender.
import { SHUTDOWN } from '../errors.ts';
import { reply, type Inbound } from '../protocol/frames.ts';
import { mayWrite } from '../socket/authorization.ts';
import type { ChannelContext, Decision, Guard } from '../socket/route.ts';
import { broadcast, bodySize, type BroadcastBody } from './send.ts';

export type BroadcastParams = BroadcastBody | undefined;
type BroadcastGuard = Guard<ChannelContext, BroadcastBody>;

export function parseBroadcast(message: Inbound): BroadcastParams {
  if (message.kind === 'push') return { kind: 'json', payload: message.payload };
  if (message.encoding === 'json') {
    try {
      JSON.parse(message.body.toString('utf8'));
    } catch {
      return undefined;
    }
  }
  return { kind: 'user', event: message.userEvent, encoding: message.encoding, body: message.body };
}

export const wellFormed: Decision<ChannelContext, BroadcastParams, BroadcastBody> = (
  { deps },
  params,
) => {
  if (params) return { pass: params };
  deps.log.warn('MalformedWebSocketMessage: a broadcast whose JSON payload does not parse');
  return { kind: 'ignore' };
};

/** On a private channel the write policy must admit it (asked again once older than the TTL). */
export const writePolicyAdmits: BroadcastGuard = async ({ channel, deps }) => {
  if (!channel.private) return;
  try {
    if (!(await mayWrite(deps, channel, 'broadcast'))) return { kind: 'ignore' };
  } catch (error) {
    deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
    return { kind: 'ignore' };
  }
};

export const withinPayloadLimit: BroadcastGuard = ({ channel, deps }, params) => {
  if (bodySize(params) <= deps.limits.maxPayloadBytes) return;
  if (!channel.options.ack) return { kind: 'ignore' };
  return { kind: 'reply', response: { reason: 'Payload size exceeds tenant limit' } };
};

/**
 * The project's message rate, for this sender: over it, a sender using more than its share has
 * its channel closed with Realtime's message (others' channels are not touched).
 */
export const withinProjectRate: BroadcastGuard = ({ channel, deps }) => {
  if (deps.limits.refuses('events', channel.sender))
    return { kind: 'shutdown', reason: SHUTDOWN.tooManyMessages };
};

export function sendBroadcast(
  { channel, conn, deps, message }: ChannelContext,
  params: BroadcastBody,
) {
  deps.limits.count('events', channel.sender);
  broadcast(deps, channel, params, channel.sender, channel.options.self ? undefined : channel);
  if (channel.options.ack) conn.send(reply(message, 'ok'));
}
