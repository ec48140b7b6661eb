import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET, parseConfig } from '../config/config.ts';
import { deriveLegacyKeys, signHs256 } from './legacy.ts';
import { JwtError, loadKeys } from './keys.ts';

// The keys `supabase status` prints for the CLI's default JWT secret.
const CLI_ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const CLI_SERVICE =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

describe('legacy keys', () => {
  it('derives the same anon and service_role keys as the Supabase CLI for its default secret', () => {
    expect(deriveLegacyKeys(DEFAULT_JWT_SECRET)).toEqual({
      anonKey: CLI_ANON,
      serviceRoleKey: CLI_SERVICE,
    });
  });

  it('derives different keys for a different secret', () => {
    const keys = deriveLegacyKeys('another-secret-that-is-at-least-32-characters');
    expect(keys.anonKey).not.toBe(CLI_ANON);
    expect(keys.anonKey.split('.')[1]).toBe(CLI_ANON.split('.')[1]);
  });
});

describe('loadKeys', () => {
  async function freshKeys() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-keys-'));
    return { dir, keys: await loadKeys(parseConfig({}, dir)) };
  }

  it('creates the signing keys file once and reuses it', async () => {
    const { dir, keys } = await freshKeys();
    const file = JSON.parse(await readFile(path.join(dir, 'signing_keys.json'), 'utf8')) as {
      kid: string;
      d: string;
    }[];
    expect(file).toHaveLength(1);
    expect(file[0]!.d).toBeTruthy();
    const again = await loadKeys(parseConfig({}, dir));
    expect(again.jwks).toEqual(keys.jwks);
    expect(keys.jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs ES256 access tokens that verify, and rejects tampered and expired ones', async () => {
    const { keys } = await freshKeys();
    const now = Math.floor(Date.now() / 1000);
    const token = await keys.signAccessToken({ sub: 'u1', role: 'authenticated', exp: now + 60 });
    expect((await keys.verify(token)).sub).toBe('u1');
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'u2', role: 'service_role', exp: now + 60 }),
    ).toString('base64url');
    await expect(keys.verify(`${h}.${forged}.${s}`)).rejects.toBeInstanceOf(JwtError);
    const expired = await keys.signAccessToken({ sub: 'u1', exp: now - 10 });
    await expect(keys.verify(expired)).rejects.toMatchObject({ reason: 'expired' });
    await expect(keys.verify(`${h}.${p}`)).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('identifies each API key and nothing else', async () => {
    const { keys } = await freshKeys();
    expect(keys.identifyApiKey(keys.anonKey)).toEqual({ role: 'anon', kind: 'legacy' });
    expect(keys.identifyApiKey(keys.serviceRoleKey)).toEqual({
      role: 'service_role',
      kind: 'legacy',
    });
    expect(keys.identifyApiKey(keys.publishableKey)).toEqual({ role: 'anon', kind: 'publishable' });
    expect(keys.identifyApiKey(keys.secretKey)).toEqual({ role: 'service_role', kind: 'secret' });
    expect(keys.identifyApiKey('nope')).toBeUndefined();
  });

  it('takes as an API key any unexpired JWT the project signed, and nothing else', async () => {
    const { keys } = await freshKeys();
    const secret = parseConfig({}, '/tmp/x').auth.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    expect(await keys.resolveApiKey(keys.publishableKey)).toEqual({
      role: 'anon',
      kind: 'publishable',
    });
    const hs = signHs256({ role: 'service_role', exp: now + 60 }, secret);
    expect(await keys.resolveApiKey(hs)).toEqual({ role: 'service_role', kind: 'jwt' });
    const user = await keys.signAccessToken({ sub: 'u1', role: 'authenticated', exp: now + 60 });
    expect(await keys.resolveApiKey(user)).toEqual({ role: 'authenticated', kind: 'jwt' });
    const noRole = await keys.signAccessToken({ exp: now + 60 });
    expect(await keys.resolveApiKey(noRole)).toEqual({ role: 'anon', kind: 'jwt' });
    const refused = [
      signHs256({ role: 'service_role', exp: now + 60 }, 'some-other-secret-of-at-least-32-chars'),
      signHs256({ role: 'service_role', exp: now - 60 }, secret),
      await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(32))),
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
      'a.b.c',
      'sb_secret_not-the-key',
    ];
    for (const value of refused) expect(await keys.resolveApiKey(value)).toBeUndefined();
  });
});
