// A phone as a second step: the number (E.164), a code texted to it by a challenge, then that
// code verifies the factor. "Send a new code" challenges again; Cancel removes the unverified
// factor.
import { useRef, useState, type FormEvent } from 'react';
import { useSubmit } from '../lib/forms/use-submit.ts';
import type { SecondFactor } from '../lib/session/second-factors.ts';
import { useSupabase } from '../lib/supabase.ts';
import { normaliseCode, validateCode } from '../lib/validation/fields.ts';
import { defaultCountry, toE164, type CountryCode } from '../lib/validation/phone.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PhoneField } from '../ui/phone-field.tsx';
import { CodeField } from '../ui/text-field.tsx';

interface Pending {
  factorId: string;
  challengeId: string;
  phone: string;
}

interface Props {
  factors: SecondFactor[];
  onChanged(message: string | null): Promise<void>;
}

export function MfaPhoneForm({ factors, onChanged }: Props) {
  const supabase = useSupabase();
  const [country, setCountry] = useState<CountryCode>(() => defaultCountry(navigator.language));
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();

  async function challenge(factorId: string) {
    const { data, error } = await supabase.auth.mfa.challenge({ factorId, channel: 'sms' });
    if (error) return { error };
    return { challengeId: data.id };
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const result = toE164(country, phone);
    setPhoneError(result.error);
    if (!result.e164) return;
    const e164 = result.e164;
    await onChanged(null);
    const ok = await submit.run(async () => {
      // An earlier attempt that was never verified would stand in the way; clear it first.
      for (const f of factors)
        if (f.factor_type === 'phone' && f.status === 'unverified')
          await supabase.auth.mfa.unenroll({ factorId: f.id });
      const enrolled = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: e164 });
      if (enrolled.error) return { error: enrolled.error };
      const sent = await challenge(enrolled.data.id);
      if ('error' in sent) {
        await supabase.auth.mfa.unenroll({ factorId: enrolled.data.id });
        return sent;
      }
      setPending({ factorId: enrolled.data.id, challengeId: sent.challengeId, phone: e164 });
    });
    if (ok) setTimeout(() => codeRef.current?.focus(), 0);
  }

  async function resend() {
    if (!pending) return;
    setResent(false);
    const ok = await submit.run(async () => {
      const sent = await challenge(pending.factorId);
      if ('error' in sent) return sent;
      setPending({ ...pending, challengeId: sent.challengeId });
    });
    if (ok) setResent(true);
    codeRef.current?.focus();
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    const problem = validateCode(code);
    setCodeError(problem);
    if (problem) return codeRef.current?.focus();
    const ok = await submit.run(() =>
      supabase.auth.mfa.verify({
        factorId: pending.factorId,
        challengeId: pending.challengeId,
        code: normaliseCode(code),
      }),
    );
    if (!ok) return codeRef.current?.select();
    setPending(null);
    setCode('');
    setPhone('');
    setResent(false);
    await onChanged(`Codes by text message to ${pending.phone} are on as a second step.`);
  }

  async function cancel() {
    if (pending) await supabase.auth.mfa.unenroll({ factorId: pending.factorId });
    setPending(null);
    setCode('');
    setResent(false);
    submit.setError(null);
    await onChanged(null);
  }

  return (
    <div className="mfa-add">
      <h3 className="mfa-add__title">Add a phone</h3>
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {pending ? (
        <form className="form form--narrow" onSubmit={verify} noValidate aria-label="Verify phone">
          <p>
            We texted a 6-digit code to <strong>{pending.phone}</strong>. Enter it to use this phone
            as a second step.
          </p>
          {resent ? <Alert tone="info">A new code is on its way.</Alert> : null}
          <CodeField
            ref={codeRef}
            label="Code from the text message"
            name="phone-factor-code"
            value={code}
            onCodeChange={setCode}
            error={codeError}
          />
          <div className="actions">
            <Button type="submit" pending={submit.pending}>
              {submit.pending ? 'Verifying…' : 'Verify phone'}
            </Button>
            <Button variant="secondary" onClick={() => void resend()}>
              Send a new code
            </Button>
            <Button variant="secondary" onClick={() => void cancel()}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form className="form form--narrow" onSubmit={send} noValidate aria-label="Add a phone">
          <PhoneField
            country={country}
            onCountryChange={setCountry}
            value={phone}
            onChange={setPhone}
            error={phoneError}
            label="Phone number for codes"
          />
          <div>
            <Button type="submit" pending={submit.pending}>
              Text me a code
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
