// POST /factors: enrols a TOTP factor (secret, otpauth URI and SVG QR code) or a phone factor,
// within `[auth.mfa]` limits; a second verified factor needs an aal2 session.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp, readBody, str } from '../http.ts';
import { audit } from '../audit.ts';
import { authenticate } from '../session-auth.ts';
import { factorsOf } from '../users.ts';
import { validatePhone } from '../validate.ts';
import { newTotpSecret, otpauthUri, qrSvg } from './totp.ts';

export async function enrollFactor(deps: AuthDeps, c: Context): Promise<Response> {
  const { mfa, siteUrl } = deps.ctx.config.auth;
  const auth = await authenticate(deps, c);
  const body = await readBody(c);
  const type = str(body, 'factor_type');
  const friendlyName = str(body, 'friendly_name');
  const issuerParam = str(body, 'issuer');
  const phoneParam = str(body, 'phone');
  if (type === 'phone' && !mfa.phone.enrollEnabled)
    throw authError('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'totp' && !mfa.totp.enrollEnabled)
    throw authError('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  if (type !== 'phone' && type !== 'totp')
    throw authError('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  const db = deps.ctx.db;
  const userId = auth.user.id;
  let phone = '';
  if (type === 'phone') {
    if (!phoneParam)
      throw authError('validation_failed', 'Phone number required to enroll Phone factor');
    try {
      phone = validatePhone(phoneParam);
    } catch {
      throw authError('validation_failed', 'Invalid phone number format (E.164 required)');
    }
    const same = (await factorsOf(db, userId)).filter(
      (f) => f.factor_type === 'phone' && f.phone === phone,
    );
    if (same.some((f) => f.status === 'verified'))
      throw authError(
        'mfa_verified_factor_exists',
        'A verified phone factor already exists, unenroll the existing factor to continue',
      );
    for (const f of same) await db.query('delete from auth.mfa_factors where id = $1', [f.id]);
  }
  const factors = await factorsOf(db, userId);
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName))
    throw authError(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= mfa.maxEnrolledFactors || verified >= mfa.maxEnrolledFactors)
    throw authError(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  if (verified > 0 && auth.aal !== 'aal2')
    throw authError('insufficient_aal', 'AAL2 required to enroll a new factor');
  const id = randomUUID();
  await audit(db, auth.user, 'factor_in_progress', clientIp(c), {
    factor_id: id,
    factor_type: type,
  });
  if (type === 'phone') {
    await db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
       values ($1, $2, $3, 'phone', 'unverified', now(), now(), $4)`,
      [id, userId, friendlyName, phone],
    );
    return c.json({ id, type: 'phone', friendly_name: friendlyName, phone: phoneParam });
  }
  const issuer = issuerParam || new URL(siteUrl).host;
  const secret = newTotpSecret();
  const uri = otpauthUri(issuer, auth.user.email ?? '', secret);
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, userId, friendlyName, secret],
  );
  return c.json({
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: await qrSvg(uri), secret, uri },
  });
}
