// Phone numbers for sign-up and sign-in: a country and a national number become E.164
// ("+447700900123"), which is what Supabase Auth stores and texts.
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

export type { CountryCode };

export interface CountryOption {
  code: CountryCode;
  label: string;
}

/** Every country with its calling code, sorted by name in the given locale. */
export function countryOptions(locale = 'en'): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => {
      const name = names?.of(code) ?? code;
      return { code, name, label: `${name} (+${getCountryCallingCode(code)})` };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale))
    .map(({ code, label }) => ({ code, label }));
}

/** The country of the browser's language ("en-GB" → GB), or the US. */
export function defaultCountry(language: string | undefined): CountryCode {
  const region = language?.split('-')[1]?.toUpperCase();
  return region && (getCountries() as string[]).includes(region) ? (region as CountryCode) : 'US';
}

export type PhoneResult = { e164: string; error: null } | { e164: null; error: string };

/** Validates a number typed for a country (or typed with its own +code) and gives E.164. */
export function toE164(country: CountryCode, value: string): PhoneResult {
  const typed = value.trim();
  if (!typed) return { e164: null, error: 'Enter your phone number.' };
  if (/[^\d\s()+.-]/.test(typed))
    return { e164: null, error: 'Use digits only, like 20 7946 0958.' };
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed || !parsed.isValid())
    return { e164: null, error: 'This is not a valid phone number for the chosen country.' };
  return { e164: parsed.number, error: null };
}
