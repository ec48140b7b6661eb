// The second step with a security key or passkey: a button starts the browser's ceremony
// (auth-js's mfa.webauthn.authenticate, in lib/session/security-key.ts, imported only when
// pressed so the sign-in pages' first load stays small); Cancel on the page stops it. Success
// raises the session to aal2 and MFA_CHALLENGE_VERIFIED continues to the page the user wanted.
import { useEffect, useRef, useState } from 'react';
import type { SecondFactor } from '../lib/session/second-factors.ts';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

const load = () => import('../lib/session/security-key.ts');

export function MfaSecurityKeyStep({ factor }: { factor: SecondFactor }) {
  const auth = useAuth();
  const [waiting, setWaiting] = useState(false);
  const [message, setMessage] = useState<{ text: string; cancelled: boolean } | null>(null);
  const ceremony = useRef<AbortController | null>(null);

  // Leaving the page (another second step chosen, signing out) ends a ceremony still waiting.
  useEffect(() => () => ceremony.current?.abort(), []);

  async function verify() {
    if (ceremony.current) return;
    const controller = new AbortController();
    ceremony.current = controller;
    setMessage(null);
    setWaiting(true);
    try {
      const { verifyWithSecurityKey } = await load();
      const result = await verifyWithSecurityKey(auth, factor.id, controller.signal);
      if (!result.ok) setMessage({ text: result.message ?? '', cancelled: result.cancelled });
    } finally {
      ceremony.current = null;
      setWaiting(false);
    }
  }

  return (
    <div className="form">
      {message ? <Alert tone={message.cancelled ? 'info' : 'error'}>{message.text}</Alert> : null}
      <p>
        {waiting
          ? 'Follow your browser: insert or touch your security key, or choose your passkey.'
          : 'When you press the button, your browser asks for your security key or passkey.'}
      </p>
      <Button block pending={waiting} onClick={() => void verify()}>
        {waiting ? 'Waiting for your key…' : 'Use your security key'}
      </Button>
      {waiting ? (
        <Button variant="secondary" block onClick={() => ceremony.current?.abort()}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
