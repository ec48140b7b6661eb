// access_token: a client's refreshed token for an open channel (realtime-js sends one after each
// refresh and on every heartbeat when it changed). A valid one replaces the channel's identity —
// Postgres Changes are then checked with its claims — and private channels ask their read
// policies again; an invalid or expired one, or lost read access, closes the channel.
import type { Identity } from '../access/token.ts';
import { SHUTDOWN } from '../errors.ts';
import type { Inbound } from '../protocol/frames.ts';
import type { Decisions } from '../store/store.ts';
import { readExtensions } from './join.ts';
import type { ChannelContext, Guard } from './route.ts';
import { scheduleTokenCheck, shutdownReason } from './token-check.ts';

export interface AccessTokenParams {
  token: string | undefined;
  identity?: Identity;
  decisions?: Decisions;
}

type TokenGuard = Guard<ChannelContext, AccessTokenParams>;

export function parseAccessToken(message: Inbound): AccessTokenParams {
  const value = message.kind === 'push' ? message.payload.access_token : undefined;
  return { token: typeof value === 'string' ? value : undefined };
}

/** An API key, no token, or the token already in use change nothing. */
export const isNewToken: TokenGuard = ({ channel }, { token }) => {
  if (token === undefined || token.startsWith('sb_') || token === channel.identity.token)
    return { kind: 'ignore' };
};

export const tokenValid: TokenGuard = async ({ deps }, params) => {
  const verified = await deps.verifyToken(params.token!);
  if (!verified.ok) return { kind: 'shutdown', reason: shutdownReason(verified.failure) };
  params.identity = verified.identity;
};

export const stillReadable: TokenGuard = async ({ channel, conn, deps }, params) => {
  if (!channel.private) return;
  const topic = channel.subTopic;
  const denied = SHUTDOWN.readDenied(topic);
  try {
    params.decisions = await deps.store.readDecisions(
      {
        role: params.identity!.role,
        claims: params.identity!.claims,
        headers: conn.headers,
        topic,
      },
      readExtensions(channel.options.presenceEnabled || channel.tracked !== undefined),
    );
  } catch (error) {
    deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
    return { kind: 'shutdown', reason: denied };
  }
  const { broadcast, presence } = params.decisions;
  if (!broadcast && !presence) return { kind: 'shutdown', reason: denied };
  const before = channel.policies;
  if ((before.broadcast.read && !broadcast) || (before.presence.read && !presence))
    return { kind: 'shutdown', reason: SHUTDOWN.readRevoked(topic) };
};

export function refreshToken({ channel, deps }: ChannelContext, params: AccessTokenParams) {
  if (channel.closed) return;
  channel.identity = params.identity!;
  channel.policies = {
    broadcast: { read: params.decisions?.broadcast },
    presence: { read: params.decisions?.presence },
  };
  scheduleTokenCheck(deps, channel);
  if (channel.pgBindings.length > 0)
    channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
}
