// WebAuthn MFA factors, as Supabase Auth runs them: the first challenge of an unverified factor
// asks the authenticator to create a credential (excluding the user's other WebAuthn factors'),
// its verify checks the attestation and keeps the credential on the factor; later challenges ask
// for an assertion by any of the user's verified WebAuthn credentials, checked with its sign
// counter. The ceremony is kept with the challenge (web_authn_session_data).
import type { AuthDeps } from '../endpoint.ts';
import { authError } from '../errors.ts';
import type { AuthQueries } from '../store/index.ts';
import type { FactorRow, UserRow } from '../store/rows.ts';
import type { WebAuthnSession } from '../store/webauthn.ts';
import {
  assertionIds,
  authenticationOptions,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
} from '../webauthn/relying-party.ts';

export interface WebAuthnChallengeData {
  type: 'create' | 'request';
  credential_options: { publicKey: unknown };
}

export async function webAuthnChallenge(
  deps: AuthDeps,
  q: AuthQueries,
  factor: FactorRow,
  user: UserRow,
  id: string,
  ip: string,
): Promise<WebAuthnChallengeData> {
  const rp = deps.config.auth.webauthn;
  const credentials = (await q.factorCredentialsOf(user.id)).map((c) => ({
    id: c.credential.id,
    transports: ['usb', 'nfc'],
  }));
  const create = factor.status !== 'verified';
  const { options, session } = create
    ? await registrationOptions(rp, user, credentials, false)
    : await authenticationOptions(rp, credentials, user.id);
  await q.insertWebAuthnFactorChallenge({ id, factorId: factor.id, ip, session });
  return { type: create ? 'create' : 'request', credential_options: { publicKey: options } };
}

/** The `webauthn` of a verify request: what the authenticator answered to the challenge. */
export interface WebAuthnAnswer {
  type: string;
  credential_response?: unknown;
}

export function checkWebAuthnAnswer(answer: WebAuthnAnswer | undefined): WebAuthnAnswer {
  if (!answer) throw authError('validation_failed', 'WebAuthn config required');
  if (answer.type !== 'create' && answer.type !== 'request')
    throw authError('validation_failed', 'WebAuthn type must be create or request');
  if (answer.credential_response === undefined || answer.credential_response === null)
    throw authError('validation_failed', 'credential_response required');
  return answer;
}

/**
 * Checks the answer against the factor's challenge: a new credential for an unverified factor
 * (kept on it), an assertion by a verified one's. Throws webauthn_verification_failed otherwise.
 */
export async function verifyWebAuthnAnswer(
  deps: AuthDeps,
  q: AuthQueries,
  factor: FactorRow,
  challengeId: string,
  answer: WebAuthnAnswer,
): Promise<void> {
  const rp = deps.config.auth.webauthn;
  const session: WebAuthnSession | undefined = await q.webAuthnFactorSession(challengeId);
  const expected = factor.status === 'verified' ? 'request' : 'create';
  if (!session || answer.type !== expected)
    throw authError('webauthn_verification_failed', 'Credential verification failed');
  // As Supabase Auth keeps it on the factor for the project to inspect.
  const lastChallenge = {
    challenge: { id: challengeId, factor_id: factor.id },
    type: answer.type,
    credential_response: answer.credential_response,
  };
  if (answer.type === 'create') {
    const c = await verifyRegistration(rp, session, answer.credential_response);
    await q.saveFactorCredential(
      factor.id,
      {
        id: c.id,
        public_key: Buffer.from(c.publicKey).toString('base64url'),
        sign_count: c.counter,
        transports: c.transports,
        aaguid: c.aaguid,
        attestation_type: c.attestationType,
      },
      lastChallenge,
    );
    return;
  }
  const { id } = assertionIds(answer.credential_response);
  const owned = (await q.factorCredentialsOf(factor.user_id)).find((c) => c.credential.id === id);
  if (!owned) throw authError('webauthn_verification_failed', 'Credential verification failed');
  const { credential } = owned;
  const counter = await verifyAssertion(rp, session, answer.credential_response, {
    id: credential.id,
    publicKey: Buffer.from(credential.public_key, 'base64url'),
    counter: credential.sign_count,
    transports: credential.transports,
  });
  await q.saveFactorCredential(
    owned.factor_id,
    { ...credential, sign_count: counter },
    lastChallenge,
  );
}
