import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryOptions, defaultCountry, preloadPhoneNumbers, toE164 } from './phone.ts';
import { CALLING_CODES } from './phone-countries.ts';

describe('toE164 before the library has loaded', () => {
  it('joins the calling code and the digits, within E.164 lengths', () => {
    expect(toE164('GB', '07911 123456')).toEqual({ e164: '+447911123456', error: null });
    expect(toE164('US', '+44 7911 123456').e164).toBe('+447911123456');
    expect(toE164('US', '123').error).toMatch(/not a valid phone number/);
  });
});

describe('toE164', () => {
  beforeAll(async () => {
    await preloadPhoneNumbers();
  });
  it('combines a country and a national number', () =>
    expect(toE164('GB', '07911 123456')).toEqual({ e164: '+447911123456', error: null }));
  it('accepts a number typed with its own country code', () =>
    expect(toE164('US', '+44 7911 123456').e164).toBe('+447911123456'));
  it('asks for a number', () => expect(toE164('US', ' ').error).toBe('Enter your phone number.'));
  it('rejects letters', () => expect(toE164('US', '555-CALL').error).toMatch(/digits only/));
  it('rejects a number that cannot exist', () =>
    expect(toE164('US', '123').error).toMatch(/not a valid phone number/));
});

describe('countries', () => {
  it('lists every country the library knows, with the same calling codes', () => {
    expect([...CALLING_CODES.keys()].sort()).toEqual([...getCountries()].sort());
    for (const code of getCountries())
      expect(CALLING_CODES.get(code)).toBe(getCountryCallingCode(code));
  });
  it('lists countries with their calling codes', () => {
    const options = countryOptions();
    expect(options.length).toBeGreaterThan(200);
    expect(options.find((o) => o.code === 'GB')?.label).toMatch(/\(\+44\)$/);
  });
  it('defaults to the browser language region', () => {
    expect(defaultCountry('en-GB')).toBe('GB');
    expect(defaultCountry('de')).toBe('US');
    expect(defaultCountry(undefined)).toBe('US');
  });
});
