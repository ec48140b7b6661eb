// phx_join: the guards Realtime applies before a channel opens (a topic name, the channel and
// user limits, a valid token, the join rate, and on private channels a read policy that admits
// the caller), then the channel: its Postgres Changes, the reply with their ids, then the
// `system` messages and the presence state.
import { subscribeChanges } from '../changes/subscribe.ts';
import { senderOf } from '../limits/limits.ts';
import { CLOSE, JoinError, SHUTDOWN } from '../errors.ts';
import { reply, type JsonObject } from '../protocol/frames.ts';
import type { Decisions } from '../store/store.ts';
import { readExtensions, setReads } from './authorization.ts';
import { Channel } from './channel.ts';
import type { AdmittedJoin, JoinParams, VerifiedJoin } from './join-params.ts';
import { canReadPresence, closeChannel, openChannel } from './lifecycle.ts';
import { joinRefusal, type Decision, type EventContext, type Guard } from './route.ts';
import { joinError, scheduleTokenCheck } from './token-check.ts';
import { isOpaqueKey } from '../../context/caller.ts';

type JoinGuard = Guard<EventContext, JoinParams>;

export const topicNamed: JoinGuard = ({ message }) => {
  if (message.topic === 'realtime:') return joinRefusal(new JoinError('TopicNameRequired'));
};

export const underChannelLimit: JoinGuard = ({ conn, deps, message }) => {
  const others = conn.channels.size - (conn.channels.has(message.topic) ? 1 : 0);
  if (others >= deps.config.limits.maxChannelsPerClient)
    return joinRefusal(new JoinError('ChannelRateLimitReached'));
};

/** The project's join rate, for the joining person (their share: limits/limits.ts). */
export const underJoinRate: Guard<EventContext, VerifiedJoin> = ({ conn, deps }, { identity }) => {
  const sender = senderOf(identity.claims, conn.sender);
  if (deps.limits.refuses('joins', sender))
    return {
      kind: 'reply',
      response: { reason: new JoinError('ClientJoinRateLimitReached').message },
      disconnect: CLOSE.joinRate,
    };
  deps.limits.count('joins', sender);
};

export const underUserLimit: JoinGuard = ({ conn, deps }) => {
  if (
    !deps.limits.users.has(conn) &&
    deps.limits.users.size >= deps.config.limits.maxConcurrentUsers
  )
    return joinRefusal(new JoinError('ConnectionRateLimitReached'));
};

/** The join's token (an API key or none: the socket's) names who joins. */
export const validToken: Decision<EventContext, JoinParams, VerifiedJoin> = async (
  { conn, deps },
  params,
) => {
  const token =
    params.accessToken && isOpaqueKey(params.accessToken) ? undefined : params.accessToken;
  const verified = await deps.verifyToken(token ?? conn.identity.token);
  if (!verified.ok) return joinRefusal(joinError(verified.failure));
  return { pass: { ...params, identity: verified.identity } };
};

/** A private channel opens only when the read policies admit broadcast or presence. */
export const readPolicyAdmits: Decision<EventContext, VerifiedJoin, AdmittedJoin> = async (
  { conn, deps, message },
  params,
) => {
  if (!params.options.private) return { pass: { ...params, reads: undefined } };
  const topic = message.topic.slice('realtime:'.length);
  const unauthorized = joinRefusal(new JoinError('Unauthorized', SHUTDOWN.readDenied(topic)));
  let reads: Decisions;
  try {
    reads = await deps.store.readDecisions(
      { role: params.identity.role, claims: params.identity.claims, headers: conn.headers, topic },
      readExtensions(params.options.presenceEnabled),
    );
  } catch (error) {
    deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
    return unauthorized;
  }
  if (!reads.broadcast && !reads.presence) return unauthorized;
  return { pass: { ...params, reads } };
};

export async function join(ctx: EventContext, params: AdmittedJoin): Promise<void> {
  const { conn, deps, message } = ctx;
  const existing = conn.channels.get(message.topic);
  // A second join of a topic replaces the first, as Phoenix does (it closes the old one).
  if (existing) closeChannel(deps, existing, { kind: 'leave' });
  const channel = new Channel(
    conn,
    message.topic,
    message.joinRef,
    params.options,
    params.identity,
  );
  if (params.reads) setReads(channel, params.reads);
  const changes = await subscribeChanges(deps, channel, params.postgresChanges);
  if (!conn.open) {
    // The socket closed while the join was checked: nothing to open.
    channel.closed = true;
    deps.changes.removeChannel(channel);
    return;
  }
  openChannel(deps, channel);
  conn.send(reply(message, 'ok', { postgres_changes: changes.reply }));
  if (changes.status)
    channel.system('postgres_changes', changes.status.status, changes.status.message);
  if (params.replicationReady) channel.system('system', 'ok', 'Replication connection established');
  if (params.options.presenceEnabled && canReadPresence(channel)) {
    if (deps.limits.refuses('presence', channel.sender)) {
      closeChannel(deps, channel, { kind: 'shutdown', reason: SHUTDOWN.tooManyPresence });
      return;
    }
    deps.limits.count('presence', channel.sender);
    channel.push('presence_state', deps.presence.state(channel.audience) as JsonObject);
  }
  scheduleTokenCheck(deps, channel);
}
