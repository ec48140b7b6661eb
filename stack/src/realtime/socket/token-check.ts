// A channel's token stays checked while it is open, as Realtime does: again at its expiry (or
// every 5 minutes, whichever comes first); an expired token closes the channel with the
// service's message, and the client must join again.
import type { TokenFailure } from '../access/token.ts';
import type { RealtimeDeps } from '../deps.ts';
import { JoinError, SHUTDOWN } from '../errors.ts';
import type { Channel } from './channel.ts';
import { closeChannel } from './lifecycle.ts';

const RECHECK_MS = 5 * 60_000;

export function shutdownReason(failure: TokenFailure): string {
  switch (failure.reason) {
    case 'expired':
      return SHUTDOWN.expired(failure.secondsAgo);
    case 'missing-claims':
      return SHUTDOWN.missingClaims;
    case 'malformed':
      return SHUTDOWN.malformedToken;
    case 'signature':
      return SHUTDOWN.signature;
  }
}

export function joinError(failure: TokenFailure): JoinError {
  switch (failure.reason) {
    case 'expired':
      return new JoinError('InvalidJWTToken', SHUTDOWN.expired(failure.secondsAgo));
    case 'missing-claims':
      return new JoinError('InvalidJWTToken', SHUTDOWN.missingClaims);
    case 'malformed':
      return new JoinError('MalformedJWT');
    case 'signature':
      return new JoinError('JwtSignatureError');
  }
}

export function scheduleTokenCheck(deps: RealtimeDeps, channel: Channel): void {
  clearTimeout(channel.tokenTimer);
  channel.tokenTimer = undefined;
  const exp = channel.identity.exp;
  if (exp === undefined || channel.closed) return;
  // A little past the expiry second, so the check sees the token as expired.
  const wait = Math.min(RECHECK_MS, Math.max(0, exp * 1000 - Date.now()) + 50);
  channel.tokenTimer = setTimeout(async () => {
    const verified = await deps.verifyToken(channel.identity.token);
    if (channel.closed) return;
    if (!verified.ok) {
      closeChannel(deps, channel, { kind: 'shutdown', reason: shutdownReason(verified.failure) });
      return;
    }
    channel.identity = verified.identity;
    scheduleTokenCheck(deps, channel);
  }, wait);
  channel.tokenTimer.unref();
}
