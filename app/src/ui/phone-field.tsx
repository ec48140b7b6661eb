// A phone number: a country picker and the number, labelled separately; the error and hint are
// tied to the number input. Showing it starts loading the phone-number library.
import { forwardRef, useEffect, useId, useMemo } from 'react';
import { countryOptions, preloadPhoneNumbers, type CountryCode } from '../lib/validation/phone.ts';

interface PhoneFieldProps {
  country: CountryCode;
  onCountryChange(country: CountryCode): void;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  label?: string;
  autoComplete?: string;
}

export const PhoneField = forwardRef<HTMLInputElement, PhoneFieldProps>(function PhoneField(
  {
    country,
    onCountryChange,
    value,
    onChange,
    error,
    label = 'Phone number',
    autoComplete = 'tel',
  },
  ref,
) {
  const id = useId();
  const options = useMemo(() => countryOptions(navigator.language), []);
  // The number is checked with the phone-number library: start loading it as the field appears.
  useEffect(() => {
    void preloadPhoneNumbers();
  }, []);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-country`}>
        Country
      </label>
      <select
        id={`${id}-country`}
        className="field__input"
        value={country}
        onChange={(e) => onCountryChange(e.target.value as CountryCode)}
        autoComplete="tel-country-code"
      >
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </select>
      <label className="field__label field__label--spaced" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className="field__input"
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
