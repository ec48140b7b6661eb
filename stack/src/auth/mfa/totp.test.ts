import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, qrSvg, totpAt, verifyTotp } from './totp.ts';

describe('TOTP', () => {
  it('agrees with an independent implementation', () => {
    const secret = newTotpSecret();
    const other = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const now = Date.now();
    expect(totpAt(secret, Math.floor(now / 30_000))).toBe(other.generate({ timestamp: now }));
    expect(verifyTotp(secret, other.generate({ timestamp: now - 30_000 }), now)).toBe(true);
    expect(verifyTotp(secret, other.generate({ timestamp: now - 90_000 }), now)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from('hello world, sheaf');
    expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('renders the QR code as an SVG document', async () => {
    const svg = await qrSvg('otpauth://totp/x:y?secret=ABC');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Usable unencoded in a data: URL, as auth-js uses it.
    expect(svg).not.toContain('#');
  });
});
