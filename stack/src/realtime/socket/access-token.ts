// access_token: a client's refreshed token for an open channel (realtime-js sends one after each
// refresh and on every heartbeat when it changed). A valid one replaces the channel's identity —
// Postgres Changes are then checked with its claims — and private channels ask their read
// policies again (and their write policies at the next send); an invalid or expired one, or lost
// read access, closes the channel.
import type { Identity } from '../access/token.ts';
import { SHUTDOWN } from '../errors.ts';
import type { Inbound } from '../protocol/frames.ts';
import type { Decisions } from '../store/store.ts';
import { askRead, readVerdict, setReads } from './authorization.ts';
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

export const stillReadable: TokenGuard = async ({ channel, deps }, params) => {
  if (!channel.private) return;
  try {
    params.decisions = await askRead(deps, channel, params.identity!);
  } catch (error) {
    deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
    return { kind: 'shutdown', reason: SHUTDOWN.readDenied(channel.subTopic) };
  }
  const verdict = readVerdict(channel, params.decisions);
  if (verdict) return { kind: 'shutdown', reason: verdict };
};

export function refreshToken({ channel, deps }: ChannelContext, params: AccessTokenParams) {
  if (channel.closed) return;
  channel.identity = params.identity!;
  // Writes are asked again with the new token; reads were just asked.
  channel.policies = { broadcast: {}, presence: {} };
  if (params.decisions) setReads(channel, params.decisions);
  scheduleTokenCheck(deps, channel);
  if (channel.pgBindings.length > 0)
    channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
}
