// Two-step verification: an authenticator app (TOTP: name it, scan the QR code or type the
// secret, verify the first code), phones (mfa-phone-form.tsx) and security keys or passkeys
// (mfa-security-key-form.tsx); every second step is listed and removed after a confirmation
// (removing needs aal2). Says how not to be locked out, and warns
// while there is only one.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import {
  factorKind,
  factorName,
  factorPhone,
  type SecondFactor,
} from '../lib/session/second-factors.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { normaliseCode, validateCode } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { CodeField, TextField } from '../ui/text-field.tsx';
import { useFactorsQuery } from './api/factors-query.ts';
import { accountKeys } from './api/keys.ts';
import { qrSource } from './api/qr-source.ts';
import { MfaPhoneForm } from './mfa-phone-form.tsx';
import { MfaSecurityKeyForm } from './mfa-security-key-form.tsx';
import { RemoveFactorDialog } from './remove-factor-dialog.tsx';
import './account.css';

interface Enrolment {
  id: string;
  qr: string;
  secret: string;
}

function lostName(factor: SecondFactor): string {
  return factor.factor_type === 'phone'
    ? `the phone ${factorPhone(factor)}`
    : `“${factorName(factor)}”`;
}

export function MfaSection() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const { user } = useSignedIn();
  const factors = useFactorsQuery(user.id);
  const [name, setName] = useState('Authenticator app');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SecondFactor | null>(null);
  const submit = useSubmit();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.factors(user.id) });
  const verified = (factors.data ?? []).filter((f) => f.status === 'verified');

  async function start(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    await submit.run(async () => {
      // A previous, never verified attempt would block the name; clear it first.
      for (const f of factors.data ?? [])
        if (f.factor_type === 'totp' && f.status === 'unverified')
          await supabase.auth.mfa.unenroll({ factorId: f.id });
      const friendlyName = name.trim() || 'Authenticator app';
      const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
      if (error) return { error };
      setEnrolment({ id: data.id, qr: qrSource(data.totp.qr_code), secret: data.totp.secret });
    });
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!enrolment) return;
    const problem = validateCode(code);
    setCodeError(problem);
    if (problem) return;
    const ok = await submit.run(() =>
      supabase.auth.mfa.challengeAndVerify({ factorId: enrolment.id, code: normaliseCode(code) }),
    );
    if (ok) {
      setEnrolment(null);
      setCode('');
      setDone('Two-step verification is on. Next time you sign in, we will ask for a code.');
      await refresh();
    }
  }

  async function cancel() {
    if (enrolment) await supabase.auth.mfa.unenroll({ factorId: enrolment.id });
    setEnrolment(null);
    setCode('');
    await refresh();
  }

  async function removed(factor: SecondFactor, done: boolean) {
    setRemoving(null);
    if (!done) return;
    setDone(
      factor.factor_type === 'phone'
        ? `${factorName(factor)} no longer gets codes.`
        : factor.factor_type === 'webauthn'
          ? `“${factorName(factor)}” is no longer a second step.`
          : 'The authenticator was removed.',
    );
    await refresh();
  }

  return (
    <section className="panel" aria-labelledby="mfa-heading">
      <h2 className="panel__title" id="mfa-heading">
        Two-step verification
      </h2>
      <p className="panel__lead">
        After your password, Sheaf asks for a second step: a code from an authenticator app, a code
        texted to your phone, or a touch of your security key or passkey.
      </p>
      <p className="panel__lead" data-testid="mfa-recovery">
        So that losing one device does not lock you out, add more than one second step: another
        authenticator app, a phone or a security key. A passkey added under Passkeys below stands in
        for your password, not for this step; to use a passkey as this step, add it here. If you
        lose every second step, you cannot get in on your own: ask the administrator of this Sheaf
        to remove it, then sign in with your password and set up a new one.
      </p>
      {done ? <Alert tone="info">{done}</Alert> : null}
      {verified.length === 1 ? (
        <Alert tone="info" title="You have only one second step">
          If you lose {lostName(verified[0]!)}, you will need the administrator to get back in. Add
          another authenticator app, a phone or a security key now.
        </Alert>
      ) : null}
      {factors.error ? (
        <Alert tone="error">Your second steps could not be loaded. Reload the page.</Alert>
      ) : null}
      {verified.length > 0 ? (
        <ul className="list" aria-label="Your second steps">
          {verified.map((f) => (
            <li className="list__item" key={f.id}>
              <div className="device__main">
                <span className="device__name">{factorName(f)}</span>
                <span className="device__meta">{factorKind(f)}</span>
              </div>
              <Button
                variant="secondary"
                aria-label={`Remove ${factorName(f)}`}
                onClick={() => setRemoving(f)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {removing ? (
        <RemoveFactorDialog
          factor={removing}
          last={verified.length === 1}
          onClose={(done) => void removed(removing, done)}
        />
      ) : null}
      <h3 className="mfa-add__title">Add an authenticator app</h3>
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {enrolment ? (
        <form
          className="form form--narrow"
          onSubmit={verify}
          noValidate
          aria-label="Verify authenticator"
        >
          <p>Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
          <div className="qr">
            <img src={enrolment.qr} alt="QR code to add Sheaf to your authenticator app" />
          </div>
          <p className="field__hint">
            Cannot scan? Enter this key by hand:{' '}
            <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <CodeField
            label="Code from the app"
            name="totp"
            value={code}
            onCodeChange={setCode}
            error={codeError}
            autoFocus
          />
          <div className="actions">
            <Button type="submit" pending={submit.pending}>
              {submit.pending ? 'Verifying…' : 'Verify and turn on'}
            </Button>
            <Button variant="secondary" onClick={() => void cancel()}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form
          className="form form--narrow"
          onSubmit={start}
          noValidate
          aria-label="Add authenticator"
        >
          <TextField
            label="Name for this authenticator"
            name="factor-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
          />
          <div>
            <Button type="submit" pending={submit.pending}>
              Add authenticator app
            </Button>
          </div>
        </form>
      )}
      <MfaPhoneForm
        factors={factors.data ?? []}
        onChanged={async (message) => {
          setDone(message);
          await refresh();
        }}
      />
      <MfaSecurityKeyForm
        factors={verified}
        onChanged={async (message) => {
          setDone(message);
          await refresh();
        }}
      />
    </section>
  );
}
