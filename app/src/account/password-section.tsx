// Change the password. When the server wants reauthentication (secure_password_change), it
// answers reauthentication_needed: we ask it to send a code and retry with that nonce.
import { useRef, useState, type FormEvent } from 'react';
import { weakPasswordSentence } from '../lib/errors/weak-password.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSupabase } from '../lib/supabase.ts';
import { normaliseCode, validateCode, validateNewPassword } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { NewPasswordField } from '../ui/new-password-field.tsx';
import { TextField } from '../ui/text-field.tsx';

export function PasswordSection() {
  const supabase = useSupabase();
  const [password, setPassword] = useState('');
  const [nonce, setNonce] = useState('');
  const [needsNonce, setNeedsNonce] = useState(false);
  const [errors, setErrors] = useState<{ password: string | null; nonce: string | null }>({
    password: null,
    nonce: null,
  });
  const [saved, setSaved] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const nonceRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const next = {
      password: validateNewPassword(password),
      nonce: needsNonce ? validateCode(nonce) : null,
    };
    setErrors(next);
    if (next.password) return passwordRef.current?.focus();
    if (next.nonce) return nonceRef.current?.focus();
    let rejected = false;
    const ok = await submit.run(async () => {
      const attributes = needsNonce ? { password, nonce: normaliseCode(nonce) } : { password };
      const { error } = await supabase.auth.updateUser(attributes);
      const weak = weakPasswordSentence(error);
      if (weak) {
        setErrors({ password: weak, nonce: null });
        passwordRef.current?.focus();
        rejected = true;
        return;
      }
      if (error?.code === 'reauthentication_needed' || error?.code === 'reauth_nonce_missing') {
        const sent = await supabase.auth.reauthenticate();
        if (sent.error) return { error: sent.error };
        setNeedsNonce(true);
        setTimeout(() => nonceRef.current?.focus(), 0);
        return { error };
      }
      return { error };
    });
    if (ok && !rejected) {
      setSaved(true);
      setPassword('');
      setNonce('');
      setNeedsNonce(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="password-heading">
      <h2 className="panel__title" id="password-heading">
        Password
      </h2>
      {saved ? <Alert tone="info">Your password has been changed.</Alert> : null}
      {submit.error && !needsNonce ? <Alert tone="error">{submit.error}</Alert> : null}
      {needsNonce ? (
        <Alert tone="info">
          To confirm it is you, we sent a 6-digit code to your email. Enter it below.
        </Alert>
      ) : null}
      <form
        className="form form--narrow"
        onSubmit={onSubmit}
        noValidate
        aria-label="Change password"
      >
        <NewPasswordField
          ref={passwordRef}
          label="New password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        {needsNonce ? (
          <TextField
            ref={nonceRef}
            label="Verification code"
            name="nonce"
            variant="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={nonce}
            onChange={(e) => setNonce(normaliseCode(e.target.value))}
            error={errors.nonce}
          />
        ) : null}
        <div>
          <Button type="submit" pending={submit.pending}>
            {submit.pending ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
