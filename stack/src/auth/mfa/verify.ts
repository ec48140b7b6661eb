// POST /factors/{id}/verify: the answer to a challenge — a TOTP code or the SMS code — raises
// the session to aal2 with the method in amr and returns a fresh token pair.
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { notify } from '../notifications.ts';
import { tokenHash } from '../otp.ts';
import { param, text } from '../params.ts';
import { tokenResponse } from '../tokens.ts';
import { CHALLENGE_EXPIRY_SECONDS } from './challenge.ts';
import { verifyTotp } from './totp.ts';

const VerifyBody = z.object({ challenge_id: text, code: text });

export const verifyFactor = userEndpoint(
  { path: z.object({ factor_id: param }), body: VerifyBody },
  async (_request, p, { deps, ip, session }) => {
    const { mfa } = deps.config.auth;
    const { user, sessionId } = session;
    const answer = await deps.store.transaction(async (q) => {
      const factor = await q.findFactor(p.factor_id, user.id);
      if (!factor) throw authError('mfa_factor_not_found', 'Factor not found');
      if (factor.factor_type === 'phone' && !mfa.phone.verifyEnabled)
        throw authError('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
      if (factor.factor_type === 'totp' && !mfa.totp.verifyEnabled)
        throw authError('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
      const challenge = await q.findChallenge(p.challenge_id, factor.id, CHALLENGE_EXPIRY_SECONDS);
      if (!challenge || challenge.verified)
        throw authError(
          'mfa_factor_not_found',
          'MFA factor with the provided challenge ID not found',
          422,
        );
      if (challenge.expired) {
        await q.deleteChallenge(challenge.id);
        return authError(
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      const ok =
        factor.factor_type === 'totp'
          ? verifyTotp(factor.secret ?? '', p.code)
          : !!challenge.otp_code && challenge.otp_code === tokenHash(factor.phone ?? '', p.code);
      if (!ok)
        throw authError(
          'mfa_verification_failed',
          factor.factor_type === 'totp'
            ? 'Invalid TOTP code entered'
            : 'Invalid MFA Phone code entered',
        );
      if (!sessionId)
        throw authError('session_not_found', 'Session from session_id claim in JWT does not exist');
      await q.recordAudit(user, 'verification_attempted', ip, {
        factor_id: factor.id,
        event_id: challenge.id,
        factor_type: factor.factor_type,
      });
      await q.markChallengeVerified(challenge.id);
      if (factor.status !== 'verified') await q.markFactorVerified(factor);
      await q.raiseSessionToAal2(sessionId, factor.id);
      await q.addAmrClaim(sessionId, factor.factor_type === 'totp' ? 'totp' : 'mfa/phone');
      const refresh = await q.restartRefreshChain(user.id, sessionId);
      const session = await tokenResponse(deps, q, user.id, sessionId, refresh);
      return { session, enrolled: factor.status !== 'verified' && factor.factor_type };
    });
    if (answer instanceof Error) throw answer;
    if (answer.enrolled)
      await notify(deps, 'mfa_factor_enrolled', user, ip, { FactorType: answer.enrolled });
    return Response.json(answer.session);
  },
);
