// The second step by text message: a button sends the code (a challenge of the phone factor),
// then the code is entered; "Send a new code" challenges again.
import { useState } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { factorPhone, maskedPhone, type SecondFactor } from '../lib/session/second-factors.ts';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { CodeForm } from './code-form.tsx';

export function MfaPhoneStep({ factor }: { factor: SecondFactor }) {
  const auth = useAuth();
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const sending = useSubmit();
  const number = maskedPhone(factorPhone(factor));

  async function challenge() {
    const { data, error } = await auth.mfa.challenge({ factorId: factor.id, channel: 'sms' });
    if (error) return { error };
    setChallengeId(data.id);
  }

  if (!challengeId)
    return (
      <div className="form">
        {sending.error ? <Alert tone="error">{sending.error}</Alert> : null}
        <p>We will text a 6-digit code to your phone ending {number}.</p>
        <Button block pending={sending.pending} onClick={() => void sending.run(challenge)}>
          {sending.pending ? 'Sending…' : 'Text me a code'}
        </Button>
      </div>
    );

  return (
    <>
      <p>We texted a 6-digit code to your phone ending {number}.</p>
      <CodeForm
        label="Code from the text message"
        submitLabel="Verify"
        pendingLabel="Verifying…"
        verify={(code) => auth.mfa.verify({ factorId: factor.id, challengeId, code })}
        resend={challenge}
        resendLabel="Send a new code"
        justSent
      />
    </>
  );
}
