// TOTP as RFC 6238 with Supabase Auth's parameters (SHA-1, 6 digits, 30 s, one step of skew),
// base32 secrets, the otpauth:// URI and the SVG QR code of that URI.
import { createHmac, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32 without padding (32 characters). */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export function totpAt(secret: string, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const offset = digest[digest.length - 1]! & 15;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** The 30-second step (the current one, or the one before or after) the code is for, if any. */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const step = Math.floor(now / 30_000);
  return [step - 1, step, step + 1].find((s) => totpAt(secret, s) === code);
}

/** Whether the code matches the current 30-second step or the one before/after. */
export const verifyTotp = (secret: string, code: string, now = Date.now()): boolean =>
  matchTotpStep(secret, code, now) !== undefined;

export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const q = new URLSearchParams({ algorithm: 'SHA1', digits: '6', issuer, period: '30', secret });
  return `otpauth://totp/${label}?${q.toString()}`;
}

/**
 * The QR code of the URI as an SVG document. auth-js prefixes it unencoded as a
 * `data:image/svg+xml;utf-8,` URL, where a `#` would end the URL, so colours are named (as
 * Supabase Auth's own SVG does).
 */
export async function qrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 0 });
  return svg.replaceAll('#000000', 'black').replaceAll('#ffffff', 'white');
}
