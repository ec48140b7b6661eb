// What every /passkeys route shares: the `[auth.passkey]` switch, the aal2 rule for managing
// passkeys, the passkey's JSON, and the checks of a ceremony's answer (challenge_id, credential).
import type { Config } from '../../config/config.ts';
import { authError } from '../errors.ts';
import type { Aal2Rule } from '../guards.ts';
import { checked } from '../params.ts';
import type { AuthQueries } from '../store/index.ts';
import type { PasskeyRow, WebAuthnChallengeType, WebAuthnSession } from '../store/webauthn.ts';

/** The /passkeys routes answer 404 passkey_disabled unless `[auth.passkey] enabled`. */
export function passkeysEnabled(config: Config): void {
  if (!config.auth.passkey.enabled) throw authError('passkey_disabled', 'Passkeys are disabled');
}

/** Registering or deleting a passkey needs aal2 once the account has a verified MFA factor. */
export const TO_MANAGE_PASSKEYS: Aal2Rule<unknown> = {
  applies: () => true,
  refuse: () =>
    authError(
      'insufficient_aal',
      'AAL2 session is required to manage passkeys when MFA is enabled',
      403,
    ),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{passkey_id}` of a path: a UUID, else 404 "Passkey not found" as Supabase Auth. */
export const passkeyIdParam = checked(
  (v) => (UUID.test(v) ? v : undefined),
  () => ['validation_failed', 'Passkey not found', 404],
);

export const passkeyNotFound = () => authError('validation_failed', 'Passkey not found', 404);

/** A passkey as the list and management endpoints answer it. */
export function passkeyJson(row: PasskeyRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: row.created_at,
    ...(row.last_used_at ? { last_used_at: row.last_used_at } : {}),
  };
}

/**
 * The ceremony a verify request answers, taken out of the table in its own transaction so it is
 * used once even when the answer is then refused (as Supabase Auth consumes it first).
 */
export async function consumeCeremony(
  store: { transaction<T>(fn: (q: AuthQueries) => Promise<T>): Promise<T> },
  p: { challenge_id: string; credential?: unknown },
  type: WebAuthnChallengeType,
  userId: string | null,
): Promise<WebAuthnSession> {
  if (!p.challenge_id) throw authError('validation_failed', 'challenge_id is required');
  if (p.credential === undefined || p.credential === null)
    throw authError('validation_failed', 'credential is required');
  if (!UUID.test(p.challenge_id))
    throw authError('validation_failed', 'challenge_id must be a valid UUID');
  const found = await store.transaction((q) =>
    q.consumeWebAuthnChallenge({ id: p.challenge_id, type, userId }),
  );
  if (!found)
    throw authError('webauthn_challenge_not_found', 'Challenge not found or already used');
  if (found.expired) throw authError('webauthn_challenge_expired', 'Challenge has expired');
  return found.session;
}
