// API keys at the gateway: besides the project's exact keys, any unexpired JWT signed with the
// project's JWT secret or its signing keys (an RS256 key here, as auth-js's own fixtures use) —
// and nothing else. Such a key gives its role; it does not sign the request in.
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHs256 } from '../../src/keys/legacy.ts';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, uniqueEmail } from './helpers.ts';

const MIGRATION = `
create table public.notes_for_keys (id int primary key, owner uuid, body text);
alter table public.notes_for_keys enable row level security;
create policy "own notes" on public.notes_for_keys for select to authenticated using (owner = auth.uid());
grant select on public.notes_for_keys to anon, authenticated, service_role;
insert into public.notes_for_keys values (1, null, 'nobody''s');
`;

describe.each(DRIVERS)('API keys at the gateway on %s', (driver) => {
  let stack: TestStack;
  let rsa: JWK;
  const now = () => Math.floor(Date.now() / 1000);
  const signRs256 = async (claims: Record<string, unknown>, jwk = rsa) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'JWT' })
      .sign(await importJWK(jwk, 'RS256'));

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    rsa = { ...(await exportJWK(privateKey)), kid: 'rsa-test', alg: 'RS256' };
    stack = await startTestStack({
      driver,
      migrations: { '1_notes.sql': MIGRATION },
      files: { 'signing_keys.json': JSON.stringify([rsa]) },
    });
  });
  afterAll(() => stack?.close());

  const rest = (apikey: string, authorization?: string) =>
    fetch(`${stack.url}/rest/v1/notes_for_keys?select=id`, {
      headers: { apikey, ...(authorization ? { authorization } : {}) },
    });

  it('accepts a service_role JWT signed with the project signing key as the API key', async () => {
    const key = await signRs256({ role: 'service_role', exp: now() + 600 });
    const res = await rest(key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1 }]); // service_role bypasses RLS
    const admin = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: { apikey: key, authorization: `Bearer ${key}` },
    });
    expect(admin.status).toBe(200);
  });

  it('accepts a JWT signed with the JWT secret; as a key it gives its role, not a sign-in', async () => {
    const anon = signHs256({ role: 'anon', exp: now() + 600 }, stack.config.auth.jwtSecret);
    expect((await rest(anon)).status).toBe(200);
    const { data } = await client(stack).auth.signUp({
      email: uniqueEmail('key'),
      password: 'secret-password',
    });
    await stack.db.query(`insert into public.notes_for_keys values (2, $1, 'mine')`, [
      data.user!.id,
    ]);
    // A user's access token as the only key: authenticated, but not that user...
    const asKey = await rest(data.session!.access_token);
    expect(asKey.status).toBe(200);
    expect(await asKey.json()).toEqual([]);
    const me = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: data.session!.access_token },
    });
    expect(await me.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
    // ...which the Authorization header does.
    const mine = await rest(data.session!.access_token, `Bearer ${data.session!.access_token}`);
    expect(await mine.json()).toEqual([{ id: 2 }]);
  });

  it('refuses JWTs not signed by the project, expired ones and anything else', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const stranger = { ...(await exportJWK(privateKey)), kid: 'rsa-test', alg: 'RS256' };
    const refused = [
      await signRs256({ role: 'service_role', exp: now() + 600 }, stranger),
      await signRs256({ role: 'service_role', exp: now() - 600 }),
      signHs256(
        { role: 'service_role', exp: now() + 600 },
        'not-the-secret-but-32-characters-long',
      ),
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
      'sb_publishable_not-the-key',
    ];
    for (const key of refused) {
      const res = await rest(key);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
    }
  });
});
