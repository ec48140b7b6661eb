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
import type { ChannelContext, Decision } from './route.ts';
import { scheduleTokenCheck, shutdownReason } from './token-check.ts';
import { isOpaqueKey } from '../../context/caller.ts';

export interface AccessTokenParams {
  token: string | undefined;
}

/** After the first guard: a token the channel does not use yet. */
interface NewToken {
  token: string;
}

/** After the token guard: who the new token names. */
interface VerifiedToken extends NewToken {
  identity: Identity;
}

/** After the read-policy guard: what a private channel may read now (undefined: a public one). */
export interface Refresh extends VerifiedToken {
  reads: Decisions | undefined;
}

export function parseAccessToken(message: Inbound): AccessTokenParams {
  const value = message.kind === 'push' ? message.payload.access_token : undefined;
  return { token: typeof value === 'string' ? value : undefined };
}

/** An API key, no token, or the token already in use change nothing. */
export const isNewToken: Decision<ChannelContext, AccessTokenParams, NewToken> = (
  { channel },
  { token },
) => {
  if (token === undefined || isOpaqueKey(token) || token === channel.identity.token)
    return { kind: 'ignore' };
  return { pass: { token } };
};

export const tokenValid: Decision<ChannelContext, NewToken, VerifiedToken> = async (
  { deps },
  { token },
) => {
  const verified = await deps.verifyToken(token);
  if (!verified.ok) return { kind: 'shutdown', reason: shutdownReason(verified.failure) };
  return { pass: { token, identity: verified.identity } };
};

/** A private channel asks its read policies as the new identity: losing a read closes it. */
export const stillReadable: Decision<ChannelContext, VerifiedToken, Refresh> = async (
  { channel, deps },
  params,
) => {
  if (!channel.private) return { pass: { ...params, reads: undefined } };
  let reads: Decisions;
  try {
    reads = await askRead(deps, channel, params.identity);
  } catch (error) {
    deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
    return { kind: 'shutdown', reason: SHUTDOWN.readDenied(channel.subTopic) };
  }
  const verdict = readVerdict(channel, reads);
  if (verdict) return { kind: 'shutdown', reason: verdict };
  return { pass: { ...params, reads } };
};

export function refreshToken({ channel, deps }: ChannelContext, { identity, reads }: Refresh) {
  if (channel.closed) return;
  channel.identity = identity;
  // Writes are asked again with the new token; reads were just asked.
  channel.policies = { broadcast: {}, presence: {} };
  if (reads) setReads(channel, reads);
  scheduleTokenCheck(deps, channel);
  if (channel.pgBindings.length > 0)
    channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
}
