import type { Factor } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  byPreference,
  factorKind,
  factorName,
  factorPhone,
  freshName,
  maskedPhone,
  secondFactors,
} from './second-factors.ts';

function factor(type: string, extra: Record<string, unknown> = {}): Factor {
  return {
    id: `${type}-1`,
    factor_type: type,
    status: 'verified',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...extra,
  } as Factor;
}

describe('second factors', () => {
  it('keeps authenticator apps, phones and security keys, and nothing else', () => {
    const kept = secondFactors([
      factor('totp'),
      factor('phone'),
      factor('webauthn'),
      factor('recovery_code'),
    ]);
    expect(kept.map((f) => f.factor_type)).toEqual(['totp', 'phone', 'webauthn']);
  });

  it('offers a security key first, then an authenticator app, then a phone', () => {
    const kept = secondFactors([
      factor('phone'),
      factor('totp', { id: 'a' }),
      factor('webauthn'),
      factor('totp', { id: 'b' }),
    ]);
    expect(byPreference(kept).map((f) => f.id)).toEqual(['webauthn-1', 'a', 'b', 'phone-1']);
    expect(kept.map((f) => f.factor_type)).toEqual(['phone', 'totp', 'webauthn', 'totp']);
  });

  it('gives a phone factor its number in E.164 form, as Auth stores it with or without +', () => {
    const [stored] = secondFactors([factor('phone', { phone: '447911123456' })]);
    expect(factorPhone(stored!)).toBe('+447911123456');
    expect(factorName(stored!)).toBe('Phone +447911123456');
    const [app] = secondFactors([factor('totp', { friendly_name: 'Laptop' })]);
    expect(factorPhone(app!)).toBe('');
    expect(factorName(app!)).toBe('Laptop');
  });

  it('names each kind, and a security key without a name as one', () => {
    const [key, app, phone] = secondFactors([
      factor('webauthn'),
      factor('totp'),
      factor('phone', { phone: '+447911123456' }),
    ]);
    expect(factorName(key!)).toBe('Security key');
    expect(factorKind(key!)).toBe('Security key or passkey');
    expect(factorName(app!)).toBe('Authenticator app');
    expect(factorKind(app!)).toBe('Authenticator app');
    expect(factorKind(phone!)).toBe('Codes by text message');
  });

  it('suggests a name for a new key that none of the others has', () => {
    expect(freshName('Security key', [])).toBe('Security key');
    const kept = secondFactors([
      factor('webauthn', { friendly_name: 'Security key' }),
      factor('totp', { friendly_name: 'Security key 2' }),
      factor('phone'),
    ]);
    expect(freshName('Security key', kept)).toBe('Security key 3');
  });

  it('shows only the last four digits before the second step is done', () => {
    expect(maskedPhone('+447911123456')).toBe('••••\u00a03456');
    expect(maskedPhone('')).toBe('');
  });
});
