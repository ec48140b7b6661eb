// Sentences for a passkey ceremony that failed in the browser (auth-js's WebAuthnError: the person
// cancelled, the address cannot hold passkeys, the device has no authenticator). An error from
// Auth itself goes on to describeError(). docs/errors.md "Passkeys in the browser" lists these.
import { describeError, type ErrorDescription } from './describe-error.ts';

export const PASSKEY_BROWSER_MESSAGES: Record<string, string> = {
  passkey_cancelled: 'No passkey was used: the request was cancelled or timed out.',
  passkey_wrong_address:
    'Passkeys do not work at this address of Sheaf. Open Sheaf at its usual address (for a local copy, http://localhost) and try again.',
  passkey_already_on_device: 'This device already holds a passkey for your account.',
  passkey_unsupported: 'This browser or device cannot use passkeys.',
  passkey_device_failed: 'Your device could not use a passkey. Try again or sign in another way.',
};

interface WebAuthnErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: { name?: unknown };
}

/** The WebAuthnError codes of auth-js (ERROR_…), mapped to one of the sentences above. */
function browserCode(e: WebAuthnErrorLike): string | null {
  const code = typeof e.code === 'string' ? e.code : '';
  if (e.message === 'Browser does not support WebAuthn') return 'passkey_unsupported';
  if (!code.startsWith('ERROR_')) return null;
  const cause = e.cause?.name ?? e.name;
  if (code === 'ERROR_CEREMONY_ABORTED' || cause === 'NotAllowedError' || cause === 'AbortError')
    return 'passkey_cancelled';
  if (
    code === 'ERROR_INVALID_DOMAIN' ||
    code === 'ERROR_INVALID_RP_ID' ||
    cause === 'SecurityError'
  )
    return 'passkey_wrong_address';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'passkey_already_on_device';
  if (cause === 'NotSupportedError') return 'passkey_unsupported';
  return 'passkey_device_failed';
}

export function describePasskeyError(error: unknown): ErrorDescription {
  if (typeof error === 'object' && error !== null) {
    const code = browserCode(error as WebAuthnErrorLike);
    if (code) return { code, message: PASSKEY_BROWSER_MESSAGES[code]! };
  }
  return describeError(error);
}

/** True when the person (or the page) cancelled the ceremony: nothing to tell them then. */
export function isPasskeyCancel(error: unknown): boolean {
  return describePasskeyError(error).code === 'passkey_cancelled';
}
