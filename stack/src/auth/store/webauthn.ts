// Passkeys and WebAuthn ceremonies as Supabase Auth keeps them: auth.webauthn_credentials (one
// row per passkey: credential id and COSE public key as bytea, the sign counter, transports) and
// auth.webauthn_challenges (the options a ceremony was started with, deleted when it is answered
// so each is used once). WebAuthn MFA factors keep their credential in
// auth.mfa_factors.web_authn_credential and their ceremony in
// auth.mfa_challenges.web_authn_session_data.
import type { Queryable } from '../../db/adapter.ts';
import { ts } from './columns.ts';

export interface PasskeyRow {
  id: string;
  user_id: string;
  /** The credential id, base64url (as the authenticator's responses carry it). */
  credential_id: string;
  /** The COSE public key. */
  public_key: Buffer;
  sign_count: number;
  transports: string[];
  friendly_name: string;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

interface RawPasskey extends Omit<PasskeyRow, 'credential_id' | 'public_key' | 'sign_count'> {
  credential_hex: string;
  public_key_hex: string;
  sign_count: string;
}

const PASSKEY_COLUMNS = `id, user_id, encode(credential_id, 'hex') as credential_hex,
  encode(public_key, 'hex') as public_key_hex, sign_count::text as sign_count, transports,
  friendly_name, ${ts('created_at')}, ${ts('updated_at')}, ${ts('last_used_at')}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function passkey(row: RawPasskey): PasskeyRow {
  const { credential_hex, public_key_hex, sign_count, ...rest } = row;
  return {
    ...rest,
    credential_id: Buffer.from(credential_hex, 'hex').toString('base64url'),
    public_key: Buffer.from(public_key_hex, 'hex'),
    sign_count: Number(sign_count),
    transports: Array.isArray(rest.transports) ? rest.transports : [],
  };
}

/** The user's passkeys, oldest first. */
export async function passkeysOf(q: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await q.query<RawPasskey>(
    `select ${PASSKEY_COLUMNS} from auth.webauthn_credentials where user_id = $1
     order by created_at, id`,
    [userId],
  );
  return rows.map(passkey);
}

export async function findPasskey(
  q: Queryable,
  id: string,
  userId: string,
  lock = false,
): Promise<PasskeyRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await q.query<RawPasskey>(
    `select ${PASSKEY_COLUMNS} from auth.webauthn_credentials where id = $1 and user_id = $2
     ${lock ? 'for update' : ''}`,
    [id, userId],
  );
  return rows[0] ? passkey(rows[0]) : undefined;
}

/** Stores a new passkey; false when its credential id is already registered (to anyone). */
export async function insertPasskey(
  q: Queryable,
  p: {
    id: string;
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    aaguid: string;
    attestationType: string;
    backupEligible: boolean;
    backedUp: boolean;
    friendlyName: string;
  },
): Promise<{ created_at: string } | undefined> {
  const { rows } = await q.query<{ created_at: string }>(
    `insert into auth.webauthn_credentials (id, user_id, credential_id, public_key,
       attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
     values ($1, $2, decode($3, 'hex'), decode($4, 'hex'), $5, $6, $7, $8::jsonb, $9, $10, $11)
     on conflict (credential_id) do nothing
     returning ${ts('created_at')}`,
    [
      p.id,
      p.userId,
      Buffer.from(p.credentialId, 'base64url').toString('hex'),
      Buffer.from(p.publicKey).toString('hex'),
      p.attestationType,
      p.aaguid,
      p.signCount,
      JSON.stringify(p.transports),
      p.backupEligible,
      p.backedUp,
      p.friendlyName,
    ],
  );
  return rows[0];
}

export async function renamePasskey(q: Queryable, id: string, name: string): Promise<void> {
  await q.query(
    'update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1',
    [id, name],
  );
}

export async function deletePasskey(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.webauthn_credentials where id = $1', [id]);
}

/** Records a sign-in with the passkey: its new sign counter and when it was used. */
export async function usePasskey(q: Queryable, id: string, signCount: number): Promise<void> {
  await q.query(
    `update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now()
     where id = $1`,
    [id, signCount],
  );
}

export type WebAuthnChallengeType = 'registration' | 'authentication';

/** What a ceremony was started with, kept until it is answered. */
export interface WebAuthnSession {
  challenge: string;
  user_id?: string;
  user_verification: 'preferred' | 'required' | 'discouraged';
}

/** Stores a ceremony's options; it expires `expirySeconds` from now. Returns expires_at (s). */
export async function insertWebAuthnChallenge(
  q: Queryable,
  c: {
    id: string;
    userId: string | null;
    type: WebAuthnChallengeType;
    session: WebAuthnSession;
    expirySeconds: number;
  },
): Promise<number> {
  // Ceremonies nobody answered are dropped once they have expired.
  await q.query(
    `delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour'`,
  );
  const { rows } = await q.query<{ expires_at: string }>(
    `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5))
     returning floor(extract(epoch from expires_at))::text as expires_at`,
    [c.id, c.userId, c.type, JSON.stringify(c.session), c.expirySeconds],
  );
  return Number(rows[0]!.expires_at);
}

