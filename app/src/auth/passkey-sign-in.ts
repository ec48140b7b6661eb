// The passkey ceremonies of the sign-in page, loaded only when used (passkey-sign-in-button.tsx
// imports this file dynamically). A successful sign-in is an auth event: the session provider
// moves on, as after a password.
import type { Auth } from '../lib/auth-client.ts';
import { describePasskeyError } from '../lib/errors/passkey-errors.ts';

export interface PasskeyOutcome {
  /** A sentence for the person, or null (signed in, or nothing worth saying). */
  message: string | null;
  cancelled: boolean;
}

function outcome(error: unknown): PasskeyOutcome {
  if (!error) return { message: null, cancelled: false };
  const described = describePasskeyError(error);
  return { message: described.message, cancelled: described.code === 'passkey_cancelled' };
}

/** The button: the browser's passkey picker. */
export async function signInWithPasskey(auth: Auth): Promise<PasskeyOutcome> {
  const { error } = await auth.signInWithPasskey();
  return outcome(error);
}

/**
 * Passkey autofill: a conditional-mediation request the browser answers when the person picks a
 * passkey from the email field's suggestions. It waits until `signal` aborts (leaving the page,
 * or the button taking over); a challenge that expired while it waited is asked for again.
 */
export async function passkeyAutofill(auth: Auth, signal: AbortSignal): Promise<PasskeyOutcome> {
  for (;;) {
    const { error } = await auth.signInWithPasskey({
      options: { mediation: 'conditional', signal },
    });
    if (signal.aborted) return { message: null, cancelled: true };
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'webauthn_challenge_expired' || code === 'webauthn_challenge_not_found') continue;
    // Only a passkey the person picked and Auth refused is worth a sentence: the request itself
    // failing (no passkeys here, a busy server) says nothing on a page they came to for a password.
    if (typeof code === 'string' && PICKED_AND_REFUSED.has(code)) return outcome(error);
    return { message: null, cancelled: true };
  }
}

const PICKED_AND_REFUSED = new Set([
  'webauthn_verification_failed',
  'email_not_confirmed',
  'phone_not_confirmed',
  'user_banned',
]);
