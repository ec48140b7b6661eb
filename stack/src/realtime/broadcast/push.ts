// `broadcast` from a client on a joined channel: a JSON push or v2's binary user broadcast. On
// a private channel the write policy must admit it (asked once, remembered until the token
// changes); a refused one is dropped silently, as Realtime does. `ack` answers ok once it is
// sent; `self` includes the sender.
import { reply, type Inbound } from '../protocol/frames.ts';
import type { ChannelContext, Guard } from '../socket/route.ts';
import { broadcast, bodySize, type BroadcastBody } from './send.ts';

export type BroadcastParams = BroadcastBody | undefined;
type BroadcastGuard = Guard<ChannelContext, BroadcastParams>;

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

export const wellFormed: BroadcastGuard = ({ deps }, params) => {
  if (params) return;
  deps.log.warn('MalformedWebSocketMessage: a broadcast whose JSON payload does not parse');
  return { kind: 'ignore' };
};

export const writePolicyAdmits: BroadcastGuard = async ({ channel, conn, deps }) => {
  if (!channel.private) return;
  if (channel.policies.broadcast.write === undefined) {
    try {
      const decisions = await deps.store.writeDecisions(
        {
          role: channel.identity.role,
          claims: channel.identity.claims,
          headers: conn.headers,
          topic: channel.subTopic,
        },
        ['broadcast', 'presence'],
      );
      channel.policies.broadcast.write = decisions.broadcast;
      channel.policies.presence.write ??= decisions.presence;
    } catch (error) {
      deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
      return { kind: 'ignore' };
    }
  }
  if (!channel.policies.broadcast.write) return { kind: 'ignore' };
};

export const withinPayloadLimit: BroadcastGuard = ({ channel, deps }, params) => {
  deps.limits.events.add();
  if (bodySize(params!) <= deps.limits.maxPayloadBytes) return;
  if (!channel.options.ack) return { kind: 'ignore' };
  return { kind: 'reply', response: { reason: 'Payload size exceeds tenant limit' } };
};

export function sendBroadcast(
  { channel, conn, deps, message }: ChannelContext,
  params: BroadcastParams,
) {
  broadcast(deps, channel, params!, channel.options.self ? undefined : channel);
  if (channel.options.ack) conn.send(reply(message, 'ok'));
}
