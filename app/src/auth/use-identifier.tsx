// Email or phone, exactly one: the switch, the matching field, and validation that focuses the
// field and returns the credential for supabase-js ({ email } or { phone }).
import { useRef, useState } from 'react';
import { validateEmail } from '../lib/validation/fields.ts';
import { defaultCountry, toE164, type CountryCode } from '../lib/validation/phone.ts';
import { MethodSwitch } from '../ui/method-switch.tsx';
import { PhoneField } from '../ui/phone-field.tsx';
import { EmailField } from '../ui/text-field.tsx';

export type Method = 'email' | 'phone';
export type Identifier = { email: string } | { phone: string };

/** `emailAutoComplete`: the email field's autocomplete ("username webauthn" on the sign-in page). */
export function useIdentifier(initial: Method = 'email', emailAutoComplete = 'email') {
  const [method, setMethod] = useState<Method>(initial);
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<CountryCode>(() => defaultCountry(navigator.language));
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  /** The credential, or null after showing the field's error and focusing it. */
  function validate(): Identifier | null {
    if (method === 'email') {
      const problem = validateEmail(email);
      setError(problem);
      if (problem) emailRef.current?.focus();
      return problem ? null : { email: email.trim() };
    }
    const result = toE164(country, phone);
    setError(result.error);
    if (result.error) phoneRef.current?.focus();
    return result.e164 ? { phone: result.e164 } : null;
  }

  const fields = (
    <>
      <MethodSwitch
        label="Use email or phone"
        value={method}
        options={[
          { value: 'email', label: 'Email' },
          { value: 'phone', label: 'Phone' },
        ]}
        onChange={(m) => {
          setMethod(m);
          setError(null);
        }}
      />
      {method === 'email' ? (
        <EmailField
          ref={emailRef}
          autoComplete={emailAutoComplete}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          required
        />
      ) : (
        <PhoneField
          ref={phoneRef}
          country={country}
          onCountryChange={setCountry}
          value={phone}
          onChange={setPhone}
          error={error}
        />
      )}
    </>
  );
  return { method, fields, validate };
}

/** The /verify (or code step) query for an identifier. */
export function identifierQuery(id: Identifier): string {
  return 'email' in id
    ? `email=${encodeURIComponent(id.email)}`
    : `phone=${encodeURIComponent(id.phone)}`;
}
