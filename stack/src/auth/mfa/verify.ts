// POST /factors/{id}/verify: the answer to a challenge — a TOTP code, the SMS code, or what a
// WebAuthn authenticator answered (mfa/webauthn.ts) — from the address that asked for the challenge. It raises the session to aal2 with the method in amr and
// returns a fresh token pair. A TOTP code is accepted once: a code for a time step at or before
// the last one accepted for the factor is refused (RFC 6238 §5.2).
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { mfaVerificationAttempt } from '../hooks/points.ts';
import { notify } from '../notifications.ts';
import { tokenHash } from '../otp.ts';
import { param, text } from '../params.ts';
import type { AuthQueries } from '../store/index.ts';
import type { FactorRow } from '../store/rows.ts';
import { tokenResponse } from '../tokens.ts';
import { CHALLENGE_EXPIRY_SECONDS } from './challenge.ts';
import { matchTotpStep } from './totp.ts';
import { checkWebAuthnAnswer, verifyWebAuthnAnswer } from './webauthn.ts';

const VerifyBody = z.object({
  challenge_id: text,
  code: text,
  webauthn: z
    .object({ type: text, credential_response: z.unknown().optional() })
    .nullish()
    .transform((v) => v ?? undefined),
});

/**
 * Checks the code against the factor: for TOTP the time step it was accepted for, for a phone
 * factor -1; undefined when it is wrong or a TOTP code already used.
 */
async function acceptedStep(
  q: AuthQueries,
  factor: FactorRow,
  otpHash: string | null,
  code: string,
): Promise<number | undefined> {
  if (factor.factor_type !== 'totp')
    return !!otpHash && otpHash === tokenHash(factor.phone ?? '', code) ? -1 : undefined;
  const step = matchTotpStep(factor.secret ?? '', code);
  if (step === undefined) return undefined;
  const last = await q.lastAcceptedTotpStep(factor.id);
  return last !== undefined && step <= last ? undefined : step;
}

const AMR_METHODS = { totp: 'totp', phone: 'mfa/phone', webauthn: 'mfa/webauthn' } as const;

export const verifyFactor = userEndpoint(
  { path: z.object({ factor_id: param }), body: VerifyBody },
  async (_request, p, { deps, ip, session }) => {
    const { mfa } = deps.config.auth;
    const { user, sessionId } = session;
    const answer = await deps.store.transaction(async (q) => {
      // Locked: two requests with the same code cannot both see it unused.
      const factor = await q.findFactor(p.factor_id, user.id, true);
      if (!factor) throw authError('mfa_factor_not_found', 'Factor not found');
      if (factor.factor_type === 'phone' && !mfa.phone.verifyEnabled)
        throw authError('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
      if (factor.factor_type === 'totp' && !mfa.totp.verifyEnabled)
        throw authError('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
      if (factor.factor_type === 'webauthn' && !mfa.webAuthn.verifyEnabled)
        throw authError(
          'mfa_webauthn_verify_not_enabled',
          'MFA verification is disabled for WebAuthn',
        );
      const webauthn =
        factor.factor_type === 'webauthn' ? checkWebAuthnAnswer(p.webauthn) : undefined;
      const challenge = await q.findChallenge(
        { id: p.challenge_id, factorId: factor.id, ip },
        CHALLENGE_EXPIRY_SECONDS,
      );
      if (!challenge || challenge.verified)
        throw authError(
          'mfa_factor_not_found',
          'MFA factor with the provided challenge ID not found',
          422,
        );
      if (!challenge.same_address)
        throw authError('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      if (challenge.expired) {
        await q.deleteChallenge(challenge.id);
        // Answered after the deletion commits.
        return authError(
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      if (webauthn) await verifyWebAuthnAnswer(deps, q, factor, challenge.id, webauthn);
      const step = webauthn ? -1 : await acceptedStep(q, factor, challenge.otp_code, p.code);
      if (!webauthn) {
        const verdict = await mfaVerificationAttempt(
          deps,
          q,
          {
            userId: user.id,
            factorId: factor.id,
            factorType: factor.factor_type,
            valid: step !== undefined,
          },
          ip,
        );
        if (verdict.reject) {
          // Signed out everywhere (committed), then refused, as Supabase Auth does.
          await q.deleteUserSessions(user.id);
          return authError('mfa_verification_rejected', verdict.message);
        }
      }
      if (step === undefined)
        // Answered after the commit: nothing was written but what the MFA hook did, which
        // stays (Supabase Auth runs that hook in its own transaction).
        return authError(
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
      // A WebAuthn challenge is used up (Supabase Auth deletes it); the others are kept answered.
      if (webauthn) await q.deleteChallenge(challenge.id);
      else await q.markChallengeVerified(challenge.id, step >= 0 ? step : undefined);
      if (factor.status !== 'verified') await q.markFactorVerified(factor);
      await q.raiseSessionToAal2(sessionId, factor.id);
      await q.addAmrClaim(sessionId, AMR_METHODS[factor.factor_type]);
      const refresh = await q.restartRefreshChain(user.id, sessionId);
      const session = await tokenResponse(deps, q, user.id, sessionId, refresh, {
        ip,
        method: AMR_METHODS[factor.factor_type],
      });
      return { session, enrolled: factor.status !== 'verified' && factor.factor_type };
    });
    if (answer instanceof Error) throw answer;
    if (answer.enrolled)
      await notify(deps, 'mfa_factor_enrolled', user, ip, { FactorType: answer.enrolled });
    return Response.json(answer.session);
  },
);
