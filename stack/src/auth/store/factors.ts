// MFA factors (auth.mfa_factors) and their challenges (auth.mfa_challenges): enrolment,
// verification, the TOTP time step last accepted (so no code is accepted twice), removal.
import type { Queryable } from '../../db/adapter.ts';
import { FACTOR_COLUMNS, inet } from './columns.ts';
import type { FactorRow } from './rows.ts';

const UUID = /^[0-9a-f-]{36}$/i;

export async function factorsOf(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** The user's factor of this id; `lock` holds it until the transaction ends (one verify at a time). */
export async function findFactor(
  q: Queryable,
  factorId: string,
  userId: string,
  lock = false,
): Promise<FactorRow | undefined> {
  if (!UUID.test(factorId)) return undefined;
  const { rows } = await q.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [factorId, userId],
  );
  return rows[0];
}

export async function insertFactor(
  q: Queryable,
  factor: {
    id: string;
    userId: string;
    type: 'totp' | 'phone' | 'webauthn';
    friendlyName: string;
    secret?: string;
    phone?: string;
  },
): Promise<void> {
  await q.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone)
     values ($1, $2, $3, $4::auth.factor_type, 'unverified', now(), now(), $5, $6)`,
    [
      factor.id,
      factor.userId,
      factor.friendlyName,
      factor.type,
      factor.secret ?? null,
      factor.phone ?? null,
    ],
  );
}

export async function renameFactor(q: Queryable, factorId: string, name: string): Promise<void> {
  await q.query(
    'update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1',
    [factorId, name],
  );
}

/** Marks the factor verified and drops the user's other unverified factors of its type. */
export async function markFactorVerified(q: Queryable, factor: FactorRow): Promise<void> {
  await q.query(
    `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
    [factor.id],
  );
  await q.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
       and factor_type = $2::auth.factor_type and id <> $3`,
    [factor.user_id, factor.factor_type, factor.id],
  );
}

/** Removes the factor; sessions raised to aal2 with it fall back to aal1. */
export async function deleteFactor(q: Queryable, factor: FactorRow): Promise<void> {
  await q.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  await q.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now()
     where user_id = $1 and factor_id = $2`,
    [factor.user_id, factor.id],
  );
}

export async function insertChallenge(
  q: Queryable,
  challenge: { id: string; factorId: string; ip: string; otpHash: string | null },
): Promise<void> {
  await q.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code)
     values ($1, $2, now(), $3::inet, $4)`,
    [challenge.id, challenge.factorId, inet(challenge.ip) ?? '127.0.0.1', challenge.otpHash],
  );
  await q.query(
    'update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1',
    [challenge.factorId],
  );
}

export interface ChallengeRow {
  id: string;
  otp_code: string | null;
  /** Asked for from the address now answering it. */
  same_address: boolean;
  verified: boolean;
  expired: boolean;
}

/** The factor's challenge of this id, answered from `ip`; `expired` past `expirySeconds`. */
export async function findChallenge(
  q: Queryable,
  challenge: { id: string; factorId: string; ip: string },
  expirySeconds: number,
): Promise<ChallengeRow | undefined> {
  if (!UUID.test(challenge.id)) return undefined;
  const { rows } = await q.query<ChallengeRow>(
    `select id, otp_code, ip_address = $3::inet as same_address,
       verified_at is not null as verified,
       now() > created_at + make_interval(secs => $4) as expired
     from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challenge.id, challenge.factorId, inet(challenge.ip) ?? '127.0.0.1', expirySeconds],
  );
  return rows[0];
}

export async function deleteChallenge(q: Queryable, challengeId: string): Promise<void> {
  await q.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
}

/**
 * Marks the challenge answered. For TOTP the accepted time step is kept with it (in otp_code,
 * which TOTP challenges leave empty), so a code is never accepted twice (RFC 6238 §5.2).
 */
export async function markChallengeVerified(
  q: Queryable,
  challengeId: string,
  totpStep?: number,
): Promise<void> {
  await q.query(
    `update auth.mfa_challenges set verified_at = now(),
       otp_code = coalesce($2, otp_code) where id = $1`,
    [challengeId, totpStep === undefined ? null : `totp-step:${totpStep}`],
  );
}

/** The newest TOTP time step accepted for the factor, if any. */
export async function lastAcceptedTotpStep(
  q: Queryable,
  factorId: string,
): Promise<number | undefined> {
  const { rows } = await q.query<{ step: string | null }>(
    `select max(substr(otp_code, 11)::bigint)::text as step from auth.mfa_challenges
     where factor_id = $1 and verified_at is not null and otp_code like 'totp-step:%'`,
    [factorId],
  );
  return rows[0]?.step ? Number(rows[0].step) : undefined;
}