/**
 * Takes the ceremony out of the table (so it can be answered once), as Supabase Auth's
 * ConsumeWebAuthnChallengeByID: only of its type, and only by the user it was started for (none
 * for a sign-in). Undefined when there is no such ceremony (unknown, used, or someone else's).
 */
export async function consumeWebAuthnChallenge(
  q: Queryable,
  c: { id: string; type: WebAuthnChallengeType; userId: string | null },
): Promise<{ session: WebAuthnSession; expired: boolean } | undefined> {
  if (!UUID.test(c.id)) return undefined;
  const { rows } = await q.query<{ session_data: WebAuthnSession; expired: boolean }>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3::uuid
     returning session_data, expires_at < now() as expired`,
    [c.id, c.type, c.userId],
  );
  const row = rows[0];
  return row ? { session: row.session_data, expired: row.expired } : undefined;
}

/** The credential of a verified WebAuthn factor, as web_authn_credential keeps it. */
export interface FactorCredential {
  /** base64url */
  id: string;
  /** base64url COSE key */
  public_key: string;
  sign_count: number;
  transports: string[];
  aaguid: string;
  attestation_type: string;
}

export async function factorCredentialsOf(
  q: Queryable,
  userId: string,
): Promise<{ factor_id: string; credential: FactorCredential }[]> {
  const { rows } = await q.query<{ factor_id: string; credential: FactorCredential }>(
    `select id as factor_id, web_authn_credential as credential from auth.mfa_factors
     where user_id = $1 and factor_type = 'webauthn' and status = 'verified'
       and web_authn_credential is not null`,
    [userId],
  );
  return rows;
}

/** Keeps the factor's credential (after its registration, or with a new sign counter). */
export async function saveFactorCredential(
  q: Queryable,
  factorId: string,
  credential: FactorCredential,
  lastChallenge: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = $3::uuid,
       last_webauthn_challenge_data = $4::jsonb, updated_at = now() where id = $1`,
    [factorId, JSON.stringify(credential), credential.aaguid, JSON.stringify(lastChallenge)],
  );
}

export async function insertWebAuthnFactorChallenge(
  q: Queryable,
  c: { id: string; factorId: string; ip: string | null; session: WebAuthnSession },
): Promise<void> {
  await q.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
     values ($1, $2, now(), $3::inet, $4::jsonb)`,
    [c.id, c.factorId, c.ip ?? '127.0.0.1', JSON.stringify(c.session)],
  );
  await q.query(
    'update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1',
    [c.factorId],
  );
}

export async function webAuthnFactorSession(
  q: Queryable,
  challengeId: string,
): Promise<WebAuthnSession | undefined> {
  const { rows } = await q.query<{ s: WebAuthnSession | null }>(
    'select web_authn_session_data as s from auth.mfa_challenges where id = $1',
    [challengeId],
  );
  return rows[0]?.s ?? undefined;
}
