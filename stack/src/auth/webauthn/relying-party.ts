// The WebAuthn relying party of passkeys and WebAuthn factors, as Supabase Auth configures
// go-webauthn from `[auth.webauthn]`: options for navigator.credentials.create()/get(), and the
// checks of what the authenticator answers (attestation, assertion, origin, RP ID, challenge,
// signature, sign counter) done by @simplewebauthn/server. User verification is "preferred", as
// Supabase Auth asks for it: asked of the authenticator, not required of its answer; user
// presence always is.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config/config.ts';
import { authError } from '../errors.ts';
import type { UserRow } from '../store/rows.ts';
import type { WebAuthnSession } from '../store/webauthn.ts';

/** How long a ceremony may take (GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION's default, 5 min). */
export const WEBAUTHN_CHALLENGE_EXPIRY_SECONDS = 300;

const USER_VERIFICATION = 'preferred';

/** @simplewebauthn/server, loaded with the first ceremony (it is the stack's slowest import). */
const library = () => import('@simplewebauthn/server');

type RelyingParty = Config['auth']['webauthn'];

/** The user handle of a user: the bytes of its id as text, as Supabase Auth's WebAuthnID(). */
export const userHandle = (user: UserRow) => new TextEncoder().encode(user.id);

/** The user a user handle (base64url, from an assertion) names, if it is a user id at all. */
export function userIdOfHandle(handle: string | undefined): string | undefined {
  if (!handle) return undefined;
  const id = Buffer.from(handle, 'base64url').toString('utf8');
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? id
    : undefined;
}

function userNames(user: UserRow): { userName: string; userDisplayName: string } {
  const userName = user.email || user.phone || '';
  const name = user.raw_user_meta_data?.name;
  return { userName, userDisplayName: typeof name === 'string' && name ? name : userName };
}

/** Options to create a credential for the user; `discoverable` for passkeys. */
export async function registrationOptions(
  rp: RelyingParty,
  user: UserRow,
  exclude: { id: string; transports?: string[] }[],
  discoverable: boolean,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; session: WebAuthnSession }> {
  const { generateRegistrationOptions } = await library();
  const options = await generateRegistrationOptions({
    rpName: rp.rpDisplayName,
    rpID: rp.rpId,
    userID: userHandle(user),
    ...userNames(user),
    timeout: WEBAUTHN_CHALLENGE_EXPIRY_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: exclude,
    authenticatorSelection: discoverable
      ? { residentKey: 'required', requireResidentKey: true, userVerification: USER_VERIFICATION }
      : { userVerification: USER_VERIFICATION },
  });
  return {
    options,
    session: {
      challenge: options.challenge,
      user_id: user.id,
      user_verification: USER_VERIFICATION,
    },
  };
}

/** Options to sign in: no allowed credentials for passkeys (discoverable), the factor's for MFA. */
export async function authenticationOptions(
  rp: RelyingParty,
  allow: { id: string; transports?: string[] }[] | undefined,
  userId?: string,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; session: WebAuthnSession }> {
  const { generateAuthenticationOptions } = await library();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: WEBAUTHN_CHALLENGE_EXPIRY_SECONDS * 1000,
    userVerification: USER_VERIFICATION,
    ...(allow ? { allowCredentials: allow } : {}),
  });
  return {
    options,
    session: {
      challenge: options.challenge,
      ...(userId ? { user_id: userId } : {}),
      user_verification: USER_VERIFICATION,
    },
  };
}

/** A credential response the body carries: an object with an id and a response object. */
function asCredential<T>(value: unknown): T {
  const v = value as { id?: unknown; rawId?: unknown; type?: unknown; response?: unknown };
  if (
    !v ||
    typeof v !== 'object' ||
    typeof v.id !== 'string' ||
    typeof v.response !== 'object' ||
    !v.response
  )
    throw authError('webauthn_verification_failed', 'Invalid credential response');
  return { rawId: v.id, type: 'public-key', clientExtensionResults: {}, ...v } as T;
}

export interface RegisteredCredential {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  aaguid: string;
  attestationType: string;
  backupEligible: boolean;
  backedUp: boolean;
}

/** Checks an attestation against the ceremony; the new credential, or webauthn_verification_failed. */
export async function verifyRegistration(
  rp: RelyingParty,
  session: WebAuthnSession,
  credential: unknown,
): Promise<RegisteredCredential> {
  const response = asCredential<RegistrationResponseJSON>(credential);
  try {
    const { verifyRegistrationResponse } = await library();
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      requireUserVerification: session.user_verification === 'required',
    });
    if (!result.verified) throw new Error('not verified');
    const info = result.registrationInfo;
    return {
      id: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? response.response.transports ?? [],
      aaguid: info.aaguid,
      attestationType: info.fmt,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
    };
  } catch {
    throw authError('webauthn_verification_failed', 'Credential verification failed');
  }
}

/** The credential id an assertion names, and the user handle it carries. */
export function assertionIds(credential: unknown): { id: string; userHandle?: string } {
  const response = asCredential<AuthenticationResponseJSON>(credential);
  return { id: response.id, userHandle: response.response.userHandle };
}

/**
 * Checks an assertion against the ceremony and the stored credential (signature, origin, RP ID,
 * challenge, user presence, and a sign counter that moved forward); its new sign counter.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  session: WebAuthnSession,
  credential: unknown,
  stored: { id: string; publicKey: Uint8Array; counter: number; transports: string[] },
): Promise<number> {
  const response = asCredential<AuthenticationResponseJSON>(credential);
  try {
    const { verifyAuthenticationResponse } = await library();
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      credential: { ...stored, publicKey: new Uint8Array(stored.publicKey) },
      requireUserVerification: session.user_verification === 'required',
    });
    if (!result.verified) throw new Error('not verified');
    return result.authenticationInfo.newCounter;
  } catch {
    throw authError('webauthn_verification_failed', 'Credential verification failed');
  }
}
