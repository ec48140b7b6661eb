// `presence` from a client: `track` (publish this channel's state under its presence key) and
// `untrack`. Realtime's limits apply: a few calls per channel per window, the project's presence
// rate (for this sender's share of it), the payload size; on private channels the presence write
// policy must admit the track. (The socket's own presence calls per second are checked as each
// frame arrives: socket/connection.ts.)
import { SHUTDOWN } from '../errors.ts';
import { isJsonObject, reply, type Inbound, type JsonObject } from '../protocol/frames.ts';
import { mayReadPresence, mayWrite } from '../socket/authorization.ts';
import { publishPresenceDiff } from '../socket/lifecycle.ts';
import type { ChannelContext, Guard } from '../socket/route.ts';

export interface PresenceParams {
  /** track, untrack, something else, or undefined when the payload names no event. */
  event: string | undefined;
  payload: unknown;
}
type PresenceGuard = Guard<ChannelContext, PresenceParams>;

export function parsePresence(message: Inbound): PresenceParams {
  const body = message.kind === 'push' ? message.payload : {};
  return {
    event: typeof body.event === 'string' ? body.event.toLowerCase() : undefined,
    payload: body.payload === undefined ? {} : body.payload,
  };
}

export const withinClientPresenceRate: PresenceGuard = ({ channel, deps }, { event }) => {
  if (event === undefined) return;
  const { clientPresenceMaxCalls, clientPresenceWindowMs } = deps.config.limits;
  const calls = channel.presenceCalls;
  const now = Date.now();
  if (now > calls.resetAt) {
    calls.count = 1;
    calls.resetAt = now + clientPresenceWindowMs;
  } else if (calls.count >= clientPresenceMaxCalls) {
    return { kind: 'shutdown', reason: SHUTDOWN.clientPresenceRate };
  } else calls.count++;
};

export const knownEvent: PresenceGuard = ({ deps }, { event }) => {
  if (event === undefined || event === 'track' || event === 'untrack') return;
  deps.log.warn(`UnknownPresenceEvent: ${event}`);
  return { kind: 'reply', response: {} };
};

export const trackPayloadIsMap: PresenceGuard = (_ctx, { event, payload }) => {
  if (event === 'track' && !isJsonObject(payload))
    return { kind: 'reply', response: { reason: 'Presence track payload must be a map' } };
};

/**
 * On private channels a track needs the presence read and write policies (the write asked again
 * once older than the authorisation TTL, as for broadcasts).
 */
export const presenceWriteAdmits: PresenceGuard = async ({ channel, deps }, { event }) => {
  if (event !== 'track' || !channel.private) return;
  try {
    if (!(await mayReadPresence(deps, channel)) || !(await mayWrite(deps, channel, 'presence')))
      return { kind: 'reply', response: {} };
  } catch (error) {
    deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
    return { kind: 'reply', response: {} };
  }
};

/** The payload's size, and the project's presence rate for this sender (its share). */
export const withinPresenceLimits: PresenceGuard = ({ channel, deps }, { event, payload }) => {
  if (event !== 'track' || sameAsTracked(channel.tracked, payload as JsonObject)) return;
  if (Buffer.byteLength(JSON.stringify(payload)) > deps.limits.maxPayloadBytes)
    return { kind: 'shutdown', reason: SHUTDOWN.trackSize };
  if (deps.limits.refuses('presence', channel.sender))
    return { kind: 'shutdown', reason: SHUTDOWN.tooManyPresence };
};

function sameAsTracked(tracked: JsonObject | undefined, payload: JsonObject): boolean {
  return tracked !== undefined && JSON.stringify(tracked) === JSON.stringify(payload);
}

export function handlePresence(
  { channel, conn, deps, message }: ChannelContext,
  params: PresenceParams,
) {
  if (params.event === 'track') {
    const payload = params.payload as JsonObject;
    if (!sameAsTracked(channel.tracked, payload)) {
      deps.limits.count('presence', channel.sender);
      const diff = deps.presence.track(channel, channel.options.presenceKey, payload);
      channel.tracked = payload;
      publishPresenceDiff(deps, channel.audience, diff, channel.sender);
    }
  } else if (params.event === 'untrack') {
    const diff = deps.presence.untrack(channel);
    channel.tracked = undefined;
    if (diff) publishPresenceDiff(deps, channel.audience, diff, channel.sender);
  }
  conn.send(reply(message, 'ok'));
}
