// The two ceremonies of a security key or passkey as a second step (a WebAuthn MFA factor),
// through auth-js's own mfa.webauthn helpers: register (enrol, the browser creates a credential,
// Auth verifies it: the session is then at aal2) and authenticate (challenge, the browser signs
// it, Auth verifies: aal2). Imported dynamically by the pages that use it, so no page's first
// load carries it.
import type { Auth } from '../auth-client.ts';
import { describeSecurityKeyError } from '../errors/security-key-errors.ts';

export interface SecurityKeyOutcome {
  /** The factor now verifies this session at aal2. */
  ok: boolean;
  /** A sentence for the person when it did not. */
  message: string | null;
  /** They (or the page) cancelled it: information, not an error. */
  cancelled: boolean;
}

function outcome(error: unknown): SecurityKeyOutcome {
  if (!error) return { ok: true, message: null, cancelled: false };
  const described = describeSecurityKeyError(error);
  return {
    ok: false,
    message: described.message,
    cancelled: described.code === 'security_key_cancelled',
  };
}

/** Removes WebAuthn factors that were enrolled but never verified (a ceremony cancelled or
 * failed): they would hold their name and count towards [auth.mfa] max_enrolled_factors. */
async function clearUnverified(auth: Auth): Promise<void> {
  const { data } = await auth.mfa.listFactors();
  for (const f of data?.all ?? [])
    if (f.factor_type === 'webauthn' && f.status === 'unverified')
      await auth.mfa.unenroll({ factorId: f.id });
}

/** Adds a security key or passkey named `friendlyName` as a second step. */
export async function addSecurityKey(
  auth: Auth,
  friendlyName: string,
  signal?: AbortSignal,
): Promise<SecurityKeyOutcome> {
  await clearUnverified(auth);
  const { error } = await auth.mfa.webauthn.register({ friendlyName, webauthn: { signal } });
  if (error) await clearUnverified(auth).catch(() => undefined);
  return outcome(error);
}

/** The second step at sign-in with the WebAuthn factor `factorId` (any of the person's keys
 * registered as second steps answers it). */
export async function verifyWithSecurityKey(
  auth: Auth,
  factorId: string,
  signal?: AbortSignal,
): Promise<SecurityKeyOutcome> {
  const { error } = await auth.mfa.webauthn.authenticate({ factorId, webauthn: { signal } });
  return outcome(error);
}
