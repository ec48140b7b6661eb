// Every Sheaf function answers 401 { error: { code: 'unauthorized' } } for any token it cannot
// verify — never a 500. Among them the one that broke export-data: a header that says RS256 on a
// token signed with the project's ES256 key (WebCrypto throws when importing the key for it).
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { claimsFor, createUser, startSheafStack, type TestUser } from './support/sheaf-stack.ts';

const FUNCTIONS = ['share-notebook', 'export-data', 'delete-account'];

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The same token with its header replaced (payload and signature kept). */
function withHeader(token: string, header: unknown): string {
  const [, payload, signature] = token.split('.');
  return `${b64(header)}.${payload}.${signature}`;
}

async function unverifiableTokens(stack: TestStack, user: TestUser): Promise<[string, string][]> {
  const valid = await stack.keys.signAccessToken(claimsFor(user));
  const kid = (stack.keys.jwks.keys[0] as { kid: string }).kid;
  const [, payload] = valid.split('.');
  const wrongSecret = await new SignJWT(claimsFor(user))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!'));
  return [
    [
      'an ES256 signature under an RS256 header',
      withHeader(valid, { alg: 'RS256', kid, typ: 'JWT' }),
    ],
    [
      'an ES256 signature under an ES512 header',
      withHeader(valid, { alg: 'ES512', kid, typ: 'JWT' }),
    ],
    [
      'an ES256 signature under a PS256 header',
      withHeader(valid, { alg: 'PS256', kid, typ: 'JWT' }),
    ],
    ['an unknown key id', withHeader(valid, { alg: 'ES256', kid: 'nope', typ: 'JWT' })],
    ['alg none without a signature', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['HS256 with another secret', wrongSecret],
    ['a header that is not JSON', `${b64('{nope')}.${payload}.c2ln`],
    ['a payload that is not JSON', `${b64({ alg: 'ES256', kid })}.${b64('[[')}.c2ln`],
    ['two segments', `${b64({ alg: 'ES256', kid })}.${payload}`],
    ['plain text', 'not-a-token'],
    ['the anon key (no user)', stack.keys.anonKey],
    ['the publishable key', stack.keys.publishableKey],
  ];
}

describe.each(DRIVERS)('Sheaf functions and unverifiable tokens on %s', (driver) => {
  let stack: TestStack;
  let user: TestUser;
  let tokens: [string, string][];
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    user = await createUser(stack.db, 'tokens');
    tokens = await unverifiableTokens(stack, user);
  });
  afterAll(() => stack?.close());

  it.each(FUNCTIONS)('%s answers 401 unauthorized for every unverifiable token', async (name) => {
    for (const [label, token] of tokens) {
      const res = await fetch(`${stack.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          apikey: stack.keys.anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ confirm: true }),
      });
      expect(res.status, label).toBe(401);
      expect(await res.json(), label).toEqual({
        error: { code: 'unauthorized', message: 'Sign in to use this function.' },
      });
    }
    const still = await stack.db.query('select 1 from auth.users where id = $1', [user.id]);
    expect(still.rows).toHaveLength(1);
  });

  it('still accepts the genuine token', async () => {
    const token = await stack.keys.signAccessToken(claimsFor(user));
    const res = await fetch(`${stack.url}/functions/v1/export-data?format=json`, {
      headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });
});
