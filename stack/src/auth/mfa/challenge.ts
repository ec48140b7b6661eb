// POST /factors/{id}/challenge: a challenge to answer within five minutes; for a phone factor
// the code goes out by SMS (no more often than `[auth.mfa.phone] max_frequency`); for a WebAuthn
// factor it carries the options of navigator.credentials.create() (first use) or get().
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { checkFrequency, sendSms } from '../messages.ts';
import { generateOtp, tokenHash } from '../otp.ts';
import { param, text } from '../params.ts';
import { webAuthnChallenge } from './webauthn.ts';

export const CHALLENGE_EXPIRY_SECONDS = 300;

export const challengeFactor = userEndpoint(
  { path: z.object({ factor_id: param }), body: z.object({ channel: text }) },
  async (_request, p, { deps, ip, session }) => {
    const { mfa } = deps.config.auth;
    const id = randomUUID();
    const answer = await deps.store.transaction(async (q) => {
      const factor = await q.findFactor(p.factor_id, session.user.id);
      if (!factor) throw authError('mfa_factor_not_found', 'Factor not found');
      if (factor.factor_type === 'webauthn') {
        if (!mfa.webAuthn.verifyEnabled)
          throw authError(
            'mfa_webauthn_verify_not_enabled',
            'MFA verification is disabled for WebAuthn',
          );
        return { factor, webauthn: await webAuthnChallenge(deps, q, factor, session.user, id, ip) };
      }
      let otpHash: string | null = null;
      if (factor.factor_type === 'phone') {
        if (!mfa.phone.verifyEnabled)
          throw authError('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
        checkFrequency(factor.last_challenged_at, mfa.phone.maxFrequencyMs, true);
        const code = generateOtp(mfa.phone.otpLength);
        otpHash = tokenHash(factor.phone ?? '', code);
        await sendSms(
          deps,
          q,
          session.user,
          factor.phone ?? '',
          mfa.phone.template,
          code,
          'mfa_challenge',
          ip,
        );
      } else if (!mfa.totp.verifyEnabled)
        throw authError('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
      await q.insertChallenge({
        id,
        factorId: factor.id,
        ip,
        otpHash,
      });
      return { factor, webauthn: undefined };
    });
    return Response.json({
      id,
      type: answer.factor.factor_type,
      expires_at: Math.floor(Date.now() / 1000) + CHALLENGE_EXPIRY_SECONDS,
      ...(answer.webauthn ? { webauthn: answer.webauthn } : {}),
    });
  },
);
