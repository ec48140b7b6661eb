// "Use a passkey" and passkey autofill on the sign-in page. (Not "Sign in with a passkey": the
// password form's "Sign in" stays the only button whose name holds those words, which the E2E
// tests' getByRole('button', { name: 'Sign in' }) relies on.) The ceremonies live in
// passkey-sign-in.ts, imported when the button is pressed or when the browser offers autofill
// (PublicKeyCredential.isConditionalMediationAvailable()), so the page's first load stays small.
import { useEffect, useRef, useState } from 'react';
import type { Auth } from '../lib/auth-client.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

const load = () => import('./passkey-sign-in.ts');

async function autofillAvailable(): Promise<boolean> {
  // A browser refuses passkeys on an IP address (http://127.0.0.1): no request there at all.
  const host = location.hostname;
  if (/^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return false;
  const credential = (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential as
    { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined;
  try {
    return (await credential?.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

export function PasskeySignIn({ auth }: { auth: Auth }) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; cancelled: boolean } | null>(null);
  const autofill = useRef<{ controller: AbortController; settled: Promise<void> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const settled = (async () => {
      if (!(await autofillAvailable()) || controller.signal.aborted) return;
      const { passkeyAutofill } = await load();
      if (controller.signal.aborted) return;
      const result = await passkeyAutofill(auth, controller.signal);
      if (result.message && !result.cancelled)
        setMessage({ text: result.message, cancelled: false });
    })().catch(() => undefined);
    autofill.current = { controller, settled };
    return () => controller.abort();
  }, [auth]);

  async function signIn() {
    setMessage(null);
    setPending(true);
    try {
      // One WebAuthn request at a time: the autofill one gives way to the picker, and ends first.
      autofill.current?.controller.abort();
      await autofill.current?.settled;
      const { signInWithPasskey } = await load();
      const result = await signInWithPasskey(auth);
      if (result.message) setMessage({ text: result.message, cancelled: result.cancelled });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      {message ? <Alert tone={message.cancelled ? 'info' : 'error'}>{message.text}</Alert> : null}
      <Button variant="secondary" block pending={pending} onClick={() => void signIn()}>
        {pending ? 'Waiting for your passkey…' : 'Use a passkey'}
      </Button>
    </>
  );
}
