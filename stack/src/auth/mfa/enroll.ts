// POST /factors: enrols a TOTP factor (secret, otpauth URI and SVG QR code), a phone factor or a
// WebAuthn factor (its credential is created by its first challenge), within `[auth.mfa]` limits. (A further factor once one is verified needs aal2: routes.ts.)
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { userEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { text } from '../params.ts';
import { validatePhone } from '../validate.ts';
import { newTotpSecret, otpauthUri, qrSvg } from './totp.ts';

const EnrollBody = z.object({ factor_type: text, friendly_name: text, issuer: text, phone: text });

export const enrollFactor = userEndpoint(
  { body: EnrollBody },
  async (_request, p, { deps, ip, session }) => {
    const { mfa, siteUrl } = deps.config.auth;
    const type = p.factor_type;
    if (type === 'phone' && !mfa.phone.enrollEnabled)
      throw authError('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (type === 'totp' && !mfa.totp.enrollEnabled)
      throw authError('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    if (type === 'webauthn' && !mfa.webAuthn.enrollEnabled)
      throw authError('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (type !== 'phone' && type !== 'totp' && type !== 'webauthn')
      throw authError('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    const { user } = session;
    const phone = type === 'phone' ? phoneToEnroll(p.phone) : '';
    const id = randomUUID();
    const secret = type === 'totp' ? newTotpSecret() : undefined;
    await deps.store.transaction(async (q) => {
      if (type === 'phone') {
        const same = (await q.factorsOf(user.id)).filter(
          (f) => f.factor_type === 'phone' && f.phone === phone,
        );
        if (same.some((f) => f.status === 'verified'))
          throw authError(
            'mfa_verified_factor_exists',
            'A verified phone factor already exists, unenroll the existing factor to continue',
          );
        for (const f of same) await q.deleteFactor(f);
      }
      const factors = await q.factorsOf(user.id);
      if (p.friendly_name && factors.some((f) => f.friendly_name === p.friendly_name))
        throw authError(
          'mfa_factor_name_conflict',
          `A factor with the friendly name "${p.friendly_name}" for this user already exists`,
        );
      const verified = factors.filter((f) => f.status === 'verified').length;
      if (factors.length >= mfa.maxEnrolledFactors || verified >= mfa.maxEnrolledFactors)
        throw authError(
          'too_many_enrolled_mfa_factors',
          'Maximum number of verified factors reached, unenroll to continue',
        );
      await q.recordAudit(user, 'factor_in_progress', ip, { factor_id: id, factor_type: type });
      await q.insertFactor({
        id,
        userId: user.id,
        type,
        friendlyName: p.friendly_name,
        secret,
        phone: phone || undefined,
      });
    });
    if (type === 'phone')
      return Response.json({ id, type, friendly_name: p.friendly_name, phone: p.phone });
    if (type === 'webauthn') return Response.json({ id, type, friendly_name: p.friendly_name });
    const uri = otpauthUri(p.issuer || new URL(siteUrl).host, user.email ?? '', secret!);
    return Response.json({
      id,
      type,
      friendly_name: p.friendly_name,
      totp: { qr_code: await qrSvg(uri), secret, uri },
    });
  },
);

function phoneToEnroll(value: string): string {
  if (!value) throw authError('validation_failed', 'Phone number required to enroll Phone factor');
  try {
    return validatePhone(value);
  } catch {
    throw authError('validation_failed', 'Invalid phone number format (E.164 required)');
  }
}
