import type { Factor } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { factorName, factorPhone, maskedPhone, secondFactors } from './second-factors.ts';

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
  it('keeps authenticator apps and phones, not WebAuthn factors', () => {
    const kept = secondFactors([factor('totp'), factor('phone'), factor('webauthn')]);
    expect(kept.map((f) => f.factor_type)).toEqual(['totp', 'phone']);
  });

  it('gives a phone factor its number in E.164 form, as Auth stores it with or without +', () => {
    const [stored] = secondFactors([factor('phone', { phone: '447911123456' })]);
    expect(factorPhone(stored!)).toBe('+447911123456');
    expect(factorName(stored!)).toBe('Phone +447911123456');
    const [app] = secondFactors([factor('totp', { friendly_name: 'Laptop' })]);
    expect(factorPhone(app!)).toBe('');
    expect(factorName(app!)).toBe('Laptop');
  });

  it('shows only the last four digits before the second step is done', () => {
    expect(maskedPhone('+447911123456')).toBe('••••\u00a03456');
    expect(maskedPhone('')).toBe('');
  });
});
