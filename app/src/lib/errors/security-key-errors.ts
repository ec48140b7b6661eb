// Sentences for a security key or passkey used as a second step (a WebAuthn MFA factor), when
// its ceremony fails: in the browser (auth-js's WebAuthnError, told apart by passkey-errors.ts)
// or at Auth, which refused what the key answered. Any other error keeps describeError()'s
// sentence. docs/errors.md "Security keys in the browser" lists these.
import type { ErrorDescription } from './describe-error.ts';
import { describePasskeyError } from './passkey-errors.ts';

export const SECURITY_KEY_MESSAGES: Record<string, string> = {
  security_key_cancelled: 'No security key was used: the request was cancelled or timed out.',
  security_key_wrong_address:
    'Security keys do not work at this address of Sheaf. Open Sheaf at its usual address (for a local copy, http://localhost) and try again.',
  security_key_already_added: 'This security key is already one of your second steps.',
  security_key_unsupported: 'This browser or device cannot use security keys or passkeys.',
  security_key_device_failed:
    'Your security key could not be used. Try again or choose another second step.',
  security_key_not_accepted:
    'That security key was not accepted. Try another key, or choose another second step.',
  security_key_name_taken: 'One of your second steps already has this name. Choose another name.',
  security_key_too_many:
    'You have reached the limit of second steps. Remove one before adding another.',
};

/** The passkey-errors.ts code (or Auth's) that each sentence above stands in for. */
const STANDS_FOR: Record<string, string> = {
  passkey_cancelled: 'security_key_cancelled',
  passkey_wrong_address: 'security_key_wrong_address',
  passkey_already_on_device: 'security_key_already_added',
  passkey_unsupported: 'security_key_unsupported',
  passkey_device_failed: 'security_key_device_failed',
  webauthn_verification_failed: 'security_key_not_accepted',
  mfa_factor_name_conflict: 'security_key_name_taken',
  too_many_enrolled_mfa_factors: 'security_key_too_many',
};

export function describeSecurityKeyError(error: unknown): ErrorDescription {
  const described = describePasskeyError(error);
  const code = STANDS_FOR[described.code];
  return code ? { code, message: SECURITY_KEY_MESSAGES[code]! } : described;
}
