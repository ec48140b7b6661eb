// Add or change the phone number: the server texts a code to the new number; entering it makes
// the change (USER_UPDATED then shows the number everywhere).
import { useRef, useState, type FormEvent } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { normaliseCode, validateCode } from '../lib/validation/fields.ts';
import { defaultCountry, toE164, type CountryCode } from '../lib/validation/phone.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PhoneField } from '../ui/phone-field.tsx';
import { CodeField } from '../ui/text-field.tsx';
import { accountPhone } from './api/account-identity.ts';

export function PhoneSection() {
  const supabase = useSupabase();
  const { user } = useSignedIn();
  const [country, setCountry] = useState<CountryCode>(() => defaultCountry(navigator.language));
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const phoneNumber = accountPhone(user);

  async function send(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const result = toE164(country, phone);
    setPhoneError(result.error);
    if (!result.e164) return;
    const e164 = result.e164;
    const ok = await submit.run(() => supabase.auth.updateUser({ phone: e164 }));
    if (ok) {
      setSentTo(e164);
      setTimeout(() => codeRef.current?.focus(), 0);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    const problem = validateCode(code);
    setCodeError(problem);
    if (problem) return codeRef.current?.focus();
    const ok = await submit.run(() =>
      supabase.auth.verifyOtp({ phone: sentTo, token: normaliseCode(code), type: 'phone_change' }),
    );
    if (ok) {
      setSentTo(null);
      setCode('');
      setPhone('');
      setDone(true);
    }
  }

  return (
    <section className="panel" aria-labelledby="phone-heading">
      <h2 className="panel__title" id="phone-heading">
        Phone number
      </h2>
      <p className="panel__lead">
        {phoneNumber ? (
          <>
            Your number is <strong data-testid="current-phone">{phoneNumber}</strong>.
          </>
        ) : (
          'Add a number to sign in with a text message code.'
        )}
      </p>
      {done ? <Alert tone="info">Your phone number is confirmed.</Alert> : null}
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {sentTo ? (
        <form
          className="form form--narrow"
          onSubmit={confirm}
          noValidate
          aria-label="Confirm phone"
        >
          <p>We texted a 6-digit code to {sentTo}.</p>
          <CodeField
            ref={codeRef}
            label="Code from the text message"
            name="phone-code"
            value={code}
            onCodeChange={setCode}
            error={codeError}
          />
          <div className="actions">
            <Button type="submit" pending={submit.pending}>
              Confirm number
            </Button>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form className="form form--narrow" onSubmit={send} noValidate aria-label="Change phone">
          <PhoneField
            label={phoneNumber ? 'New phone number' : 'Phone number'}
            country={country}
            onCountryChange={setCountry}
            value={phone}
            onChange={setPhone}
            error={phoneError}
          />
          <div>
            <Button type="submit" pending={submit.pending}>
              {phoneNumber ? 'Change number' : 'Add number'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
