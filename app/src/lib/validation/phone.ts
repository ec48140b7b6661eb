// Phone numbers for sign-up and sign-in: a country and a national number become E.164
// ("+447700900123"), which is what Supabase Auth stores and texts. The country list comes from a
// small table (phone-countries.ts); the parsing library (libphonenumber-js, 30 KB) is loaded only
// where a number is typed — the phone field calls preloadPhoneNumbers() when it appears — so
// pages that never show a phone field never download it.
import type { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { CALLING_CODES } from './phone-countries.ts';

export type { CountryCode };

interface PhoneLibrary {
  parsePhoneNumberFromString: typeof parsePhoneNumberFromString;
}
let library: PhoneLibrary | null = null;
let loading: Promise<PhoneLibrary> | null = null;

/** Loads the parsing library (once); toE164 uses it from then on. */
export function preloadPhoneNumbers(): Promise<PhoneLibrary> {
  loading ??= import('libphonenumber-js').then((lib) => (library = lib));
  return loading;
}

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
  return [...CALLING_CODES]
    .map(([code, calling]) => {
      const name = names?.of(code) ?? code;
      return { code: code as CountryCode, name, label: `${name} (+${calling})` };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale))
    .map(({ code, label }) => ({ code, label }));
}

/** The country of the browser's language ("en-GB" → GB), or the US. */
export function defaultCountry(language: string | undefined): CountryCode {
  const region = language?.split('-')[1]?.toUpperCase();
  return region && CALLING_CODES.has(region) ? (region as CountryCode) : 'US';
}

export type PhoneResult = { e164: string; error: null } | { e164: null; error: string };

const INVALID = 'This is not a valid phone number for the chosen country.';

/** Without the library (not loaded yet): the calling code and the digits, E.164's length rules. */
function roughE164(country: CountryCode, typed: string): PhoneResult {
  const digits = typed.replace(/\D/g, '');
  const full = typed.startsWith('+')
    ? digits
    : `${CALLING_CODES.get(country) ?? ''}${digits.replace(/^0+/, '')}`;
  return full.length >= 8 && full.length <= 15
    ? { e164: `+${full}`, error: null }
    : { e164: null, error: INVALID };
}

/** Validates a number typed for a country (or typed with its own +code) and gives E.164. */
export function toE164(country: CountryCode, value: string): PhoneResult {
  const typed = value.trim();
  if (!typed) return { e164: null, error: 'Enter your phone number.' };
  if (/[^\d\s()+.-]/.test(typed))
    return { e164: null, error: 'Use digits only, like 20 7946 0958.' };
  if (!library) return roughE164(country, typed);
  const parsed = library.parsePhoneNumberFromString(typed, country);
  if (!parsed || !parsed.isValid()) return { e164: null, error: INVALID };
  return { e164: parsed.number, error: null };
}
