// Private channels' policy decisions while they are open. Hosted Realtime asks the policies on
// realtime.messages at join and again only on a new access token, so a member demoted or removed
// while connected keeps sending and receiving until their token changes. Here a decision is
// trusted for `authorizationTtlMs` (1 s by default) and asked again, as the same caller, on the
// first use after that: a send asks the write policy before it goes out, a delivery to a channel
// whose read decision is older asks the read policy (the message goes; the answer closes the
// channel when read access is gone). Idle channels cost nothing; a busy one at most one question
// per second each way. Any project's policies are asked as they are — no guess at which tables
// they read.
import type { Identity } from '../access/token.ts';
import type { RealtimeDeps } from '../deps.ts';
import { SHUTDOWN } from '../errors.ts';
import type { Decisions, Extension, TopicCaller } from '../store/store.ts';
import type { Channel } from './channel.ts';

/** The extensions a private channel is authorised to read (presence when it uses presence). */
export function readExtensions(presenceEnabled: boolean): Extension[] {
  return presenceEnabled ? ['broadcast', 'presence'] : ['broadcast'];
}

function callerOf(channel: Channel, identity: Identity = channel.identity): TopicCaller {
  return {
    role: identity.role,
    claims: identity.claims,
    headers: channel.socket.headers,
    topic: channel.subTopic,
  };
}

/** Asks the read policies for the channel as `identity` (its own by default). Throws on a policy error. */
export function askRead(
  deps: RealtimeDeps,
  channel: Channel,
  identity: Identity = channel.identity,
): Promise<Decisions> {
  const presence = channel.options.presenceEnabled || channel.tracked !== undefined;
  return deps.store.readDecisions(callerOf(channel, identity), readExtensions(presence));
}

/**
 * Why a channel must close after its read policies were asked again, in Realtime's words (as on
 * a new access token): nothing readable any more, or a read it had lost. Undefined: it stays.
 */
export function readVerdict(channel: Channel, decisions: Decisions): string | undefined {
  const { broadcast, presence } = decisions;
  if (!broadcast && !presence) return SHUTDOWN.readDenied(channel.subTopic);
  const before = channel.policies;
  if ((before.broadcast.read && !broadcast) || (before.presence.read && !presence))
    return SHUTDOWN.readRevoked(channel.subTopic);
}

/** Records fresh read decisions on the channel. */
export function setReads(channel: Channel, decisions: Decisions): void {
  channel.policies.broadcast.read = decisions.broadcast;
  channel.policies.presence.read = decisions.presence;
  channel.policies.readAt = performance.now();
}

const stale = (at: number | undefined, ttl: number) =>
  at === undefined || performance.now() - at >= ttl;

/**
 * Whether the write policy admits `extension` on this private channel: the decision kept, or
 * asked again (both extensions at once) when there is none or it is older than the TTL. Throws on
 * a policy error.
 */
export async function mayWrite(
  deps: RealtimeDeps,
  channel: Channel,
  extension: Extension,
): Promise<boolean> {
  const policies = channel.policies;
  if (policies[extension].write === undefined || stale(policies.writeAt, ttlOf(deps))) {
    const decisions = await deps.store.writeDecisions(callerOf(channel), ['broadcast', 'presence']);
    policies.broadcast.write = decisions.broadcast;
    policies.presence.write = decisions.presence;
    policies.writeAt = performance.now();
  }
  return policies[extension].write === true;
}

/** Presence needs the read decision too (asked once, then kept as the reads are). */
export async function mayReadPresence(deps: RealtimeDeps, channel: Channel): Promise<boolean> {
  if (channel.policies.presence.read === undefined)
    channel.policies.presence.read = (
      await deps.store.readDecisions(callerOf(channel), ['presence'])
    ).presence;
  return channel.policies.presence.read === true;
}

function ttlOf(deps: RealtimeDeps): number {
  return deps.config.limits.authorizationTtlMs;
}

/** Whether the channel's read decision is older than the TTL (or was never made). */
export function readsAreStale(deps: RealtimeDeps, channel: Channel): boolean {
  return stale(channel.policies.readAt, ttlOf(deps));
}
