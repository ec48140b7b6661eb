// Change the password, proving it is you first: with the current password (checked by Auth with
// a password sign-in that keeps no session, and sent along as current_password for projects that
// require it), or — for an account without a password, or a forgotten one — with a code Auth
// sends by email or SMS (/reauthenticate, then the nonce). A session older than 24 hours needs
// that code anyway (secure_password_change). Auth then emails that the password changed and
// signs out the other devices.
import { useRef, useState, type FormEvent } from 'react';
import { weakPasswordSentence } from '../lib/errors/weak-password.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import {
  normaliseCode,
  validateCode,
  validateCurrentPassword,
  validateNewPassword,
} from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { NewPasswordField } from '../ui/new-password-field.tsx';
import { CodeField, TextField } from '../ui/text-field.tsx';
import { accountEmail, accountPhone } from './api/account-identity.ts';
import { verifyCurrentPassword } from './api/verify-current-password.ts';

type Errors = { current: string | null; password: string | null; nonce: string | null };
const NO_ERRORS: Errors = { current: null, password: null, nonce: null };

export function PasswordSection() {
  const supabase = useSupabase();
  const { user } = useSignedIn();
  const email = accountEmail(user);
  const phone = accountPhone(user);
  const [mode, setMode] = useState<'current' | 'code'>('current');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [nonce, setNonce] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const nonceRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const sending = useSubmit();
  const usesCode = mode === 'code' || codeSent;

  function fail(next: Partial<Errors>) {
    const all = { ...NO_ERRORS, ...next };
    setErrors(all);
    const first = (['current', 'password', 'nonce'] as const).find((k) => all[k]);
    if (first)
      ({ current: currentRef, password: passwordRef, nonce: nonceRef })[first].current?.focus();
    return !!first;
  }

  async function sendCode() {
    setSaved(false);
    const ok = await sending.run(() => supabase.auth.reauthenticate());
    if (ok) {
      setCodeSent(true);
      setTimeout(() => nonceRef.current?.focus(), 0);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const problems: Partial<Errors> = {
      current: mode === 'current' ? validateCurrentPassword(current) : null,
      password: validateNewPassword(password),
      nonce: usesCode ? (codeSent ? validateCode(nonce) : 'Send yourself a code first.') : null,
    };
    if (!problems.password && mode === 'current' && password === current)
      problems.password = 'Choose a password different from your current one.';
    if (fail(problems)) return;
    let rejected = false;
    const ok = await submit.run(async () => {
      if (mode === 'current') {
        const who = email ? { email } : phone ? { phone } : null;
        const check = who ? await verifyCurrentPassword(supabase, who, current) : 'wrong';
        if (check === 'wrong') {
          rejected = fail({ current: 'This is not your current password.' });
          return;
        }
        if (check !== 'ok') return check;
      }
      const attributes = usesCode
        ? { password, nonce: normaliseCode(nonce) }
        : { password, current_password: current };
      const { error } = await supabase.auth.updateUser(attributes);
      const weak = weakPasswordSentence(error);
      if (weak) {
        rejected = fail({ password: weak });
        return;
      }
      if (error?.code === 'reauthentication_needed' || error?.code === 'reauth_nonce_missing') {
        // Signed in more than a day ago: Auth wants a fresh code as well.
        const sent = await supabase.auth.reauthenticate();
        if (sent.error) return { error: sent.error };
        setCodeSent(true);
        rejected = true;
        setTimeout(() => nonceRef.current?.focus(), 0);
        return;
      }
      if (error?.code === 'reauthentication_not_valid') {
        rejected = fail({ nonce: 'This code is not right or has expired. Send a new one.' });
        return;
      }
      return { error };
    });
    if (ok && !rejected) {
      setSaved(true);
      setCurrent('');
      setPassword('');
      setNonce('');
      setCodeSent(false);
      setMode('current');
    }
  }

  const where = email ?? phone ?? 'you';
  return (
    <section className="panel" aria-labelledby="password-heading">
      <h2 className="panel__title" id="password-heading">
        Password
      </h2>
      {saved ? (
        <Alert tone="info" title="Your password has been changed.">
          Your other devices are signed out.
          {email ? ` We sent an email to ${email} to let you know.` : ''}
        </Alert>
      ) : null}
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {sending.error ? <Alert tone="error">{sending.error}</Alert> : null}
      {codeSent ? (
        <Alert tone="info">
          To confirm it is you, we sent a 6-digit code to {where}. Enter it below.
        </Alert>
      ) : null}
      <form
        className="form form--narrow"
        onSubmit={onSubmit}
        noValidate
        aria-label="Change password"
      >
        {mode === 'current' ? (
          <TextField
            ref={currentRef}
            label="Current password"
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={errors.current}
          />
        ) : null}
        {usesCode ? (
          <CodeField
            ref={nonceRef}
            label="Verification code"
            name="nonce"
            value={nonce}
            onCodeChange={setNonce}
            error={errors.nonce}
            hint={codeSent ? undefined : `We send it to ${where}.`}
          />
        ) : null}
        <NewPasswordField
          ref={passwordRef}
          label="New password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className="actions">
          {usesCode ? (
            <Button variant="secondary" onClick={() => void sendCode()} pending={sending.pending}>
              {codeSent ? 'Send a new code' : 'Send me a code'}
            </Button>
          ) : null}
          <Button type="submit" pending={submit.pending}>
            {submit.pending ? 'Saving…' : 'Change password'}
          </Button>
        </div>
        {mode === 'current' ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode('code');
              setErrors(NO_ERRORS);
            }}
          >
            No password yet, or forgot it? Confirm with a code instead
          </button>
        ) : (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode('current');
              setCodeSent(false);
              setErrors(NO_ERRORS);
            }}
          >
            Use my current password instead
          </button>
        )}
      </form>
    </section>
  );
}
