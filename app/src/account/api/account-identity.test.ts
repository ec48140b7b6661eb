import { describe, expect, it } from 'vitest';
import { accountEmail, accountPhone, displayNameOf } from './account-identity.ts';

describe('account identity', () => {
  it('treats the empty email and phone Auth returns as missing', () => {
    expect(accountEmail({ email: '' })).toBeNull();
    expect(accountEmail({ email: undefined })).toBeNull();
    expect(accountPhone({ phone: '' })).toBeNull();
  });

  it('shows a phone number with its plus sign, once', () => {
    expect(accountPhone({ phone: '447700900123' })).toBe('+447700900123');
    expect(accountPhone({ phone: '+447700900123' })).toBe('+447700900123');
  });

  it('names a person by their chosen name, else their email, else not at all', () => {
    expect(
      displayNameOf({ email: 'ada@example.com', user_metadata: { display_name: ' Ada ' } }),
    ).toBe('Ada');
    expect(displayNameOf({ email: 'ada@example.com', user_metadata: {} })).toBe('ada');
    expect(displayNameOf({ email: '', user_metadata: { display_name: '' } })).toBeNull();
  });
});
