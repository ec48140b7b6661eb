// POST /factors/{id}/challenge and /factors/{id}/verify: a challenge (an SMS code for phone
// factors) that expires, then a TOTP or SMS code that raises the session to aal2 with the method
// in amr and returns a fresh token pair. DELETE /factors/{id} unenrols (aal2 needed when the
// factor is verified).
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { authError } from '../errors.ts';
import { clientIp, readBody, str } from '../http.ts';
import { checkFrequency } from '../messages.ts';
import { notify } from '../notifications.ts';
import { generateOtp, tokenHash } from '../otp.ts';
import { authenticate, type Authenticated } from '../session-auth.ts';
import { addAmrClaim, reissueSession, validIp } from '../tokens.ts';
import { FACTOR_COLUMNS, type FactorRow } from '../users.ts';
import { verifyTotp } from './totp.ts';

const CHALLENGE_EXPIRY_SECONDS = 300;

async function loadFactor(
  deps: AuthDeps,
  c: Context,
): Promise<{ auth: Authenticated; factor: FactorRow }> {
  const auth = await authenticate(deps, c);
  const id = c.req.param('factor_id') ?? '';
  const { rows } = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.ctx.db.query<FactorRow>(
        `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`,
        [id, auth.user.id],
      )
    : { rows: [] };
  if (!rows[0]) throw authError('mfa_factor_not_found', 'Factor not found');
  return { auth, factor: rows[0] };
}

export async function challengeFactor(deps: AuthDeps, c: Context): Promise<Response> {
  const { mfa } = deps.ctx.config.auth;
  const { factor } = await loadFactor(deps, c);
  const body = await readBody(c);
  str(body, 'channel');
  const ip = clientIp(c).replace(/^::ffff:/, '');
  const id = randomUUID();
  let otpHash: string | null = null;
  if (factor.factor_type === 'phone') {
    if (!mfa.phone.verifyEnabled)
      throw authError('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
    checkFrequency(factor.last_challenged_at, mfa.phone.maxFrequencyMs, true);
    const code = generateOtp(mfa.phone.otpLength);
    otpHash = tokenHash(factor.phone ?? '', code);
    deps.limiter.take('smsSent', ip);
    await deps.outbox.send({
      channel: 'sms',
      recipient: factor.phone ?? '',
      text: mfa.phone.template.replace(/\{\{\s*\.Code\s*\}\}/g, code),
      code,
      kind: 'mfa_challenge',
    });
  } else if (!mfa.totp.verifyEnabled)
    throw authError('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  await deps.ctx.db.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code) values ($1, $2, now(), $3::inet, $4)`,
    [id, factor.id, validIp(ip) ?? '127.0.0.1', otpHash],
  );
  await deps.ctx.db.query(
    'update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1',
    [factor.id],
  );
  return c.json({
    id,
    type: factor.factor_type,
    expires_at: Math.floor(Date.now() / 1000) + CHALLENGE_EXPIRY_SECONDS,
  });
}

export async function verifyFactor(deps: AuthDeps, c: Context): Promise<Response> {
  const { mfa } = deps.ctx.config.auth;
  const { auth, factor } = await loadFactor(deps, c);
  const body = await readBody(c);
  const challengeId = str(body, 'challenge_id');
  const code = str(body, 'code');
  if (factor.factor_type === 'phone' && !mfa.phone.verifyEnabled)
    throw authError('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  if (factor.factor_type === 'totp' && !mfa.totp.verifyEnabled)
    throw authError('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const { rows } = /^[0-9a-f-]{36}$/i.test(challengeId)
    ? await deps.ctx.db.query<{
        id: string;
        otp_code: string | null;
        verified: boolean;
        expired: boolean;
      }>(
        `select id, otp_code, verified_at is not null as verified,
           now() > created_at + make_interval(secs => $3) as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
      )
    : { rows: [] };
  const challenge = rows[0];
  if (!challenge || challenge.verified)
    throw authError(
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
      422,
    );
  if (challenge.expired) {
    await deps.ctx.db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw authError(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const ok =
    factor.factor_type === 'totp'
      ? verifyTotp(factor.secret ?? '', code)
      : !!challenge.otp_code && challenge.otp_code === tokenHash(factor.phone ?? '', code);
  if (!ok)
    throw authError(
      'mfa_verification_failed',
      factor.factor_type === 'totp'
        ? 'Invalid TOTP code entered'
        : 'Invalid MFA Phone code entered',
    );
  if (!auth.sessionId)
    throw authError('session_not_found', 'Session from session_id claim in JWT does not exist');
  const session = await deps.ctx.db.transaction(async (tx) => {
    await audit(tx, auth.user, 'verification_attempted', clientIp(c), {
      factor_id: factor.id,
      event_id: challenge.id,
      factor_type: factor.factor_type,
    });
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [
      challenge.id,
    ]);
    if (factor.status !== 'verified') {
      await tx.query(
        `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
        [factor.id],
      );
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2::auth.factor_type and id <> $3`,
        [auth.user.id, factor.factor_type, factor.id],
      );
    }
    await tx.query(
      `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
      [auth.sessionId, factor.id],
    );
    await addAmrClaim(tx, auth.sessionId!, factor.factor_type === 'totp' ? 'totp' : 'mfa/phone');
    return reissueSession(deps, tx, auth.user.id, auth.sessionId!);
  });
  if (factor.status !== 'verified')
    await notify(deps, 'mfa_factor_enrolled', auth.user, clientIp(c), {
      FactorType: factor.factor_type,
    });
  return c.json(session);
}

export async function unenrollFactor(deps: AuthDeps, c: Context): Promise<Response> {
  const { auth, factor } = await loadFactor(deps, c);
  if (factor.status === 'verified' && auth.aal !== 'aal2')
    throw authError('insufficient_aal', 'AAL2 required to unenroll verified factor', 422);
  await deps.ctx.db.transaction(async (tx) => {
    await audit(tx, auth.user, 'factor_unenrolled', clientIp(c), {
      factor_id: factor.id,
      factor_type: factor.factor_type,
    });
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await tx.query(
      `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`,
      [auth.user.id, factor.id],
    );
  });
  await notify(deps, 'mfa_factor_unenrolled', auth.user, clientIp(c), {
    FactorType: factor.factor_type,
  });
  return c.json({ id: factor.id });
}
